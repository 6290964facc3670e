import { z } from 'zod';
import { allSeats, type RngState, type Seat } from '../../engine/index.js';
import { colourRank, sameCard, type CrewScore, type MovementCard, type SailorCard } from './cards.js';

/*
 * Halunken & Spelunken's state, actions and events. The rules as the project plays them are in
 * docs/rules/halunken.md.
 *
 * States share what they do not change: `apply` copies the state object and replaces each array
 * it changes, never writing into an array of the state it was given (hence the readonly types).
 */

export const ROUNDS = 8;
export const LONG_GAME_GAMES = 3;
export const CARDS_PER_TAVERN = 3;
/** Black Jack on the board; captains are their seat numbers. */
export const BLACK_JACK = 'blackJack';
export type Piece = Seat | typeof BLACK_JACK;

export const halunkenOptions = z.object({
  /**
   * beginner: without Black Jack, 3-4 players. standard: with Black Jack, 2-4 players; with two
   * players the rulebook's two-player variant is played (Black Jack moves like a captain).
   */
  variant: z.enum(['beginner', 'standard']).default('standard'),
  /** Three games in a row, scores added (the rulebook's tip for a longer game). */
  long: z.boolean().default(false),
});
export type HalunkenOptions = z.infer<typeof halunkenOptions>;

/** How many players these options allow: the beginner game needs three or four. */
export function seatRange(options: Pick<HalunkenOptions, 'variant'>): { min: number; max: number } {
  return options.variant === 'beginner' ? { min: 3, max: 4 } : { min: 2, max: 4 };
}

export type HalunkenAction =
  /** Setup: put the captain on a free space and take that tavern's top card. */
  | { type: 'place'; space: number }
  /** Setup, standard game: the player with the lowest starting card puts Black Jack on a free space. */
  | { type: 'placeBlackJack'; space: number }
  /** Auction: hire Black Jack for this round with a sailor card worth more than the best offer. */
  | { type: 'bid'; card: SailorCard }
  | { type: 'pass' }
  /** Secretly choose this round's movement card. */
  | { type: 'choose'; card: MovementCard }
  /** Two-player game: the hirer secretly chooses Black Jack's card too (after his own). */
  | { type: 'chooseForBlackJack'; card: MovementCard }
  /** After the reveal: the number the single Rum stands for. */
  | { type: 'rum'; number: number }
  /** Take this card from the captain named by the decision (landing, robbery, or the two-player hirer). */
  | { type: 'steal'; card: SailorCard }
  /** Decline an optional theft after landing on a captain (he is displaced all the same). */
  | { type: 'skipSteal' }
  | { type: 'takeFromHarbour'; card: SailorCard }
  /** Black Jack, hired by nobody, took a card from you: which one goes to the harbour. */
  | { type: 'give'; card: SailorCard };

export interface Bid {
  readonly seat: Seat;
  readonly card: SailorCard;
}

/** A choice the game waits for in the middle of a round's resolution. */
export type Decision =
  /**
   * A captain landed on another captain and holds no more cards than he: he may take one of his
   * cards. In the two-player game also Black Jack landing on the opponent, for his hirer.
   */
  | { readonly kind: 'landingSteal'; readonly seat: Seat; readonly victim: Seat; readonly by: 'captain' | 'blackJack' }
  /** Black Jack passed a captain holding at least as many cards as the hirer: the hirer takes one. */
  | { readonly kind: 'robbery'; readonly seat: Seat; readonly victim: Seat }
  /**
   * A captain landed on Black Jack: he takes a harbour card; in the two-player game, when `hirer`
   * is set, he may take one of the hirer's cards instead.
   */
  | { readonly kind: 'harbour'; readonly seat: Seat; readonly hirer: Seat | null }
  /** Black Jack, hired by nobody, takes a card from this captain, who chooses which: to the harbour. */
  | { readonly kind: 'give'; readonly seat: Seat };

