import { z } from 'zod';
import { rulesOf, type RngState, type Seat } from '../../engine/index.js';
import { DECK_24, DECK_32, LAST_TRICK_POINTS, sumPoints, type Card, type Suit } from './cards.js';
import type { Combo, RoemCategory } from './roem.js';

/*
 * The state of a Honderden match, its actions and events, and the small queries that the rules
 * and the views share. The rules themselves are in rules.ts, what each seat sees in view.ts.
 */

/** The rules version of games opened from now on (see `versionOf`). */
export const RULES_VERSION = 3;

export const STUK_POINTS = 20;
/** Points needed to win a hand. */
export const HUNDRED = 100;

export const honderdenOptions = z.object({
  /** Game points that win the match. */
  target: z.number().int().min(1).max(25).default(5),
});
export type HonderdenOptions = z.infer<typeof honderdenOptions>;

// ---------------------------------------------------------------------------------------------
// Types

export type HonderdenAction =
  /** Play a card: always the last step of a turn. */
  | { type: 'play'; card: Card }
  /** Two players: swap the trump 7 for the open trump card under the stock (first step of a turn). */
  | { type: 'swap' }
  /** First trick: declare roem (or add a further combination to one's own statement). */
  | { type: 'declare'; roem: RoemCategory }
  /** First trick: reject the standing declaration, naming one's own (possibly higher) roem. */
  | { type: 'reject'; roem: RoemCategory }
  /** Declare stuk: trump king and queen in hand. */
  | { type: 'stuk' }
  /** "Ik dek": claim to have 100 points. */
  | { type: 'claim' }
  /** After the first trick: finish one's roem answer (no rejection, or no further combination). */
  | { type: 'done' }
  /**
   * Two players, the last draw: take this card. Version 1: the hidden card (shown before the
   * choice) or the open trump card; version 2: the open trump card only.
   */
  | { type: 'take'; card: Card }
  /** Two players, the last draw (version 2): take the hidden card without having seen it. */
  | { type: 'takeHidden' };

/** Which rules a hand is played with: those for two players or for three. */
export type Rules = 'two' | 'three';

export interface Play {
  seat: Seat;
  card: Card;
}

export interface Trick {
  leader: Seat;
  plays: Play[];
}

export interface FinishedTrick extends Trick {
  winner: Seat;
}

/**
 * - pending: a rejection not yet resolved; standing: the declaration that counts unless rejected;
 * - rejected: voided by a higher rejection; failed: a rejection that was not higher;
 * - counted: shown and counted; hundred: shown and counted as a won hand at once (spent).
 */
export type StatementStatus = 'pending' | 'standing' | 'rejected' | 'failed' | 'counted' | 'hundred';

/** One player's roem statement in the first trick. */
export interface Statement {
  seat: Seat;
  kind: 'declare' | 'reject';
  /** For a rejection: whose declaration it rejects. */
  of: Seat | null;
  /** What was said, in order. */
  categories: RoemCategory[];
  /** The combinations behind it (hidden until the roem is shown). */
  combos: Combo[];
  status: StatementStatus;
}

export type Phase = 'play' | 'roemAnswer' | 'chooseLast' | 'over';

/** A seat's points at the end of a hand (carried from earlier hands of the game included). */
export interface HandPoints {
  carried: number;
  cards: number;
  roem: number;
  stuk: number;
  lastTrick: number;
  total: number;
}

export interface HandResult {
  hand: number;
  game: number;
  handInGame: number;
  ending: 'claim' | 'wrongClaim' | 'playedOut';
  claimer: Seat | null;
  /** Per seat; null for seats not in the hand. */
  points: (HandPoints | null)[];
  tricksWon: number[];
  /** Null: nobody won (points carried on) or a tie (replayed). */
  winner: Seat | null;
  gamePoints: number;
  onderJan: boolean;
  pit: boolean;
  next: 'newGame' | 'nextHand' | 'replay' | 'matchOver';
}

/** Game points won, for the final account of each player's score ("2 game points for hand 3 (onder Jan)"). */
export interface GamePointAward {
  seat: Seat;
  /** The hand of the match in which they were won (replays counted). */
  hand: number;
  gained: number;
  /** A won hand, or roem of 100 or more at once (`roem` its points). */
  reason: 'hand' | 'roem';
  onderJan: boolean;
  pit: boolean;
  roem: number;
}

