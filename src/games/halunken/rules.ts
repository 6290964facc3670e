import { z } from 'zod';
import {
  IllegalAction,
  allSeats,
  randomInt,
  rankSeats,
  removeOne,
  seedRng,
  shuffleInPlace,
  type GameDefinition,
  type GameResult,
  type RngState,
  type Seat,
} from '../../engine/index.js';
import { SPACES, nextFreeSpace, spaceAhead } from './board.js';
import {
  BLACK_JACK_CARDS,
  CAPTAIN_CARDS,
  RUM,
  RUM_NUMBERS,
  SAILOR_CARDS,
  colourRank,
  compareMovementCards,
  removeCard,
  scoreCrew,
  sortCards,
  type CrewScore,
  type MovementCard,
  type SailorCard,
} from './cards.js';

/*
 * Halunken & Spelunken. Captains walk a ring of 14 taverns for 8 rounds, hiring the sailor card
 * on top of the tavern where they stop; the standard game adds Black Jack, hired each round by
 * auction, who robs the captains he passes. The rules as the project decided them are in
 * shared/rules/NOTES.md, section 3; the decisions this engine adds where the rules are silent are
 * marked "Decided" below.
 *
 * Decided, for every choice: when the seat the game waits for has exactly one legal action
 * (a pass when no card beats the best offer, the last movement card, a robbery or gift from a
 * one-card crew, the only harbour card), the engine takes it for him at once. `toAct` therefore
 * only ever names seats with a real choice.
 *
 * Other decisions, each explained where it is applied:
 * - robbing after landing on a captain is optional (the rulebook says "may"); Black Jack's
 *   robberies in passing and taking a harbour card are not;
 * - two players: an opening pass in the auction still gives the other player one turn; the hirer
 *   chooses his own card first, then Black Jack's; Black Jack landing on his own hirer displaces
 *   him; the Rum of an unhired Black Jack stands for a random free number;
 * - a long game's second and third deals are placed from the next seat on;
 * - a player who leaves: see `resign`.
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

// ---------------------------------------------------------------------------------------------
// Types

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
  | { type: 'passed'; seat: Seat }
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
  | { type: 'gameScored'; game: number; games: number; scores: (CrewScore | null)[]; totals: number[] }
  | { type: 'resigned'; seat: Seat; removed: SailorCard[] }
  | { type: 'gameOver'; reason: 'finished' | 'tooFewPlayers' };

export interface HalunkenState {
  variant: HalunkenOptions['variant'];
  long: boolean;
  seats: number;
  /** The standard game with two seats: the two-player variant. */
  twoPlayer: boolean;
  rng: RngState;
  /** 1-based; a long game plays `games` = 3 of them. */
  game: number;
  games: number;
  /** 0 during setup, then 1..8. */
  round: number;
  phase: Phase;
  /** The sailor cards on each tavern; the top card is the last element. Only the top may be seen. */
  taverns: SailorCard[][];
  /** False while the captains are placed: the tavern cards still lie face down. */
  tavernsOpen: boolean;
  /** The sailor cards in front of each player (public). */
  crews: SailorCard[][];
  /** Black Jack's store: paid offers and the cards he took while hired by nobody. */
  harbour: SailorCard[];
  /** Crews of players who left the game; out of play until the next deal. */
  removed: SailorCard[];
  /** Space of each captain; null before it is placed and after its player left. */
  captains: (number | null)[];
  blackJack: number | null;
  startCards: (SailorCard | null)[];
  /** The player with the highest starting card: opens the auctions until someone hires Black Jack. */
  firstBidder: Seat | null;
  lastHirer: Seat | null;
  /** Who hired Black Jack this round. */
  hirer: Seat | null;
  /** Each player's unused movement cards (public: used cards lie open). */
  hands: MovementCard[][];
  played: MovementCard[][];
  /** Secret choices of this round; a chosen card stays in the hand until the reveal. */
  choices: (MovementCard | null)[];
  blackJackChoice: MovementCard | null;
  /** Black Jack's face-down movement cards, top last; the order is secret. */
  blackJackDeck: MovementCard[];
  blackJackPlayed: MovementCard[];
  /** This round's revealed cards; empty before the reveal. */
  laid: LaidCard[];
  queue: Step[];
  /** Points of finished games (a long game adds three). */
  totals: number[];
  gameScores: number[][];
  resigned: boolean[];
  events: HalunkenEvent[];
}

// ---------------------------------------------------------------------------------------------
// Small queries

const seatsOf = (s: HalunkenState): Seat[] => allSeats(s.seats);
const active = (s: HalunkenState, seat: Seat): boolean => !s.resigned[seat];
const activeSeats = (s: HalunkenState): Seat[] => seatsOf(s).filter((seat) => active(s, seat));
const crewOf = (s: HalunkenState, seat: Seat): SailorCard[] => s.crews[seat] as SailorCard[];
const crewSize = (s: HalunkenState, seat: Seat): number => crewOf(s, seat).length;
const blackJackInPlay = (s: HalunkenState): boolean => s.variant === 'standard';