export type Phase =
  | { readonly name: 'placeCaptain'; readonly seat: Seat }
  | { readonly name: 'placeBlackJack'; readonly seat: Seat }
  /**
   * `order[0]` bids now. Three or four players: the others in `order` follow, once each. Two
   * players: they alternate until one passes (`passed`).
   */
  | { readonly name: 'auction'; readonly order: readonly Seat[]; readonly bids: readonly Bid[]; readonly passed: readonly Seat[] }
  | { readonly name: 'choose' }
  /** `seat` names the number for the single Rum laid by `piece` (Black Jack's: his hirer). */
  | { readonly name: 'rum'; readonly seat: Seat; readonly piece: Piece }
  /** Working through the queue; never seen between actions. */
  | { readonly name: 'resolve' }
  | { readonly name: 'decide'; readonly decision: Decision }
  | { readonly name: 'over'; readonly reason: 'finished' | 'tooFewPlayers' };

/** One revealed movement card of this round. */
export interface LaidCard {
  readonly piece: Piece;
  readonly card: MovementCard;
  /** Equal cards (two Rums too) cancel: the piece stays. */
  readonly cancelled: boolean;
  /** How far the piece moves; null when cancelled, or for a Rum not yet named. */
  readonly steps: number | null;
}

/** What is left to do in this round's resolution, first step first. */
export type Step =
  | { readonly kind: 'stay'; readonly seat: Seat }
  | { readonly kind: 'move'; readonly piece: Piece; readonly steps: number }
  | { readonly kind: 'displace'; readonly piece: Piece }
  /** Three or four players: Black Jack's own move after all captains. */
  | { readonly kind: 'blackJackTurn' }
  | { readonly kind: 'rob'; readonly victim: Seat }
  | { readonly kind: 'endRound' };

/** Public events of the latest action, in order. None of them holds hidden information. */
export type HalunkenEvent =
  | { type: 'gameStarted'; game: number; firstPlacer: Seat }
  | { type: 'captainPlaced'; seat: Seat; space: number; card: SailorCard }
  | { type: 'tavernsOpened' }
  | { type: 'blackJackPlaced'; seat: Seat; space: number }
  | { type: 'roundStarted'; round: number }
  | { type: 'auctionStarted'; seat: Seat }
  | { type: 'bid'; seat: Seat; card: SailorCard }
  /** `couldNotBid`: he had no sailor worth more than the best offer, so he passed without being asked. */
  | { type: 'passed'; seat: Seat; couldNotBid?: true }
  | { type: 'hired'; seat: Seat; card: SailorCard }
  | { type: 'notHired' }
  /** That a seat has chosen, never what. */
  | { type: 'chose'; seat: Seat; forBlackJack: boolean }
  | { type: 'revealed'; laid: LaidCard[] }
  /** `seat` null: Black Jack was hired by nobody and the number was drawn at random. */
  | { type: 'rumNamed'; piece: Piece; seat: Seat | null; number: number }
  | { type: 'moved'; piece: Piece; from: number; to: number; steps: number }
  | { type: 'tookTavernCard'; seat: Seat; space: number; card: SailorCard; nextTop: SailorCard | null }
  | { type: 'tavernEmpty'; seat: Seat; space: number }
  | { type: 'stole'; seat: Seat; from: Seat; card: SailorCard; by: 'captain' | 'blackJack' }
  | { type: 'declinedSteal'; seat: Seat; from: Seat }
  /** A theft that the rules did not allow. `seat` null: Black Jack hired by nobody. */
  | { type: 'noSteal'; seat: Seat | null; from: Seat; by: 'captain' | 'blackJack'; reason: 'moreCards' | 'noCards' }
  | { type: 'tookFromHarbour'; seat: Seat; card: SailorCard }
  | { type: 'harbourEmpty'; seat: Seat }
  /** To the harbour, for Black Jack hired by nobody. */
  | { type: 'gave'; seat: Seat; card: SailorCard }
  | { type: 'displaced'; piece: Piece; from: number; to: number }
  | { type: 'blackJackMoved'; card: number; from: number; to: number; passed: Seat[]; hirer: Seat | null }
  | { type: 'roundEnded'; round: number }
  /** `crews`: the crews scored, by colour in the posts (absent from events stored before it was added). */
  | { type: 'gameScored'; game: number; games: number; scores: (CrewScore | null)[]; crews?: SailorCard[][]; totals: number[] }
  | { type: 'resigned'; seat: Seat; removed: SailorCard[] }
  | { type: 'gameOver'; reason: 'finished' | 'tooFewPlayers' };