/** A statement as said (no cards), told after the first trick of three players. */
export interface ToldStatement {
  seat: Seat;
  kind: 'declare' | 'reject';
  of: Seat | null;
  categories: RoemCategory[];
  status: StatementStatus;
}

/** A statement as shown after the first trick. */
export interface ShownStatement {
  seat: Seat;
  kind: 'declare' | 'reject';
  of: Seat | null;
  combos: Combo[];
  points: number;
  status: StatementStatus;
}

/**
 * What the latest action did, in order. `drew.card` is only in the drawer's own view; in a view,
 * roem not yet told to its viewer has `roem` and `of` null (see view.ts).
 */
export type HonderdenEvent =
  | {
      type: 'handDealt';
      hand: number;
      game: number;
      handInGame: number;
      rules: Rules;
      dealer: Seat;
      leader: Seat;
      trump: Suit;
      /** The card that set trump: open under the stock (two players), the dealer's own (three). */
      turnedUp: Card;
      replay: boolean;
    }
  | { type: 'swapped'; seat: Seat; took: Card; gave: Card }
  | { type: 'declared'; seat: Seat; roem: RoemCategory | null }
  | { type: 'rejecting'; seat: Seat; of: Seat | null; roem: RoemCategory | null }
  | { type: 'rejection'; seat: Seat; of: Seat; success: boolean }
  | { type: 'noRejection'; seat: Seat }
  | { type: 'stuk'; seat: Seat; cards: [Card, Card] }
  | { type: 'played'; seat: Seat; card: Card }
  | { type: 'trickWon'; seat: Seat; trick: number; plays: Play[]; last: boolean }
  /** Three players (version 2): what was said in the first trick, told to all once it is complete. */
  | { type: 'roemTold'; statements: ToldStatement[] }
  | { type: 'roemShown'; statements: ShownStatement[] }
  | { type: 'roemHundred'; seat: Seat; points: number }
  | { type: 'drew'; seat: Seat; card: Card | null }
  /** Version 1: the hidden card is shown before the choice. */
  | { type: 'hiddenShown'; card: Card; open: Card; chooser: Seat }
  /** Version 2: the chooser takes the hidden card or the open one without seeing the hidden one. */
  | { type: 'lastDraw'; open: Card; chooser: Seat }
  /** `hidden`: the card was the hidden one, shown as it is taken (absent in events stored before). */
  | { type: 'took'; seat: Seat; card: Card; hidden?: boolean }
  | { type: 'stockEmpty' }
  | { type: 'claimed'; seat: Seat; points: number; right: boolean }
  | { type: 'handEnded'; result: HandResult }
  | { type: 'gamePoints'; seat: Seat; gained: number; reason: 'hand' | 'roem'; totals: number[] }
  | { type: 'resigned'; seat: Seat }
  | { type: 'handAbandoned'; hand: number }
  | { type: 'matchOver'; winner: Seat; reason: 'target' | 'resigned' };

export interface HonderdenState {
  seats: number;
  target: number;
  rng: RngState;
  /** Seats still in the match, in seat order (two: two-player rules). */
  players: Seat[];
  resigned: boolean[];
  resignOrder: Seat[];
  gamePoints: number[];
  /** Games started in this match (a game ends when a hand is won), 1-based. */
  game: number;
  /** Hands dealt in this match, 1-based (replays included). */
  hand: number;
  /** Hand within the current game, 1-based (a replay keeps the number). */
  handInGame: number;
  /**
   * The rules version the game was opened under (see `versionOf`). States stored before versions
   * held the table's rules ('two' or 'three') here; those are version 1.
   */
  rules: number;
  dealer: Seat;
  /** Leader of the first trick of this hand (the roem trick's playing order). */
  handLeader: Seat;
  trump: Suit;
  turnedUp: Card;
  /** Two players: the open card under the stock (the turned card, or the trump 7 after a swap). */
  trumpCard: Card | null;
  /** Two players: the hidden stock, top card last. */
  stock: Card[];
  hands: Card[][];
  /** Hand cards every player knows (shown roem, stuk, the open cards taken, the dealer's card). */
  known: Card[][];
  /** Cards of each seat's won tricks (never shown during the hand). */
  won: Card[][];
  tricksWon: number[];
  tricksPlayed: number;
  trick: Trick;
  lastTrick: FinishedTrick | null;
  lastTrickWinner: Seat | null;
  phase: Phase;
  /** Who acts: plays, answers the roem, or chooses the last card. */
  turn: Seat;
  /** A statement or stuk was made this turn (no swap any more). */
  turnActed: boolean;
  stukThisTurn: boolean;
  /** Index of the statement being made in this turn, if any. */
  openStatement: number | null;
  statements: Statement[];
  /** Index of the declaration that stands. */
  standing: number | null;
  /** Players who had their chance to reject the standing declaration and let it stand. */
  answered: Seat[];
  roemShown: boolean;
  /** Roem points counting toward this hand. */
  roem: number[];
  stuk: boolean[];
  carried: number[];
  lastResult: HandResult | null;
  /** Every award of game points in the match, in order (absent in states stored before it was kept). */
  awards?: GamePointAward[];
  winner: Seat | null;
  events: HonderdenEvent[];
}