/** The first active seat at or after `seat`, in seat order. */
function firstActiveFrom(s: HalunkenState, seat: Seat): Seat {
  for (let k = 0; k < s.seats; k++) {
    const candidate = (seat + k) % s.seats;
    if (active(s, candidate)) return candidate;
  }
  throw new Error('no active seat');
}

/** Active seats in seat order, starting at `seat` (or the next active one). */
function activeSeatsFrom(s: HalunkenState, seat: Seat): Seat[] {
  const first = firstActiveFrom(s, seat);
  return seatsOf(s)
    .map((k) => (first + k) % s.seats)
    .filter((candidate) => active(s, candidate));
}

function positionOf(s: HalunkenState, piece: Piece): number | null {
  return piece === BLACK_JACK ? s.blackJack : (s.captains[piece] ?? null);
}

function setPosition(s: HalunkenState, piece: Piece, space: number): void {
  if (piece === BLACK_JACK) s.blackJack = space;
  else s.captains[piece] = space;
}

function captainAt(s: HalunkenState, space: number, except: Piece | null = null): Seat | null {
  const seat = s.captains.findIndex((c, i) => c === space && i !== except);
  return seat < 0 ? null : seat;
}

/** The other piece on a space; a moment after landing two pieces share it. */
function pieceAt(s: HalunkenState, space: number, except: Piece): Piece | null {
  const captain = captainAt(s, space, except);
  if (captain !== null) return captain;
  return except !== BLACK_JACK && s.blackJack === space ? BLACK_JACK : null;
}

function isFree(s: HalunkenState, space: number): boolean {
  return captainAt(s, space) === null && s.blackJack !== space;
}

