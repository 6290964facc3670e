/**
 * Hand-made Halunken & Spelunken positions and small helpers for the rules' tests: sailor cards by
 * colour, a position in any phase, running moves and picking events out.
 */
import { expect } from 'vitest';
import { seedRng, type Seat } from '../../engine/index.js';
import { halunken, type HalunkenAction, type HalunkenEvent, type HalunkenOptions, type HalunkenState, type Phase } from './rules.js';
import { BLACK_JACK_CARDS, CAPTAIN_CARDS, SAILOR_CARDS, sameCard, type MovementCard, type SailorCard } from './cards.js';
import { SPACES } from './board.js';
import { runMoves } from '../../../tests/support/moves.js';

// Sailor cards by colour: y(5) is the yellow 5, g grey, v violet, r red.
export const y = (value: number): SailorCard => ({ colour: 'yellow', value });
export const g = (value: number): SailorCard => ({ colour: 'grey', value });
export const v = (value: number): SailorCard => ({ colour: 'violet', value });
export const r = (value: number): SailorCard => ({ colour: 'red', value });

/**
 * A hand-made position, in the choose phase of round 1 unless told otherwise. Sailor cards not
 * placed anywhere are spread over the taverns that were not given, so all 42 stay in play.
 */
export function position(p: {
  variant?: HalunkenOptions['variant'];
  captains: (number | null)[];
  crews?: SailorCard[][];
  /** Tavern contents by space, top card last. */
  taverns?: Record<number, SailorCard[]>;
  harbour?: SailorCard[];
  blackJack?: number | null;
  /** Top card last. */
  blackJackDeck?: MovementCard[];
  hirer?: Seat | null;
  lastHirer?: Seat | null;
  firstBidder?: Seat | null;
  round?: number;
  hands?: MovementCard[][];
  phase?: Phase;
  tavernsOpen?: boolean;
}): HalunkenState {
  const seats = p.captains.length;
  const variant = p.variant ?? 'beginner';
  const twoPlayer = variant === 'standard' && seats === 2;
  const crews = p.crews ?? p.captains.map(() => []);
  const given = p.taverns ?? {};
  const used = [...crews.flat(), ...Object.values(given).flat(), ...(p.harbour ?? [])];
  for (const card of used) expect(used.filter((c) => sameCard(c, card))).toHaveLength(1);
  const rest = SAILOR_CARDS.filter((card) => !used.some((c) => sameCard(c, card)));
  const open = Array.from({ length: SPACES }, (_, i) => i).filter((space) => !(space in given));
  const taverns = Array.from({ length: SPACES }, (_, space) => [...(given[space] ?? [])]);
  rest.forEach((card, i) => taverns[open[i % open.length] as number]?.push(card));
  const hands = p.hands ?? p.captains.map(() => [...CAPTAIN_CARDS]);
  const defaultDeck = variant === 'beginner' ? [] : twoPlayer ? [...CAPTAIN_CARDS] : [...BLACK_JACK_CARDS];
  return {
    variant,
    long: false,
    seats,
    twoPlayer,
    rng: seedRng('test'),
    game: 1,
    games: 1,
    round: p.round ?? 1,
    phase: p.phase ?? { name: 'choose' },
    taverns,
    tavernsOpen: p.tavernsOpen ?? true,
    crews: crews.map((c) => [...c]),
    harbour: [...(p.harbour ?? [])],
    removed: [],
    captains: [...p.captains],
    blackJack: p.blackJack ?? null,
    startCards: crews.map((c) => c[0] ?? null),
    firstBidder: p.firstBidder ?? null,
    lastHirer: p.lastHirer ?? p.hirer ?? null,
    hirer: p.hirer ?? null,
    hands: hands.map((h) => [...h]),
    played: hands.map((h) => CAPTAIN_CARDS.filter((c) => !h.includes(c))),
    choices: p.captains.map(() => null),
    blackJackChoice: null,
    blackJackDeck: p.blackJackDeck ?? defaultDeck,
    blackJackPlayed: [],
    laid: [],
    queue: [],
    totals: p.captains.map(() => 0),
    gameScores: [],
    resigned: p.captains.map(() => false),
    events: [],
  };
}

/** Applies the actions in order and collects the events of those actions. */
export const run = (s: HalunkenState, ...moves: [Seat, HalunkenAction][]): { s: HalunkenState; events: HalunkenEvent[] } => runMoves(halunken, s, moves);

/** Every seat chooses its card, seat 0 first. */
export const chooseAll = (...cards: MovementCard[]): [Seat, HalunkenAction][] => cards.map((card, seat) => [seat, { type: 'choose', card }]);

export const ofType = <T extends HalunkenEvent['type']>(events: HalunkenEvent[], type: T) =>
  events.filter((e): e is Extract<HalunkenEvent, { type: T }> => e.type === type);

export const countCards = (s: HalunkenState) => s.taverns.flat().length + s.crews.flat().length + s.harbour.length + s.removed.length;

// Captains of the rulebook's examples, by seat.
export const BLUE = 0;
export const RED = 1;
export const GREEN = 2;
export const YELLOW = 3;