// ---------------------------------------------------------------------------------------------
// Small queries

/**
 * The rules version the state is played under. States stored before games carried a version held
 * the table's rules ('two' or 'three') in the same field: they were opened under version 1.
 */
export function versionOf(s: HonderdenState): number {
  return typeof s.rules === 'number' ? rulesOf(s) : 1;
}

/**
 * Two- or three-player rules: three players while nobody has left, else two (a three-player
 * match goes on with the two-player rules, and the last player left after two did).
 */
export function tableOf(s: HonderdenState): Rules {
  return s.players.length === 3 ? 'three' : 'two';
}

export const inMatch = (s: HonderdenState, seat: Seat): boolean => Number.isInteger(seat) && seat >= 0 && seat < s.seats && !s.resigned[seat];

/** The next seat still in the match after `seat`. */
export function nextPlayer(s: HonderdenState, seat: Seat): Seat {
  for (let k = 1; k <= s.seats; k++) {
    const candidate = (seat + k) % s.seats;
    if (!s.resigned[candidate]) return candidate;
  }
  return seat;
}

/** The players in playing order, starting with `first`. */
export function playersFrom(s: HonderdenState, first: Seat): Seat[] {
  const order = [first];
  for (let seat = nextPlayer(s, first); seat !== first; seat = nextPlayer(s, seat)) order.push(seat);
  return order;
}

export function handOf(s: HonderdenState, seat: Seat): Card[] {
  return s.hands[seat] as Card[];
}

export function statementOf(s: HonderdenState, seat: Seat): Statement | undefined {
  return s.statements.find((st) => st.seat === seat);
}

export function tricksPerHand(s: HonderdenState): number {
  return tableOf(s) === 'two' ? DECK_32.length / 2 : DECK_24.length / 3;
}

/** Two players follow suit only once the stock is empty; three players always. */
export function dutyToFollow(s: HonderdenState): boolean {
  return tableOf(s) === 'three' || (s.stock.length === 0 && s.trumpCard === null);
}

export function isOver(s: HonderdenState): boolean {
  return s.phase === 'over';
}

export function toAct(s: HonderdenState): Seat[] {
  return isOver(s) ? [] : [s.turn];
}

/** A seat's points in the hand so far, points carried from earlier hands of the game included. */
export function pointsOf(s: HonderdenState, seat: Seat): HandPoints {
  const carried = s.carried[seat] as number;
  const cards = sumPoints(s.won[seat] as Card[], s.trump);
  const roem = s.roem[seat] as number;
  const stuk = s.stuk[seat] ? STUK_POINTS : 0;
  const lastTrick = s.lastTrickWinner === seat ? LAST_TRICK_POINTS : 0;
  return { carried, cards, roem, stuk, lastTrick, total: carried + cards + roem + stuk + lastTrick };
}

/**
 * "Ik dek" (on the seat's own turn, in play): two players at any step, three only in the turn in
 * which they declare stuk; from version 3 only once a claim can be right: a trick won, or the
 * points everybody knows of (carried, shown roem, stuk) make 100 already.
 */
export function mayClaim(s: HonderdenState, seat: Seat): boolean {
  if (tableOf(s) === 'three' && !s.stukThisTurn) return false;
  return versionOf(s) < 3 || (s.won[seat] as Card[]).length > 0 || pointsOf(s, seat).total >= HUNDRED;
}

/** Everyone now knows that `seat` holds `card` (until he plays it). */
export function addKnown(s: HonderdenState, seat: Seat, card: Card): void {
  const known = s.known[seat] as Card[];
  if (!known.includes(card)) known.push(card);
}

export const trumpSeven = (s: HonderdenState): Card => `7${s.trump}`;
export const stukCards = (s: HonderdenState): [Card, Card] => [`K${s.trump}`, `Q${s.trump}`];