/** The player holding the lowest (or highest) starting card; equal values: colour order, yellow first. */
function startCardHolder(s: HalunkenState, which: 'lowest' | 'highest'): Seat {
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
// Setup

function setup({ seats, seed, options }: { seats: number; seed: string; options: HalunkenOptions }): HalunkenState {
  const range = seatRange(options);
  if (!Number.isInteger(seats) || seats < range.min || seats > range.max) {
    throw new RangeError(`Halunken & Spelunken (${options.variant}) needs ${range.min} to ${range.max} players`);
  }
  const s: HalunkenState = {
    variant: options.variant,
    long: options.long,
    seats,
    twoPlayer: options.variant === 'standard' && seats === 2,
    rng: seedRng(seed),
    game: 0,
    games: options.long ? LONG_GAME_GAMES : 1,
    round: 0,
    phase: { name: 'placeCaptain', seat: 0 },
    taverns: [],
    tavernsOpen: false,
    crews: [],
    harbour: [],
    removed: [],
    captains: [],
    blackJack: null,
    startCards: [],
    firstBidder: null,
    lastHirer: null,
    hirer: null,
    hands: [],
    played: [],
    choices: [],
    blackJackChoice: null,
    blackJackDeck: [],
    blackJackPlayed: [],
    laid: [],
    queue: [],
    totals: allSeats(seats).map(() => 0),
    gameScores: [],
    resigned: allSeats(seats).map(() => false),
    events: [],
  };
  startGame(s, 1);
  settle(s);
  return s;
}

/**
 * A fresh deal: three face-down sailor cards on every tavern, new movement cards, Black Jack's
 * deck shuffled. Decided: game 1 is placed from seat 0 on, and each further game of a long game
 * starts with the next seat.
 */
function startGame(s: HalunkenState, game: number): void {
  const seats = seatsOf(s);
  const deck = shuffleInPlace(
    s.rng,
    SAILOR_CARDS.map((card) => ({ ...card })),
  );
  s.game = game;
  s.round = 0;
  s.taverns = Array.from({ length: SPACES }, (_, i) => deck.slice(i * CARDS_PER_TAVERN, (i + 1) * CARDS_PER_TAVERN));
  s.tavernsOpen = false;
  s.crews = seats.map(() => []);
  s.harbour = [];
  s.removed = [];
  s.captains = seats.map(() => null);
  s.blackJack = null;
  s.startCards = seats.map(() => null);
  s.firstBidder = null;
  s.lastHirer = null;
  s.hirer = null;
  s.hands = seats.map(() => [...CAPTAIN_CARDS]);
  s.played = seats.map(() => []);
  s.choices = seats.map(() => null);
  s.blackJackChoice = null;
  // The two-player game gives Black Jack a spare captain's set (1-7 and Rum) instead of his own.
  const blackJackCards = !blackJackInPlay(s) ? [] : s.twoPlayer ? CAPTAIN_CARDS : BLACK_JACK_CARDS;
  s.blackJackDeck = shuffleInPlace(s.rng, [...blackJackCards]);
  s.blackJackPlayed = [];
  s.laid = [];
  s.queue = [];
  const first = firstActiveFrom(s, (game - 1) % s.seats);
  s.phase = { name: 'placeCaptain', seat: first };
  s.events.push({ type: 'gameStarted', game, firstPlacer: first });
}

function placeCaptain(s: HalunkenState, seat: Seat, space: number): void {
  s.captains[seat] = space;
  const card = (s.taverns[space] as SailorCard[]).pop() as SailorCard;
  crewOf(s, seat).push(card);
  s.startCards[seat] = card;
  s.events.push({ type: 'captainPlaced', seat, space, card });
  continuePlacement(s, seat);
}

/** The next player (in seat order) without a captain places his; once all are placed, the cards are turned up. */
function continuePlacement(s: HalunkenState, after: Seat): void {
  for (let k = 1; k <= s.seats; k++) {
    const seat = (after + k) % s.seats;
    if (active(s, seat) && s.captains[seat] === null) {
      s.phase = { name: 'placeCaptain', seat };
      return;
    }
  }
  s.tavernsOpen = true;
  s.events.push({ type: 'tavernsOpened' });
  if (!blackJackInPlay(s)) {
    startRound(s);
    return;
  }
  s.firstBidder = startCardHolder(s, 'highest');
  s.phase = { name: 'placeBlackJack', seat: startCardHolder(s, 'lowest') };
}

function placeBlackJack(s: HalunkenState, seat: Seat, space: number): void {
  s.blackJack = space;
  s.events.push({ type: 'blackJackPlaced', seat, space });
  startRound(s);
}

// ---------------------------------------------------------------------------------------------
// Rounds: auction, secret choice, reveal

function startRound(s: HalunkenState): void {
  s.round++;
  s.hirer = null;
  s.laid = [];
  s.choices = seatsOf(s).map(() => null);
  s.blackJackChoice = null;
  s.events.push({ type: 'roundStarted', round: s.round });
  if (blackJackInPlay(s)) startAuction(s);
  else s.phase = { name: 'choose' };
}

/**
 * The last hirer opens; while nobody has hired yet, the player with the highest starting card.
 * Decided: if that player has left, the next active seat after him opens.
 */
function startAuction(s: HalunkenState): void {
  const starter = firstActiveFrom(s, s.lastHirer ?? s.firstBidder ?? 0);
  const order = s.twoPlayer ? [starter] : activeSeatsFrom(s, starter);
  s.phase = { name: 'auction', order, bids: [], passed: [] };
  s.events.push({ type: 'auctionStarted', seat: starter });
}

type AuctionPhase = Extract<Phase, { name: 'auction' }>;

function bestBid(bids: readonly Bid[]): Bid | null {
  return bids[bids.length - 1] ?? null;
}

/**
 * Three or four players: everyone acts once in order, then the best offer wins. Two players: they
 * alternate until one passes. Decided: an opening pass still gives the other player one turn; an
 * offer then wins at once.
 */
function auctionAction(s: HalunkenState, seat: Seat, bid: SailorCard | null): void {
  const p = s.phase as AuctionPhase;
  const bids = bid ? [...p.bids, { seat, card: bid }] : p.bids;
  const passed = bid ? p.passed : [...p.passed, seat];
  s.events.push(bid ? { type: 'bid', seat, card: bid } : { type: 'passed', seat });
  if (!s.twoPlayer) {
    const order = p.order.slice(1);
    if (order.length === 0) concludeAuction(s, bestBid(bids));
    else s.phase = { ...p, order, bids, passed };
    return;
  }
  const other = activeSeats(s).find((x) => x !== seat) as Seat;
  const best = bestBid(bids);
  const otherStillBidding = !passed.includes(other) && best?.seat !== other;
  if (otherStillBidding) s.phase = { ...p, order: [other], bids, passed };
  else concludeAuction(s, best);
}

/** The best offer is paid into the harbour and hires Black Jack for this round. */
function concludeAuction(s: HalunkenState, best: Bid | null): void {
  if (best) {
    removeCard(crewOf(s, best.seat), best.card);
    s.harbour.push(best.card);
    s.hirer = best.seat;
    s.lastHirer = best.seat;
    s.events.push({ type: 'hired', seat: best.seat, card: best.card });
  } else {
    s.events.push({ type: 'notHired' });
  }
  s.phase = { name: 'choose' };
}

/** Seats that still owe a secret choice (the two-player hirer: his own, then Black Jack's). */
function stillChoosing(s: HalunkenState): Seat[] {
  return activeSeats(s).filter(
    (seat) => s.choices[seat] === null || (s.twoPlayer && s.hirer === seat && s.blackJackChoice === null),
  );
}

function choose(s: HalunkenState, seat: Seat, card: MovementCard, forBlackJack: boolean): void {
  if (forBlackJack) s.blackJackChoice = card;
  else s.choices[seat] = card;
  s.events.push({ type: 'chose', seat, forBlackJack });
  if (stillChoosing(s).length === 0) reveal(s);
}

/** All cards are turned at once; equal cards (two Rums too) cancel. */
function reveal(s: HalunkenState): void {
  const cards: { piece: Piece; card: MovementCard }[] = [];
  for (const seat of activeSeats(s)) {
    const card = s.choices[seat] as MovementCard;
    removeOne(s.hands[seat] as MovementCard[], card);
    (s.played[seat] as MovementCard[]).push(card);
    cards.push({ piece: seat, card });
  }
  if (s.twoPlayer) {
    // Hired: the card his hirer chose. Hired by nobody: his cards are shuffled and the top one turned.
    let card: MovementCard;
    if (s.hirer !== null && s.blackJackChoice !== null) {
      card = s.blackJackChoice;
      removeOne(s.blackJackDeck, card);
    } else {
      shuffleInPlace(s.rng, s.blackJackDeck);
      card = s.blackJackDeck.pop() as MovementCard;
    }
    s.blackJackPlayed.push(card);
    cards.push({ piece: BLACK_JACK, card });
  }
  s.laid = cards.map(({ piece, card }) => {
    const cancelled = cards.filter((other) => other.card === card).length > 1;
    return { piece, card, cancelled, steps: cancelled || card === RUM ? null : card };
  });
  s.choices = seatsOf(s).map(() => null);
  s.blackJackChoice = null;
  s.events.push({ type: 'revealed', laid: [...s.laid] });

  const rum = s.laid.find((l) => l.card === RUM && !l.cancelled);
  if (rum) {
    if (rum.piece !== BLACK_JACK) {
      s.phase = { name: 'rum', seat: rum.piece, piece: rum.piece };
      return;
    }
    if (s.hirer !== null) {
      s.phase = { name: 'rum', seat: s.hirer, piece: BLACK_JACK };
      return;
    }
    // Decided: nobody holds the Rum of an unhired Black Jack, so its number is drawn at random.
    const allowed = rumNumbers(s, BLACK_JACK);
    nameRum(s, BLACK_JACK, null, allowed[randomInt(s.rng, allowed.length)] as number);
  }
  beginResolution(s);
}

/** A Rum may stand for any number 1-7 that no other piece laid this round (cancelled cards count too). */
function rumNumbers(s: HalunkenState, piece: Piece): number[] {
  const taken = new Set(s.laid.filter((l) => l.piece !== piece).map((l) => l.card));
  return RUM_NUMBERS.filter((n) => !taken.has(n));
}

function nameRum(s: HalunkenState, piece: Piece, seat: Seat | null, number: number): void {
  s.laid = s.laid.map((l) => (l.piece === piece ? { ...l, steps: number } : l));
  s.events.push({ type: 'rumNamed', piece, seat, number });
}

// ---------------------------------------------------------------------------------------------
// Resolution: a queue of steps, paused by decisions

/** Staying captains take their tavern card first; then the others move, lowest value first. */
function beginResolution(s: HalunkenState): void {
  const stays: Step[] = s.laid
    .filter((l) => l.cancelled && l.piece !== BLACK_JACK && active(s, l.piece))
    .map((l) => ({ kind: 'stay', seat: l.piece as Seat }));
  const moves: Step[] = s.laid
    .filter((l) => l.steps !== null && (l.piece === BLACK_JACK || active(s, l.piece)))
    .sort((a, b) => (a.steps as number) - (b.steps as number))
    .map((l) => ({ kind: 'move', piece: l.piece, steps: l.steps as number }));
  const blackJackTurn: Step[] = blackJackInPlay(s) && !s.twoPlayer ? [{ kind: 'blackJackTurn' }] : [];
  s.queue = [...stays, ...moves, ...blackJackTurn, { kind: 'endRound' }];
  s.phase = { name: 'resolve' };
}

function runQueue(s: HalunkenState): void {
  while (s.phase.name === 'resolve') {
    const step = s.queue.shift();
    if (!step) throw new Error('the round resolution ran out of steps');
    runStep(s, step);
  }
}

function runStep(s: HalunkenState, step: Step): void {
  switch (step.kind) {
    case 'stay':
      if (s.captains[step.seat] !== null) takeTavernCard(s, step.seat);
      return;
    case 'move':
      return move(s, step.piece, step.steps);
    case 'displace': {
      const from = positionOf(s, step.piece);
      if (from === null) return; // its player left meanwhile
      const to = nextFreeSpace(from, (space) => isFree(s, space));
      setPosition(s, step.piece, to);
      s.events.push({ type: 'displaced', piece: step.piece, from, to });
      return;
    }
    case 'blackJackTurn':
      return blackJackTurn(s);
    case 'rob':
      return rob(s, step.victim);
    case 'endRound':
      return endRound(s);
  }
}

function takeTavernCard(s: HalunkenState, seat: Seat): void {
  const space = s.captains[seat] as number;
  const tavern = s.taverns[space] as SailorCard[];
  const card = tavern.pop();
  if (!card) {
    s.events.push({ type: 'tavernEmpty', seat, space });
    return;
  }
  crewOf(s, seat).push(card);
  s.events.push({ type: 'tookTavernCard', seat, space, card, nextTop: tavern[tavern.length - 1] ?? null });
}

/**
 * A piece moves its steps clockwise. A captain takes the tavern card where it lands. A piece
 * already there is displaced to the next free space afterwards (a captain that has not moved yet
 * moves later from there); before that, the lander may rob or take from the harbour.
 */
function move(s: HalunkenState, piece: Piece, steps: number): void {
  const from = positionOf(s, piece);
  if (from === null) return; // its player left meanwhile
  const to = spaceAhead(from, steps);
  setPosition(s, piece, to);
  s.events.push({ type: 'moved', piece, from, to, steps });
  if (piece !== BLACK_JACK) takeTavernCard(s, piece); // Black Jack never takes tavern cards
  const other = pieceAt(s, to, piece);
  if (other === null) return;
  s.queue.unshift({ kind: 'displace', piece: other });
  if (piece === BLACK_JACK) blackJackLandsOn(s, other as Seat);
  else if (other === BLACK_JACK) offerHarbour(s, piece);
  else offerSteal(s, piece, other, 'captain');
}

/** Stealing after a landing is allowed when the thief holds no more cards than the victim. */
function offerSteal(s: HalunkenState, thief: Seat, victim: Seat, by: 'captain' | 'blackJack'): void {
  const reason = crewSize(s, victim) === 0 ? 'noCards' : crewSize(s, thief) > crewSize(s, victim) ? 'moreCards' : null;
  if (reason) s.events.push({ type: 'noSteal', seat: thief, from: victim, by, reason });
  else s.phase = { name: 'decide', decision: { kind: 'landingSteal', seat: thief, victim, by } };
}

/**
 * A captain landing on Black Jack takes a harbour card of his choice, whatever the counts. Two
 * players: the opponent of the hirer may instead take one of the hirer's cards (if he holds no more
 * cards than the hirer).
 */
function offerHarbour(s: HalunkenState, seat: Seat): void {
  const hirer = s.hirer;
  const mayRobHirer =
    s.twoPlayer && hirer !== null && hirer !== seat && crewSize(s, hirer) > 0 && crewSize(s, seat) <= crewSize(s, hirer);
  if (s.harbour.length === 0 && !mayRobHirer) s.events.push({ type: 'harbourEmpty', seat });
  else s.phase = { name: 'decide', decision: { kind: 'harbour', seat, hirer: mayRobHirer ? hirer : null } };
}

/**
 * Two players: Black Jack lands on a captain. Hired, he may rob the hirer's opponent (never the
 * hirer). Hired by nobody, he takes a card the captain chooses, to the harbour. Decided: his
 * hirer's own captain is displaced like any other.
 */
function blackJackLandsOn(s: HalunkenState, seat: Seat): void {
  if (s.hirer === null) giveToBlackJack(s, seat);
  else if (seat !== s.hirer) offerSteal(s, s.hirer, seat, 'blackJack');
}

function giveToBlackJack(s: HalunkenState, seat: Seat): void {
  if (crewSize(s, seat) === 0) s.events.push({ type: 'noSteal', seat: null, from: seat, by: 'blackJack', reason: 'noCards' });
  else s.phase = { name: 'decide', decision: { kind: 'give', seat } };
}

/**
 * Three or four players: Black Jack's top card is turned and he moves that far; landing on a
 * captain he goes on to the next free space. Every captain on the way counts as passed.
 */
export function blackJackPath(s: HalunkenState, from: number, steps: number): { to: number; passed: Seat[] } {
  const passed: Seat[] = [];
  let space = from;
  for (let step = 1; step < steps; step++) {
    space = spaceAhead(space, 1);
    const captain = captainAt(s, space);
    if (captain !== null) passed.push(captain);
  }
  space = spaceAhead(space, 1);
  for (let captain = captainAt(s, space); captain !== null; captain = captainAt(s, space)) {
    passed.push(captain);
    space = spaceAhead(space, 1);
  }
  return { to: space, passed };
}

function blackJackTurn(s: HalunkenState): void {
  const card = s.blackJackDeck.pop();
  if (s.blackJack === null || card === undefined || card === RUM) return;
  s.blackJackPlayed.push(card);
  const from = s.blackJack;
  const { to, passed } = blackJackPath(s, from, card);
  s.blackJack = to;
  s.events.push({ type: 'blackJackMoved', card, from, to, passed, hirer: s.hirer });
  // Robbed in passing order, so that each theft counts for the next condition; never the hirer.
  const robberies: Step[] = passed.filter((seat) => seat !== s.hirer).map((victim) => ({ kind: 'rob', victim }));
  s.queue.unshift(...robberies);
}

/**
 * Hired: the hirer takes a card of his choice from a passed captain holding at least as many
 * cards as the hirer holds now. Hired by nobody: every passed captain gives a card of his choice
 * to the harbour.
 */
function rob(s: HalunkenState, victim: Seat): void {
  if (!active(s, victim)) return;
  const hirer = s.hirer;
  if (hirer === null) {
    giveToBlackJack(s, victim);
    return;
  }
  const reason = crewSize(s, victim) === 0 ? 'noCards' : crewSize(s, victim) < crewSize(s, hirer) ? 'moreCards' : null;
  if (reason) s.events.push({ type: 'noSteal', seat: hirer, from: victim, by: 'blackJack', reason });
  else s.phase = { name: 'decide', decision: { kind: 'robbery', seat: hirer, victim } };
}

function decide(s: HalunkenState, seat: Seat, action: HalunkenAction): void {
  const decision = (s.phase as Extract<Phase, { name: 'decide' }>).decision;
  if (action.type === 'steal') {
    const from = decision.kind === 'harbour' ? (decision.hirer as Seat) : (decision as { victim: Seat }).victim;
    const by = decision.kind === 'landingSteal' ? decision.by : decision.kind === 'robbery' ? 'blackJack' : 'captain';
    removeCard(crewOf(s, from), action.card);
    crewOf(s, seat).push(action.card);
    s.events.push({ type: 'stole', seat, from, card: action.card, by });
  } else if (action.type === 'skipSteal') {
    s.events.push({ type: 'declinedSteal', seat, from: (decision as { victim: Seat }).victim });
  } else if (action.type === 'takeFromHarbour') {
    removeCard(s.harbour, action.card);
    crewOf(s, seat).push(action.card);
    s.events.push({ type: 'tookFromHarbour', seat, card: action.card });
  } else if (action.type === 'give') {
    removeCard(crewOf(s, seat), action.card);
    s.harbour.push(action.card);
    s.events.push({ type: 'gave', seat, card: action.card });
  }
  s.phase = { name: 'resolve' };
}

function endRound(s: HalunkenState): void {
  s.events.push({ type: 'roundEnded', round: s.round });
  if (s.round < ROUNDS) {
    startRound(s);
    return;
  }
  scoreGame(s);
  if (s.game < s.games) startGame(s, s.game + 1);
  else endMatch(s, 'finished');
}

/** Adds this game's crews to the totals; players who left score nothing more. */
function scoreGame(s: HalunkenState): void {
  const scores = seatsOf(s).map((seat) => (active(s, seat) ? scoreCrew(crewOf(s, seat)) : null));
  s.totals = s.totals.map((total, seat) => total + (scores[seat]?.score ?? 0));
  s.gameScores.push(scores.map((score) => score?.score ?? 0));
  s.events.push({ type: 'gameScored', game: s.game, games: s.games, scores, totals: [...s.totals] });
}

function endMatch(s: HalunkenState, reason: 'finished' | 'tooFewPlayers'): void {
  s.phase = { name: 'over', reason };
  s.queue = [];
  s.events.push({ type: 'gameOver', reason });
}

// ---------------------------------------------------------------------------------------------
// Legal actions and applying them

const numberedSpaces = Array.from({ length: SPACES }, (_, i) => i);

function legalActions(s: HalunkenState, seat: Seat): HalunkenAction[] {
  if (!Number.isInteger(seat) || seat < 0 || seat >= s.seats || !active(s, seat)) return [];
  const p = s.phase;
  switch (p.name) {
    case 'placeCaptain':
      if (p.seat !== seat) return [];
      return numberedSpaces.filter((space) => isFree(s, space)).map((space) => ({ type: 'place', space }));
    case 'placeBlackJack':
      if (p.seat !== seat) return [];
      return numberedSpaces.filter((space) => isFree(s, space)).map((space) => ({ type: 'placeBlackJack', space }));
    case 'auction': {
      if (p.order[0] !== seat) return [];
      const toBeat = bestBid(p.bids)?.card.value ?? 0;
      const offers = sortCards(crewOf(s, seat)).filter((card) => card.value > toBeat);
      return [{ type: 'pass' }, ...offers.map((card): HalunkenAction => ({ type: 'bid', card }))];
    }
    case 'choose':
      if (s.choices[seat] === null) return (s.hands[seat] as MovementCard[]).map((card) => ({ type: 'choose', card }));
      if (s.twoPlayer && s.hirer === seat && s.blackJackChoice === null) {
        return [...s.blackJackDeck].sort(compareMovementCards).map((card) => ({ type: 'chooseForBlackJack', card }));
      }
      return [];
    case 'rum':
      if (p.seat !== seat) return [];
      return rumNumbers(s, p.piece).map((number) => ({ type: 'rum', number }));
    case 'decide':
      return p.decision.seat === seat ? decisionActions(s, p.decision) : [];
    case 'resolve':
    case 'over':
      return [];
  }
}

function decisionActions(s: HalunkenState, d: Decision): HalunkenAction[] {
  const steal = (from: Seat) => sortCards(crewOf(s, from)).map((card): HalunkenAction => ({ type: 'steal', card }));
  switch (d.kind) {
    case 'landingSteal':
      return [...steal(d.victim), { type: 'skipSteal' }];
    case 'robbery':
      return steal(d.victim);
    case 'harbour':
      return [
        ...sortCards(s.harbour).map((card): HalunkenAction => ({ type: 'takeFromHarbour', card })),
        ...(d.hirer === null ? [] : steal(d.hirer)),
      ];
    case 'give':
      return sortCards(crewOf(s, d.seat)).map((card) => ({ type: 'give', card }));
  }
}

/** Structural equality of JSON values (key order does not matter). */
function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  return keysA.every(
    (k) => Object.hasOwn(b, k) && jsonEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
  );
}

