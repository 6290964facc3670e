/**
 * Tiny games for testing the search on its own (not part of the registry): Nim, where everything
 * is open and the right move is known; Guess, where the one thing that matters is hidden from the
 * seat that must choose; Bluff, where the other seat's right answer depends on a card only he sees.
 */
import { z } from 'zod';
import { IllegalAction, randomInt, seedRng, type GameDefinition } from '../engine/index.js';

interface NimState {
  rules: number;
  pile: number;
  toMove: number;
  winner: number | null;
}

/** Take 1 to 3 from the pile; who takes the last one wins. Leaving a multiple of 4 wins. */
export const nim: GameDefinition<NimState, number, { pile: number }> = {
  id: 'nim',
  rulesVersion: 1,
  minSeats: 2,
  maxSeats: 2,
  options: z.object({ pile: z.number().int().min(1).default(10) }),
  setup: ({ options }) => ({ rules: 1, pile: options.pile, toMove: 0, winner: null }),
  toAct: (s) => (s.winner === null ? [s.toMove] : []),
  legalActions: (s) => [1, 2, 3].filter((n) => n <= s.pile),
  apply(s, seat, take) {
    if (seat !== s.toMove || !Number.isInteger(take) || take < 1 || take > Math.min(3, s.pile)) throw new IllegalAction('no');
    const pile = s.pile - take;
    return { ...s, pile, toMove: 1 - seat, winner: pile === 0 ? seat : null };
  },
  turnEnded: () => true,
  view: (s) => s,
  isOver: (s) => s.winner !== null,
  result: (s) => (s.winner === null ? null : { scores: [s.winner === 0 ? 1 : 0, s.winner === 1 ? 1 : 0], ranking: [[s.winner], [1 - s.winner]] }),
  resign: (s, seat) => ({ ...s, winner: 1 - seat }),
  determinize: (s) => s,
};

interface GuessState {
  rules: number;
  /** Seat 1's card, which seat 0 never sees. */
  card: 'red' | 'black';
  guess: 'red' | 'black' | null;
}

/** Seat 1 holds a card seat 0 cannot see; seat 0 names its colour and wins if right. */
export const guess: GameDefinition<GuessState, 'red' | 'black', Record<string, never>> = {
  id: 'guess',
  rulesVersion: 1,
  minSeats: 2,
  maxSeats: 2,
  options: z.object({}),
  setup: ({ seed }) => ({ rules: 1, card: randomInt(seedRng(seed), 2) === 0 ? 'red' : 'black', guess: null }),
  toAct: (s) => (s.guess === null ? [0] : []),
  legalActions: () => ['red', 'black'],
  apply(s, seat, colour) {
    if (seat !== 0 || s.guess !== null || (colour !== 'red' && colour !== 'black')) throw new IllegalAction('no');
    return { ...s, guess: colour };
  },
  turnEnded: () => true,
  view: (s, seat) => ({ guess: s.guess, ...(seat === 1 || s.guess !== null ? { card: s.card } : {}) }),
  isOver: (s) => s.guess !== null,
  result: (s) => {
    if (s.guess === null) return null;
    const right = s.guess === s.card;
    return { scores: [right ? 1 : 0, right ? 0 : 1], ranking: right ? [[0], [1]] : [[1], [0]] };
  },
  resign: (s) => s,
  // Seat 0 knows nothing of the card: any colour, from the seed alone.
  determinize: (s, seat, seed) => (seat === 1 ? s : { ...s, card: randomInt(seedRng(seed), 2) === 0 ? 'red' : 'black' }),
};

interface BluffState {
  rules: number;
  /** Seat 1's card, which seat 0 never sees. */
  card: 'red' | 'black';
  /** A coin nobody sees: whether the safe line wins. */
  coin: number;
  line: 'safe' | 'bold' | null;
  named: 'red' | 'black' | null;
}

const bluffDeal = (seed: string) => {
  const rng = seedRng(seed);
  return { card: randomInt(rng, 2) === 0 ? ('red' as const) : ('black' as const), coin: randomInt(rng, 10) };
};

/**
 * Seat 0 plays safe (he wins if a hidden coin says so, 4 times in 10) or bold, and then seat 1,
 * who sees his own card, names a colour: bold wins for seat 0 only if seat 1 names the wrong one.
 * Against a seat 1 who names his card, bold always loses; a search tree that makes his choice the
 * same whatever card he was dealt sees him right only half of the time, so bold looks better.
 */
export const bluff: GameDefinition<BluffState, 'safe' | 'bold' | 'red' | 'black', Record<string, never>> = {
  id: 'bluff',
  rulesVersion: 1,
  minSeats: 2,
  maxSeats: 2,
  options: z.object({}),
  setup: ({ seed }) => ({ rules: 1, ...bluffDeal(seed), line: null, named: null }),
  toAct: (s) => (s.line === null ? [0] : s.line === 'bold' && s.named === null ? [1] : []),
  legalActions: (s, seat) => (seat === 0 ? ['safe', 'bold'] : ['red', 'black']),
  apply(s, seat, action) {
    if (seat === 0 && s.line === null && (action === 'safe' || action === 'bold')) return { ...s, line: action };
    if (seat === 1 && s.line === 'bold' && s.named === null && (action === 'red' || action === 'black')) return { ...s, named: action };
    throw new IllegalAction('no');
  },
  turnEnded: () => true,
  view: (s, seat) => ({ line: s.line, named: s.named, ...(seat === 1 ? { card: s.card } : {}) }),
  isOver: (s) => s.line === 'safe' || s.named !== null,
  result: (s) => {
    const seat0Wins = s.line === 'safe' ? s.coin < 4 : s.line === 'bold' && s.named !== null ? s.named !== s.card : null;
    if (seat0Wins === null) return null;
    return { scores: [seat0Wins ? 1 : 0, seat0Wins ? 0 : 1], ranking: seat0Wins ? [[0], [1]] : [[1], [0]] };
  },
  resign: (s) => s,
  determinize: (s, seat, seed) => {
    const deal = bluffDeal(seed);
    return seat === 1 ? { ...s, coin: deal.coin } : { ...s, ...deal };
  },
  // Seat 1 names his own card.
  playoutAction: (s, seat, legal, rng) => (seat === 1 ? s.card : (legal[randomInt(rng, legal.length)] as 'safe' | 'bold')),
};
