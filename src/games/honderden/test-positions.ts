import { expect } from 'vitest';
import type { Seat } from '../../engine/index.js';
import {
  DECK_24,
  DECK_32,
  RANKS,
  honderden,
  type Card,
  type HonderdenAction,
  type HonderdenEvent,
  type HonderdenState,
  type Play,
  type RoemCategory,
  type Suit,
} from './rules.js';
import { runMoves } from '../../../tests/support/moves.js';

/** Hand-made Honderden positions and small helpers shared by the game's tests. */

export const carre: RoemCategory = { kind: 'carre' };
export const seq = (length: number, top: (typeof RANKS)[number]): RoemCategory => ({ kind: 'sequence', length, top });
export const declare = (roem: RoemCategory): HonderdenAction => ({ type: 'declare', roem });
export const reject = (roem: RoemCategory): HonderdenAction => ({ type: 'reject', roem });
export const play = (card: Card): HonderdenAction => ({ type: 'play', card });
export const take = (card: Card): HonderdenAction => ({ type: 'take', card });
export const STUK: HonderdenAction = { type: 'stuk' };
export const CLAIM: HonderdenAction = { type: 'claim' };
export const DONE: HonderdenAction = { type: 'done' };
export const SWAP: HonderdenAction = { type: 'swap' };

/**
 * A hand-made position. Two players: with a `trumpCard` the stock holds every card not placed
 * elsewhere (unless `stock` is given); without one the stock is empty (the second part).
 * `tricksPlayed` defaults to 1 (past the roem trick).
 */
export function position(p: {
  hands: Card[][];
  trump: Suit;
  trumpCard?: Card | null;
  stock?: Card[];
  won?: Card[][];
  tricksWon?: number[];
  tricksPlayed?: number;
  turn?: Seat;
  handLeader?: Seat;
  dealer?: Seat;
  trick?: Play[];
  carried?: number[];
  gamePoints?: number[];
  target?: number;
  handInGame?: number;
  turnedUp?: Card;
  known?: Card[][];
  /** The rules version (default: the current one). */
  version?: number;
}): HonderdenState {
  const seats = p.hands.length;
  const base = honderden.setup({ seats, seed: 'position', options: { target: p.target ?? 5 }, rulesVersion: p.version });
  const deck = seats === 2 ? DECK_32 : DECK_24;
  const trick = p.trick ?? [];
  const turn = p.turn ?? 0;
  const leader = trick[0]?.seat ?? turn;
  const won = p.won ?? p.hands.map(() => []);
  const placed = [...p.hands.flat(), ...won.flat(), ...trick.map((x) => x.card), ...(p.trumpCard ? [p.trumpCard] : [])];
  expect(new Set(placed).size).toBe(placed.length);
  const stock = p.stock ?? (p.trumpCard ? deck.filter((c) => !placed.includes(c)) : []);
  const all = [...placed, ...stock];
  expect(new Set(all).size).toBe(all.length);
  const handLeader = p.handLeader ?? leader;
  const zeros = p.hands.map(() => 0);
  return {
    ...base,
    dealer: p.dealer ?? (handLeader + seats - 1) % seats,
    handLeader,
    trump: p.trump,
    turnedUp: p.turnedUp ?? p.trumpCard ?? `A${p.trump}`,
    trumpCard: p.trumpCard ?? null,
    stock: [...stock],
    hands: p.hands.map((h) => [...h]),
    known: p.known ?? p.hands.map(() => []),
    won: won.map((w) => [...w]),
    tricksWon: p.tricksWon ?? won.map((w) => Math.floor(w.length / seats)),
    tricksPlayed: p.tricksPlayed ?? 1,
    trick: { leader, plays: [...trick] },
    lastTrick: null,
    lastTrickWinner: null,
    phase: 'play',
    turn,
    turnActed: false,
    stukThisTurn: false,
    openStatement: null,
    statements: [],
    standing: null,
    answered: [],
    roemShown: (p.tricksPlayed ?? 1) > 0,
    roem: [...zeros],
    stuk: p.hands.map(() => false),
    carried: p.carried ?? [...zeros],
    gamePoints: p.gamePoints ?? [...zeros],
    handInGame: p.handInGame ?? 1,
    lastResult: null,
    winner: null,
    events: [],
  };
}

/** Applies the actions in order and collects the events of those actions. */
export const run = (s: HonderdenState, ...moves: [Seat, HonderdenAction][]): { s: HonderdenState; events: HonderdenEvent[] } => runMoves(honderden, s, moves);

export const ofType = <T extends HonderdenEvent['type']>(events: HonderdenEvent[], type: T) =>
  events.filter((e): e is Extract<HonderdenEvent, { type: T }> => e.type === type);

export const legal = (s: HonderdenState, seat: Seat) => honderden.legalActions(s, seat);
export const plays = (s: HonderdenState, seat: Seat) => legal(s, seat).flatMap((a) => (a.type === 'play' ? [a.card] : []));
export const roemSteps = (s: HonderdenState, seat: Seat) => legal(s, seat).filter((a) => a.type === 'declare' || a.type === 'reject');
export const handEnded = (events: HonderdenEvent[]) => {
  const ended = ofType(events, 'handEnded');
  expect(ended).toHaveLength(1);
  return (ended[0] as Extract<HonderdenEvent, { type: 'handEnded' }>).result;
};

/**
 * A whole match of random legal play under a rules version, keen on roem (when a roem step is
 * offered, two times in three it is taken) and seldom claiming; `each` sees every state with the
 * one before it (null for the deal).
 */
export function playMatch(
  game: { seats: number; seed: string; version: number; picks: Iterable<number> },
  each: (s: HonderdenState, before: HonderdenState | null) => void,
): HonderdenState {
  const stream = game.picks[Symbol.iterator]();
  const pick = (n: number) => (stream.next().value as number) % n;
  let s = honderden.setup({ seats: game.seats, seed: game.seed, options: { target: 2 }, rulesVersion: game.version });
  each(s, null);
  for (let steps = 0; !honderden.isOver(s); steps++) {
    if (steps > 20000) throw new Error('match did not end');
    const seat = honderden.toAct(s)[0] as Seat;
    const legalNow = honderden.legalActions(s, seat);
    const keen = legalNow.filter((a) => a.type === 'declare' || a.type === 'reject');
    const calm = legalNow.filter((a) => a.type !== 'claim');
    const pool = keen.length > 0 && pick(3) > 0 ? keen : pick(60) === 0 ? legalNow : calm;
    const next = honderden.apply(s, seat, pool[pick(pool.length)] as HonderdenAction);
    each(next, s);
    s = next;
  }
  return s;
}