export interface HalunkenState {
  variant: HalunkenOptions['variant'];
  long: boolean;
  seats: number;
  /** The standard game with two seats: the two-player variant. */
  twoPlayer: boolean;
  /** Drawn from through `ownRng` only, so that the previous state keeps its own. */
  rng: Readonly<RngState>;
  /** 1-based; a long game plays `games` = 3 of them. */
  game: number;
  games: number;
  /** 0 during setup, then 1..8. */
  round: number;
  phase: Phase;
  /**
   * The sailor cards on each tavern; the top card is the last element. Only the top may be seen.
   * A tavern's list is replaced, never changed in place, like every list of the state.
   */
  taverns: readonly SailorCard[][];
  /** False while the captains are placed: the tavern cards still lie face down. */
  tavernsOpen: boolean;
  /** The sailor cards in front of each player (public). */
  crews: readonly (readonly SailorCard[])[];
  /** Black Jack's store: paid offers and the cards he took while hired by nobody. */
  harbour: readonly SailorCard[];
  /** Crews of players who left the game; out of play until the next deal. */
  removed: readonly SailorCard[];
  /** Space of each captain; null before it is placed and after its player left. */
  captains: readonly (number | null)[];
  blackJack: number | null;
  startCards: readonly (SailorCard | null)[];
  /** The player with the highest starting card: opens the auctions until someone hires Black Jack. */
  firstBidder: Seat | null;
  lastHirer: Seat | null;
  /** Who hired Black Jack this round. */
  hirer: Seat | null;
  /** Each player's unused movement cards (public: used cards lie open). */
  hands: readonly (readonly MovementCard[])[];
  played: readonly (readonly MovementCard[])[];
  /** Secret choices of this round; a chosen card stays in the hand until the reveal. */
  choices: readonly (MovementCard | null)[];
  blackJackChoice: MovementCard | null;
  /** Black Jack's face-down movement cards, top last; the order is secret. */
  blackJackDeck: readonly MovementCard[];
  blackJackPlayed: readonly MovementCard[];
  /** This round's revealed cards; empty before the reveal. */
  laid: readonly LaidCard[];
  queue: readonly Step[];
  /** Points of finished games (a long game adds three). */
  totals: readonly number[];
  gameScores: readonly (readonly number[])[];
  resigned: readonly boolean[];
  /** The latest action's events: every action starts a new list, so this one may grow in place. */
  events: HalunkenEvent[];
}

// ---------------------------------------------------------------------------------------------
// Small queries

const SEAT_LISTS: readonly (readonly Seat[])[] = [0, 1, 2, 3, 4].map(allSeats);

/** All seats in order (one shared list per table size: never change it). */
export const seatsOf = (s: HalunkenState): readonly Seat[] => SEAT_LISTS[s.seats] ?? allSeats(s.seats);
export const active = (s: HalunkenState, seat: Seat): boolean => !s.resigned[seat];
export const crewOf = (s: HalunkenState, seat: Seat): readonly SailorCard[] => s.crews[seat] as readonly SailorCard[];
export const crewSize = (s: HalunkenState, seat: Seat): number => crewOf(s, seat).length;
export const blackJackInPlay = (s: HalunkenState): boolean => s.variant === 'standard';

export function activeSeats(s: HalunkenState): readonly Seat[] {
  const all = seatsOf(s);
  return s.resigned.includes(true) ? all.filter((seat) => active(s, seat)) : all;
}

/** The first active seat at or after `seat`, in seat order. */
export function firstActiveFrom(s: HalunkenState, seat: Seat): Seat {
  for (let k = 0; k < s.seats; k++) {
    const candidate = (seat + k) % s.seats;
    if (active(s, candidate)) return candidate;
  }
  throw new Error('no active seat');
}

/** Active seats in seat order, starting at `seat` (or the next active one). */
export function activeSeatsFrom(s: HalunkenState, seat: Seat): Seat[] {
  const first = firstActiveFrom(s, seat);
  return seatsOf(s)
    .map((k) => (first + k) % s.seats)
    .filter((candidate) => active(s, candidate));
}

export function positionOf(s: HalunkenState, piece: Piece): number | null {
  return piece === BLACK_JACK ? s.blackJack : (s.captains[piece] ?? null);
}