/** Carries out a legal action on a state the caller owns. */
function perform(s: HalunkenState, seat: Seat, action: HalunkenAction): void {
  switch (action.type) {
    case 'place':
      return placeCaptain(s, seat, action.space);
    case 'placeBlackJack':
      return placeBlackJack(s, seat, action.space);
    case 'bid':
      return auctionAction(s, seat, action.card);
    case 'pass':
      return auctionAction(s, seat, null);
    case 'choose':
      return choose(s, seat, action.card, false);
    case 'chooseForBlackJack':
      return choose(s, seat, action.card, true);
    case 'rum':
      nameRum(s, (s.phase as Extract<Phase, { name: 'rum' }>).piece, seat, action.number);
      return beginResolution(s);
    case 'steal':
    case 'skipSteal':
    case 'takeFromHarbour':
    case 'give':
      return decide(s, seat, action);
  }
}

/** A seat the game waits for whose only legal action is this one. */
function forcedAction(s: HalunkenState): { seat: Seat; action: HalunkenAction } | null {
  for (const seat of toAct(s)) {
    const legal = legalActions(s, seat);
    if (legal.length === 1) return { seat, action: legal[0] as HalunkenAction };
  }
  return null;
}

/** Runs the resolution and every forced action until the game waits for a real choice (or ends). */
function settle(s: HalunkenState): void {
  for (;;) {
    if (s.phase.name === 'resolve') runQueue(s);
    const forced = forcedAction(s);
    if (!forced) return;
    perform(s, forced.seat, forced.action);
  }
}

