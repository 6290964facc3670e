/**
 * Test support for Shanghaien's rules tests: hand-made positions and random legal play.
 */
import { expect } from 'vitest';
import fc from 'fast-check';
import { seedRng, type Seat } from '../../engine/index.js';
import {
  DECK_SIZE,
  RULES_VERSION,
  ROUNDS,
  fullDeck,
  shanghaien,
  type Crew,
  type DieEffect,
  type Nation,
  type RowEnd,
  type SailorCard,
  type SailorValue,
  type ShanghaienAction,
  type ShanghaienEvent,
  type ShanghaienState,
  type TavernCard,
  type TrickCard,
} from './rules.js';

export const sailor = (nation: Nation, value: SailorValue): SailorCard => ({ kind: 'sailor', nation, value });
export const trick = (effect: DieEffect): TrickCard => ({ kind: 'trick', effect });

/** A row of six different sailors, so that tests can see which card went where. */
export const ROW: TavernCard[] = [
  sailor('american', 1),
  sailor('french', 2),
  sailor('german', 3),
  sailor('chinese', 4),
  sailor('dutch', 1),
  sailor('spanish', 2),
];

const key = (card: TavernCard) => JSON.stringify(card);

/** Removes one copy of each of `cards` from `from`; fails the test if one is missing. */
function without(from: TavernCard[], cards: TavernCard[]): TavernCard[] {
  const rest = [...from];
  for (const card of cards) {
    const i = rest.findIndex((c) => key(c) === key(card));
    expect(i, `card ${key(card)} is used twice`).toBeGreaterThanOrEqual(0);
    rest.splice(i, 1);
  }
  return rest;
}

/** Dice per seat from the card numbers they lie at (orientation 'left': card n is slot n-1). */
export function diceAt(first: RowEnd, ...perSeat: number[][]): number[][] {
  return perSeat.map((numbers) => {
    const counts = Array<number>(6).fill(0);
    for (const n of numbers) {
      const index = first === 'left' ? n - 1 : 6 - n;
      counts[index] = (counts[index] as number) + 1;
    }
    return counts;
  });
}

export interface PositionSpec {
  /** The rules version the game was opened under; the current one unless told. */
  rules?: number;
  row?: TavernCard[];
  first?: RowEnd | null;
  /** Card numbers where each seat's dice lie, e.g. [[2, 2, 3], [4]]. */
  dice?: number[][];
  round?: number;
  startPlayer?: Seat;
  current?: Seat;
  rolled?: [number, number] | null;
  trickUsed?: boolean[];
  crews?: Partial<Crew>[];
}

/**
 * A hand-made position, in round 4 unless told (so that crews can hold cards). Every one of the 48
 * cards is somewhere: the draw pile holds just enough cards for the remaining rounds; whatever is
 * left over counts as already out of the game.
 */
export function position(p: PositionSpec): ShanghaienState {
  const round = p.round ?? 4;
  const first = p.first === undefined ? 'left' : p.first;
  const row = p.row ?? ROW;
  const crews: Crew[] = [0, 1].map((seat) => ({ sailors: [], jokers: [], tricks: [], ...p.crews?.[seat] }));
  const used = [...row, ...crews.flatMap((c) => [...c.sailors, ...c.tricks, ...c.jokers.map((j) => trick(j.effect))])];
  const rest = without(fullDeck(), used);
  const pileSize = (ROUNDS - round) * 6;
  expect(rest.length).toBeGreaterThanOrEqual(pileSize);
  const startPlayer = p.startPlayer ?? 0;
  return {
    rules: p.rules ?? RULES_VERSION,
    rng: seedRng('test'),
    drawPile: rest.slice(0, pileSize),
    row,
    first,
    dice: first === null ? [Array<number>(6).fill(0), Array<number>(6).fill(0)] : diceAt(first, ...(p.dice ?? [[], []])),
    round,
    startPlayer,
    current: p.current ?? startPlayer,
    rolled: p.rolled ?? null,
    trickUsed: p.trickUsed ?? [false, false],
    crews,
    discarded: rest.slice(pileSize),
    over: false,
    resigned: null,
    events: [],
  };
}

/** Applies actions, each by the seat whose turn it is. */
export function act(s: ShanghaienState, ...actions: ShanghaienAction[]): ShanghaienState {
  return actions.reduce((state, a) => shanghaien.apply(state, state.current, a), s);
}

export const legal = (s: ShanghaienState) => shanghaien.legalActions(s, s.current);
export const ofType = <T extends ShanghaienEvent['type']>(s: ShanghaienState, type: T) =>
  s.events.filter((e): e is Extract<ShanghaienEvent, { type: T }> => e.type === type);
export const isTrickAction = (a: ShanghaienAction) => ['adjust', 'place-both', 'reroll', 'joker'].includes(a.type);

/** Every card of the game, wherever it is (a joker counts as its trick card). */
function allCards(s: ShanghaienState): TavernCard[] {
  return [...s.drawPile, ...s.row, ...s.discarded, ...s.crews.flatMap((c) => [...c.sailors, ...c.tricks, ...c.jokers.map((j) => trick(j.effect))])];
}

export function expectAllCardsAccountedFor(s: ShanghaienState): void {
  const cards = allCards(s);
  expect(cards).toHaveLength(DECK_SIZE);
  expect(cards.map(key).sort()).toEqual(fullDeck().map(key).sort());
}

// ---------------------------------------------------------------------------------------------
// Random legal play

/**
 * Plays a whole game from `seed`, each action picked by `pick` among the legal ones, under the
 * given rules version (the current one unless told). `check` sees every step.
 */
export function playRandomly(
  seed: string,
  pick: (n: number) => number,
  check?: (before: ShanghaienState, after: ShanghaienState) => void,
  rulesVersion?: number,
) {
  let s = shanghaien.setup({ seats: 2, seed, options: {}, rulesVersion });
  const log: [Seat, ShanghaienAction][] = [];
  const events: ShanghaienEvent[] = [...s.events];
  while (!shanghaien.isOver(s)) {
    const [seat] = shanghaien.toAct(s) as [Seat];
    const options = shanghaien.legalActions(s, seat);
    expect(options.length).toBeGreaterThan(0);
    const action = options[pick(options.length)] as ShanghaienAction;
    log.push([seat, action]);
    const next = shanghaien.apply(s, seat, action);
    check?.(s, next);
    events.push(...next.events);
    s = next;
    if (log.length > 1000) throw new Error('game did not end');
  }
  return { s, log, events };
}

export const game = fc.record({ seed: fc.string(), picks: fc.infiniteStream(fc.nat()) });
export const picker = (picks: fc.Stream<number>) => {
  const stream = picks[Symbol.iterator]();
  return (n: number) => (stream.next().value as number) % n;
};