export function setPosition(s: HalunkenState, piece: Piece, space: number): void {
  if (piece === BLACK_JACK) s.blackJack = space;
  else s.captains = replaced(s.captains, piece, space);
}

export function captainAt(s: HalunkenState, space: number, except: Piece | null = null): Seat | null {
  const seat = s.captains.findIndex((c, i) => c === space && i !== except);
  return seat < 0 ? null : seat;
}

/** The other piece on a space; a moment after landing two pieces share it. */
export function pieceAt(s: HalunkenState, space: number, except: Piece): Piece | null {
  const captain = captainAt(s, space, except);
  if (captain !== null) return captain;
  return except !== BLACK_JACK && s.blackJack === space ? BLACK_JACK : null;
}

export function isFree(s: HalunkenState, space: number): boolean {
  return captainAt(s, space) === null && s.blackJack !== space;
}

/** The player holding the lowest (or highest) starting card; equal values: colour order, yellow first. */
export function startCardHolder(s: HalunkenState, which: 'lowest' | 'highest'): Seat {
  const holders = activeSeats(s).filter((seat) => s.startCards[seat]);
  const sign = which === 'lowest' ? 1 : -1;
  holders.sort((a, b) => {
    const ca = s.startCards[a] as SailorCard;
    const cb = s.startCards[b] as SailorCard;
    return sign * (ca.value - cb.value) || colourRank(ca.colour) - colourRank(cb.colour);
  });
  return holders[0] as Seat;
}

// ---------------------------------------------------------------------------------------------
// Changing a state without touching the one it came from

/**
 * The next state, to be changed by the rules: it shares every list with `s` until it replaces one.
 * Spelled out rather than spread: an object of one fixed shape is several times faster to copy.
 */
export function nextStateOf(s: HalunkenState): HalunkenState {
  return {
    variant: s.variant,
    long: s.long,
    seats: s.seats,
    twoPlayer: s.twoPlayer,
    rng: s.rng,
    game: s.game,
    games: s.games,
    round: s.round,
    phase: s.phase,
    taverns: s.taverns,
    tavernsOpen: s.tavernsOpen,
    crews: s.crews,
    harbour: s.harbour,
    removed: s.removed,
    captains: s.captains,
    blackJack: s.blackJack,
    startCards: s.startCards,
    firstBidder: s.firstBidder,
    lastHirer: s.lastHirer,
    hirer: s.hirer,
    hands: s.hands,
    played: s.played,
    choices: s.choices,
    blackJackChoice: s.blackJackChoice,
    blackJackDeck: s.blackJackDeck,
    blackJackPlayed: s.blackJackPlayed,
    laid: s.laid,
    queue: s.queue,
    totals: s.totals,
    gameScores: s.gameScores,
    resigned: s.resigned,
    events: [],
  };
}

/** A copy of `items` with the one at `index` replaced. */
export function replaced<T>(items: readonly T[], index: number, item: T): T[] {
  const copy = items.slice();
  copy[index] = item;
  return copy;
}

/** `cards` without the first one equal to `card` (the same list when there is none). */
export function withoutCard(cards: readonly SailorCard[], card: SailorCard): readonly SailorCard[] {
  const i = cards.findIndex((c) => sameCard(c, card));
  return i < 0 ? cards : [...cards.slice(0, i), ...cards.slice(i + 1)];
}

/** `cards` without the first copy of `card` (the same list when there is none). */
export function withoutMovementCard(cards: readonly MovementCard[], card: MovementCard): readonly MovementCard[] {
  const i = cards.indexOf(card);
  return i < 0 ? cards : [...cards.slice(0, i), ...cards.slice(i + 1)];
}

export function addToCrew(s: HalunkenState, seat: Seat, card: SailorCard): void {
  s.crews = replaced(s.crews, seat, [...crewOf(s, seat), card]);
}

export function removeFromCrew(s: HalunkenState, seat: Seat, card: SailorCard): void {
  s.crews = replaced(s.crews, seat, withoutCard(crewOf(s, seat), card));
}

/** The state's own copy of its generator to draw from; the state it came from keeps its own. */
export function ownRng(s: HalunkenState): RngState {
  const rng = [...s.rng] as RngState;
  s.rng = rng;
  return rng;
}