/** Phases, steps, laid cards and sailor cards are never changed in place, so sharing them is safe. */
function cloneState(s: HalunkenState): HalunkenState {
  return {
    ...s,
    rng: [...s.rng] as RngState,
    taverns: s.taverns.map((t) => [...t]),
    crews: s.crews.map((c) => [...c]),
    harbour: [...s.harbour],
    removed: [...s.removed],
    captains: [...s.captains],
    startCards: [...s.startCards],
    hands: s.hands.map((h) => [...h]),
    played: s.played.map((p) => [...p]),
    choices: [...s.choices],
    blackJackDeck: [...s.blackJackDeck],
    blackJackPlayed: [...s.blackJackPlayed],
    laid: [...s.laid],
    queue: [...s.queue],
    totals: [...s.totals],
    gameScores: s.gameScores.map((g) => [...g]),
    resigned: [...s.resigned],
    events: [],
  };
}

function apply(s: HalunkenState, seat: Seat, action: HalunkenAction): HalunkenState {
  const listed = legalActions(s, seat).find((a) => jsonEqual(a, action));
  if (!listed) throw new IllegalAction(`not a legal Halunken & Spelunken action for seat ${seat}: ${JSON.stringify(action)}`);
  const next = cloneState(s);
  perform(next, seat, listed);
  settle(next);
  return next;
}

