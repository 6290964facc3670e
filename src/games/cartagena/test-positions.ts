/**
 * Test support for Cartagena's rules tests: hand-made positions and random legal play.
 */
import { expect } from 'vitest';
import { seedRng, type Seat } from '../../engine/index.js';
import { cartagena, CARDS_PER_SYMBOL, SHIP, START, SYMBOLS, type CartagenaAction, type CartagenaState, type CartagenaSymbol } from './rules.js';

export const S = {
  skull: 'skull',
  dagger: 'dagger',
  key: 'key',
  bottle: 'bottle',
  pistol: 'pistol',
  hat: 'hat',
} as const satisfies Record<string, CartagenaSymbol>;

/** A tunnel made of six segments, each a permutation of the symbols. */
export function tunnelOf(...segments: CartagenaSymbol[][]): CartagenaSymbol[] {
  for (const segment of segments) expect([...segment].sort()).toEqual([...SYMBOLS].sort());
  return segments.flat();
}

/**
 * A hand-made position under the current rules (or `rules`): every card not in a hand, the row
 * or the discards is in the draw pile.
 */
export function position(p: {
  tunnel: CartagenaSymbol[];
  pirates: number[][];
  hands: CartagenaSymbol[][];
  current?: Seat;
  version?: 'jamaica' | 'tortuga';
  rules?: number;
  row?: CartagenaSymbol[];
  drawPile?: CartagenaSymbol[];
  discardPile?: CartagenaSymbol[];
}): CartagenaState {
  const used = [...p.hands.flat(), ...(p.row ?? []), ...(p.discardPile ?? [])];
  const drawPile = p.drawPile ?? SYMBOLS.flatMap((symbol) => Array<CartagenaSymbol>(CARDS_PER_SYMBOL - used.filter((c) => c === symbol).length).fill(symbol));
  return {
    version: p.version ?? 'jamaica',
    rules: p.rules ?? cartagena.rulesVersion,
    seats: p.pirates.length,
    rng: seedRng('test'),
    tunnel: p.tunnel,
    pirates: p.pirates,
    hands: p.hands,
    drawPile,
    discardPile: p.discardPile ?? [],
    row: p.row ?? [],
    current: p.current ?? 0,
    actionsThisTurn: 0,
    turn: 1,
    winner: null,
    resigned: p.pirates.map(() => false),
    stalemate: false,
    events: [],
  };
}

export function act(s: CartagenaState, ...actions: CartagenaAction[]): CartagenaState {
  return actions.reduce((state, a) => cartagena.apply(state, state.current, a), s);
}

// Board of the rulebook's first two examples: skulls on 12, 17 and 23; yellow on 9; two pirates on 6; red on 8.
export const exampleTunnel = tunnelOf(
  [S.key, S.bottle, S.pistol, S.hat, S.dagger, S.skull],
  [S.dagger, S.key, S.bottle, S.pistol, S.hat, S.skull],
  [S.dagger, S.key, S.bottle, S.pistol, S.skull, S.hat],
  [S.dagger, S.key, S.bottle, S.pistol, S.skull, S.hat],
  [S.skull, S.dagger, S.key, S.bottle, S.pistol, S.hat],
  [S.skull, S.dagger, S.key, S.bottle, S.pistol, S.hat],
);

/**
 * A three-player game just won: Ann's hat from 36 boards her sixth pirate, while Ben has one pirate
 * aboard and two on 3, and Cees one aboard and one on 30 (the rest of both at the start).
 */
export function wonByAnnsHat(): CartagenaState {
  const s = position({
    tunnel: exampleTunnel,
    pirates: [
      [SHIP, SHIP, SHIP, SHIP, SHIP, 36],
      [SHIP, 3, 3, START, START, START],
      [SHIP, 30, START, START, START, START],
    ],
    hands: [[S.hat], [], []],
  });
  return act(s, { type: 'forward', card: S.hat, from: 36 });
}

/**
 * Plays random legal actions until the game ends, under the current rules unless `rulesVersion`
 * says otherwise; `check` sees every state and `onApply` every step.
 */
export function playRandomly(
  seats: number,
  seed: string,
  version: 'jamaica' | 'tortuga',
  pick: (n: number) => number,
  check?: (s: CartagenaState) => void,
  {
    rulesVersion,
    onApply,
  }: { rulesVersion?: number; onApply?: (before: CartagenaState, seat: Seat, action: CartagenaAction, after: CartagenaState) => void } = {},
): CartagenaState {
  let s = cartagena.setup({ seats, seed, options: { version }, rulesVersion });
  let actions = 0;
  while (!cartagena.isOver(s)) {
    const [seat] = cartagena.toAct(s) as [Seat];
    const legal = cartagena.legalActions(s, seat);
    // Prefer moving over ending the turn early, so games finish in a sensible number of steps.
    const moves = legal.filter((a) => a.type !== 'end');
    const choices = moves.length > 0 && pick(4) > 0 ? moves : legal;
    const action = choices[pick(choices.length)] as CartagenaAction;
    const next = cartagena.apply(s, seat, action);
    onApply?.(s, seat, action, next);
    s = next;
    check?.(s);
    if (++actions > 20_000) throw new Error('game did not end');
  }
  return s;
}

/** The move of the last step: a pirate forward or back. */
export const lastMove = (s: CartagenaState) => s.events.find((e) => e.type === 'forward' || e.type === 'back');

/** Every card of the game, wherever it lies: hands, deck, discards and the open row. */
export const countAllCards = (s: CartagenaState) => s.hands.flat().length + s.drawPile.length + s.discardPile.length + s.row.length;