/**
 * A player leaves. Decided: his captain leaves the board and his crew is removed from play (into
 * `removed`, back in the deck at the next deal of a long game), so it neither scores nor can be
 * stolen, and it does not feed the harbour. He is skipped in placement, auctions and choices; a
 * choice he made this round is void; a bid of his is withdrawn (the best remaining offer stands);
 * a decision of his, or a theft from him, lapses. If he hired Black Jack, Black Jack works for
 * nobody for the rest of the round. If he was to place Black Jack, the next-lowest starting card
 * does. When fewer players remain than the variant needs (beginner 3, standard 2), the current
 * game is scored and the match ends; he is ranked below everyone who stayed.
 */
function resign(s: HalunkenState, seat: Seat): HalunkenState {
  if (isOver(s) || !Number.isInteger(seat) || seat < 0 || seat >= s.seats || s.resigned[seat]) {
    throw new IllegalAction(`seat ${seat} cannot resign now`);
  }
  const next = cloneState(s);
  const removed = crewOf(next, seat);
  next.resigned[seat] = true;
  next.removed.push(...removed);
  next.crews[seat] = [];
  next.captains[seat] = null;
  next.choices[seat] = null;
  if (next.hirer === seat) next.hirer = null;
  next.events.push({ type: 'resigned', seat, removed: [...removed] });
  if (activeSeats(next).length < seatRange(next).min) {
    scoreGame(next);
    endMatch(next, 'tooFewPlayers');
    return next;
  }
  carryOnWithout(next, seat);
  settle(next);
  return next;
}

function carryOnWithout(s: HalunkenState, seat: Seat): void {
  const p = s.phase;
  switch (p.name) {
    case 'placeCaptain':
      if (p.seat === seat) continuePlacement(s, seat);
      return;
    case 'placeBlackJack':
      if (p.seat === seat) s.phase = { name: 'placeBlackJack', seat: startCardHolder(s, 'lowest') };
      return;
    case 'auction': {
      const order = p.order.filter((x) => x !== seat);
      const bids = p.bids.filter((b) => b.seat !== seat);
      if (order.length === 0) concludeAuction(s, bestBid(bids));
      else s.phase = { ...p, order, bids };
      return;
    }
    case 'choose':
      if (stillChoosing(s).length === 0) reveal(s);
      return;
    case 'rum':
      if (p.seat === seat) beginResolution(s);
      return;
    case 'decide': {
      const d = p.decision;
      const involved = d.seat === seat || ((d.kind === 'landingSteal' || d.kind === 'robbery') && d.victim === seat);
      if (involved) s.phase = { name: 'resolve' };
      else if (d.kind === 'harbour' && d.hirer === seat) {
        if (s.harbour.length > 0) s.phase = { name: 'decide', decision: { ...d, hirer: null } };
        else s.phase = { name: 'resolve' };
      }
      return;
    }
    case 'resolve':
    case 'over':
      return;
  }
}

// ---------------------------------------------------------------------------------------------
// Turn order, the end and views

function isOver(s: HalunkenState): boolean {
  return s.phase.name === 'over';
}

function toAct(s: HalunkenState): Seat[] {
  const p = s.phase;
  switch (p.name) {
    case 'placeCaptain':
    case 'placeBlackJack':
    case 'rum':
      return [p.seat];
    case 'auction':
      return [p.order[0] as Seat];
    case 'choose':
      return stillChoosing(s);
    case 'decide':
      return [p.decision.seat];
    case 'resolve':
    case 'over':
      return [];
  }
}

/** Scores are the totals over the games played; players who left rank below all others. */
function result(s: HalunkenState): GameResult | null {
  if (!isOver(s)) return null;
  const scores = [...s.totals];
  const ranking = rankSeats(
    seatsOf(s),
    (a, b) => Number(s.resigned[a]) - Number(s.resigned[b]) || (scores[b] as number) - (scores[a] as number),
  );
  return { scores, ranking };
}

export interface TavernView {
  /** The face-up top card; null while the taverns are face down or when the tavern is empty. */
  top: SailorCard | null;
  /** Cards that cannot be seen (beneath the top, or all of them during setup). */
  hidden: number;
}

/** What one seat (or a spectator, null) sees. */
export interface HalunkenView {
  viewer: Seat | null;
  variant: HalunkenOptions['variant'];
  long: boolean;
  seats: number;
  twoPlayer: boolean;
  game: number;
  games: number;
  round: number;
  rounds: number;
  phase: Phase;
  /** The seats the game waits for (several while movement cards are chosen). */
  waitingFor: Seat[];
  taverns: TavernView[];
  captains: (number | null)[];
  blackJack: number | null;
  crews: SailorCard[][];
  harbour: SailorCard[];
  removed: SailorCard[];
  startCards: (SailorCard | null)[];
  /** Unused movement cards of each player (public: played cards lie open). */
  hands: MovementCard[][];
  played: MovementCard[][];
  /** Who has chosen this round's movement card (not what). */
  chosen: boolean[];
  /** The viewer's own secret choice this round. */
  ownChoice: MovementCard | null;
  blackJackChosen: boolean;
  /** The hirer's secret choice for Black Jack (two-player game), shown to him only. */
  ownBlackJackChoice: MovementCard | null;
  /** Black Jack's unused movement cards, sorted: their order is secret. */
  blackJackCards: MovementCard[];
  blackJackPlayed: MovementCard[];
  /** This round's revealed cards. */
  laid: LaidCard[];
  hirer: Seat | null;
  lastHirer: Seat | null;
  firstBidder: Seat | null;
  /** What each crew would score now (null for players who left). */
  scores: (CrewScore | null)[];
  totals: number[];
  gameScores: number[][];
  resigned: boolean[];
  over: boolean;
  events: HalunkenEvent[];
}

function view(s: HalunkenState, viewer: Seat | null): HalunkenView {
  const own = viewer !== null && viewer >= 0 && viewer < s.seats ? viewer : null;
  return {
    viewer,
    variant: s.variant,
    long: s.long,
    seats: s.seats,
    twoPlayer: s.twoPlayer,
    game: s.game,
    games: s.games,
    round: s.round,
    rounds: ROUNDS,
    phase: s.phase,
    waitingFor: toAct(s),
    taverns: s.taverns.map((t) =>
      s.tavernsOpen ? { top: t[t.length - 1] ?? null, hidden: Math.max(0, t.length - 1) } : { top: null, hidden: t.length },
    ),
    captains: [...s.captains],
    blackJack: s.blackJack,
    crews: s.crews.map((c) => [...c]),
    harbour: [...s.harbour],
    removed: [...s.removed],
    startCards: [...s.startCards],
    hands: s.hands.map((h) => [...h]),
    played: s.played.map((p) => [...p]),
    chosen: s.choices.map((c) => c !== null),
    ownChoice: own === null ? null : (s.choices[own] ?? null),
    blackJackChosen: s.blackJackChoice !== null,
    ownBlackJackChoice: own !== null && own === s.hirer ? s.blackJackChoice : null,
    blackJackCards: [...s.blackJackDeck].sort(compareMovementCards),
    blackJackPlayed: [...s.blackJackPlayed],
    laid: [...s.laid],
    hirer: s.hirer,
    lastHirer: s.lastHirer,
    firstBidder: s.firstBidder,
    scores: seatsOf(s).map((seat) => (active(s, seat) ? scoreCrew(crewOf(s, seat)) : null)),
    totals: [...s.totals],
    gameScores: s.gameScores.map((g) => [...g]),
    resigned: [...s.resigned],
    over: isOver(s),
    // Events are public by construction: a choice is announced without its card.
    events: s.events.map((e) => ({ ...e })),
  };
}

export const halunken: GameDefinition<HalunkenState, HalunkenAction, HalunkenOptions, HalunkenView> = {
  id: 'halunken',
  rulesVersion: 1,
  minSeats: 2,
  maxSeats: 4,
  options: halunkenOptions,
  seatRange,
  setup,
  toAct,
  legalActions,
  apply,
  view,
  isOver,
  result,
  resign,
  // For an absent player: never pay into the harbour; otherwise the first listed choice.
  timeoutAction: (s, seat) => {
    const legal = legalActions(s, seat);
    return legal.find((a) => a.type === 'pass') ?? (legal[0] as HalunkenAction);
  },
};
