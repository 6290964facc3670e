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
import { HAND_DUTCHMAN, HAND_SEA, dutchmanDeck, seaDeck, type DutchmanCard, type Hand, type SeaCard } from './cards.js';
import {
  FIELD_COUNT,
  FIELD_POINTS,
  LINES,
  POINT_COUNT,
  POINT_FIELDS,
  fieldCapacity,
  fieldIndex,
  fieldName,
  isLine,
  lineFields,
  pointFieldNames,
  pointLabel,
  type FieldName,
  type Line,
} from './sea.js';
import { PIRATE_SHARE, paymentPerBoat, scoreOf, tokenSet, type ShipValue, type Token } from './tokens.js';

export * from './cards.js';
export * from './sea.js';
export * from './tokens.js';

/*
 * Freibeuter (2-4 players). Pirates put boats on a 7 x 7 sea with sea cards and board the ships
 * lying between the fields; a ship whose four fields are all taken is encircled, and its boarder
 * takes it after paying everyone who helped. The rules as the project decided them are in
 * shared/rules/NOTES.md, section 2; the decisions this engine adds where the rules are silent:
 *
 * - A turn is one main action ('board', 'place', 'takeTreasure' or 'dutchman'), then, when the
 *   move encircled tokens whose order can matter, one 'resolve' per chosen token, then one 'draw'
 *   when the draw is a real choice. A forced draw (no sea card left in hand, or the Dutchman pile
 *   empty) is made by the engine at once. No other action is taken for a player, even when he has
 *   only one.
 * - Board order of the points is row by row, left to right (point 0 = A1-B2 .. point 35 =
 *   F6-G7); simultaneous encirclements with no choice resolve in that order.
 * - The order choice (NOTES: only when two or more payments by different payers are due): a
 *   capture that owes nothing (the boarder's own boats and the Dutchman around it) is no
 *   payment. When the choice is due, the tokens that cannot change anyone's treasure (escapes,
 *   double-value tokens, captures owing nothing) are resolved first in board order; then the
 *   active player picks the next of the remaining tokens (payments and pirate treasures), one at
 *   a time, as long as two payments by different payers are left; the rest follow in board order.
 * - Every token a move encircles is resolved, even after the last pirate treasure; then the game
 *   ends (the Dutchman leaves the sea first, and nobody draws).
 * - Drawing a sea card from an empty sea pile by choice (while the Dutchman pile still has cards
 *   and the hand holds a sea card) is offered: it ends the game, as NOTES says.
 * - Played cards lie face up on two discard piles; they never come back (the game ends when the
 *   sea pile is used up, and an empty Dutchman pile only means drawing sea cards).
 * - One loan per capture: the shortfall of that capture's payment; one marker boat per loan.
 *   Within one capture the helpers are paid in seat order from the boarder's left.
 * - A field's capacity (1 on the border, 2 inside) is checked besides the card counts, which
 *   already keep it; a full field only offers the 2 treasure.
 * - A player who leaves (`resign`): his boats on the sea stay where they are and still count for
 *   encircling, but he is neither paid for them nor given pirate treasure any more (like the
 *   Dutchman). His boats on ships go back to his supply, so those ships are unboarded again (an
 *   encircled one escapes). His hand is set aside face down, out of play. If it was his turn, the
 *   turn passes on (tokens his move encircled still resolve, in board order). The game ends when
 *   one player is left; players who left rank below everyone who stayed.
 * - `result` scores every seat with the final formula, players who left included.
 * - Choice sizes: 'board' lists every unboarded ship (28 at the start of a game, so a presenter
 *   pages that one list); sea cards give at most 5 'place'/'takeTreasure' choices (one per
 *   distinct card), 'resolve' at most 4, 'draw' 2, 'dutchman' at most 7 per Dutchman card held.
 */

export const BOATS = 25;
export const START_TREASURE = 20;
/** Treasure taken instead of putting a second boat on a field. */
export const FIELD_TREASURE = 2;

export const freibeuterOptions = z.object({});
export type FreibeuterOptions = z.infer<typeof freibeuterOptions>;

// ---------------------------------------------------------------------------------------------
// Types

export type FreibeuterAction =
  /** Put a boat from supply on the ship token at this point (0..35). No card, no draw. */
  | { type: 'board'; point: number }
  /** Play the sea card of this field and put a boat there. */
  | { type: 'place'; field: FieldName }
  /** Play the sea card of a field that already holds a boat and take 2 treasure instead. */
  | { type: 'takeTreasure'; field: FieldName }
  /** Play the Dutchman card of this row or column and put the Flying Dutchman on this empty field of it. */
  | { type: 'dutchman'; line: Line; field: FieldName }
  /** Several encircled tokens whose order can matter: resolve this one next. */
  | { type: 'resolve'; point: number }
  /** Draw back to five cards from this pile (offered only when both are allowed). */
  | { type: 'draw'; pile: 'sea' | 'dutchman' };

export type Pile = 'sea' | 'dutchman';

export type EndReason =
  /** The last pirate treasure was encircled and paid out. */
  | 'pirateTreasures'
  /** A player had to or chose to draw a sea card and the sea pile was empty. */
  | 'seaPileEmpty'
  /** A player had no boat in supply at the start of his turn. */
  | 'noBoats'
  /** Everybody else left the game. */
  | 'lastPlayer';

/** What one player gets (or pays) for his boats around a token. */
export interface Share {
  seat: Seat;
  boats: number;
  amount: number;
}

/** Public events of the latest action, in order. Only `drew` holds a hidden card (see `view`). */
export type FreibeuterEvent =
  | { type: 'turnStarted'; seat: Seat; turn: number }
  | { type: 'boarded'; seat: Seat; point: number; value: ShipValue }
  | { type: 'placed'; seat: Seat; field: FieldName }
  | { type: 'tookTreasure'; seat: Seat; field: FieldName; amount: number }
  | { type: 'dutchmanPlaced'; seat: Seat; line: Line; field: FieldName }
  /** The move encircled these tokens (board order). */
  | { type: 'encircled'; points: number[] }
  /** The active player chooses which of these encircled tokens is resolved next. */
  | { type: 'orderChoice'; seat: Seat; points: number[] }
  /** An unboarded ship got away: out of the game. */
  | { type: 'escaped'; point: number; value: ShipValue }
  /**
   * `seat` boarded the ship at `point` and takes it, paying `perBoat` per helping boat
   * (`payments`, seat order from his left; total `total`); his boarding boat returns to supply.
   */
  | { type: 'captured'; seat: Seat; point: number; value: ShipValue; perBoat: number; payments: Share[]; total: number }
  /** He could not pay `total` in full: borrowed `amount`; `marker` false when he had no boat left to mark it. */
  | { type: 'credit'; seat: Seat; point: number; amount: number; marker: boolean }
  /** A pirate treasure: every player gets 2 per boat around it (`shares` lists those who got something). */
  | { type: 'pirateTreasure'; point: number; shares: Share[]; left: number }
  /** A double-value token was taken: ships of this value count double at the end. */
  | { type: 'doubleTaken'; point: number; value: ShipValue }
  | { type: 'dutchmanRemoved'; field: FieldName }
  /**
   * A card drawn back to five. `card` is seen only in the drawer's own view (null elsewhere);
   * `forced` when the rules left no choice of pile.
   */
  | { type: 'drew'; seat: Seat; pile: Pile; card: SeaCard | DutchmanCard | null; forced: boolean }
  | { type: 'resigned'; seat: Seat; boatsBack: number }
  | { type: 'gameOver'; reason: EndReason; seat: Seat | null; scores: number[] };

export type Phase =
  /** The current player chooses his main action. */
  | 'turn'
  /** He chooses which of the `pending` tokens is resolved next. */
  | 'order'
  /** He chooses the pile to draw from. */
  | 'draw'
  | 'over';

export interface PlayerState {
  /** Treasure in hand (public in the bot). */
  treasure: number;
  /** Boats in supply. */
  boats: number;
  /** Boats set aside as loan markers: lost for good. */
  lost: number;
  /** Captured ships, by value (public in the bot). */
  ships: ShipValue[];
  /** Every loan taken; each is repaid double at the end. */
  loans: number[];
  hand: Hand;
  resigned: boolean;
}

export interface FreibeuterState {
  seats: number;
  rng: RngState;
  /** Owners of the boats on each field (index = row * 7 + column), in the order placed. */
  sea: Seat[][];
  /** The token on each grid point; null once it has left the board. */
  tokens: (Token | null)[];
  /** Whose boat lies on each point's ship; null when none. */
  boarded: (Seat | null)[];
  /** The field of the Flying Dutchman while it is on the sea (during a Dutchman move only). */
  dutchman: number | null;
  /** Face-down draw piles; the top card is the last element. */
  seaPile: SeaCard[];
  dutchmanPile: DutchmanCard[];
  /** Played cards, face up, in the order played. */
  seaDiscard: SeaCard[];
  dutchmanDiscard: DutchmanCard[];
  /** Hands of players who left, face down and out of play. */
  setAside: Hand;
  /** Values whose double-value token has been taken. */
  doubles: ShipValue[];
  /** Values of the ships that escaped. */
  escaped: ShipValue[];
  players: PlayerState[];
  current: Seat;
  /** Counts turns from 1. */
  turn: number;
  phase: Phase;
  /** Encircled tokens of the current move still to be resolved (phase 'order'). */
  pending: number[];
  end: { reason: EndReason; seat: Seat | null } | null;
  /** Events of the most recent `apply`, `resign` (or of `setup`). */
  events: FreibeuterEvent[];
}

// ---------------------------------------------------------------------------------------------
// Setup

function setup({ seats, seed }: { seats: number; seed: string; options: FreibeuterOptions }): FreibeuterState {
  if (!Number.isInteger(seats) || seats < 2 || seats > 4) throw new RangeError('Freibeuter needs 2 to 4 players');
  const rng = seedRng(seed);
  const tokens = shuffleInPlace(rng, tokenSet());
  const seaPile = shuffleInPlace(rng, seaDeck());
  const dutchmanPile = shuffleInPlace(rng, dutchmanDeck());
  const players = allSeats(seats).map(
    (): PlayerState => ({
      treasure: START_TREASURE,
      boats: BOATS,
      lost: 0,
      ships: [],
      loans: [],
      hand: {
        sea: seaPile.splice(seaPile.length - HAND_SEA, HAND_SEA),
        dutchman: dutchmanPile.splice(dutchmanPile.length - HAND_DUTCHMAN, HAND_DUTCHMAN),
      },
      resigned: false,
    }),
  );
  const current = randomInt(rng, seats);
  return {
    seats,
    rng,
    sea: Array.from({ length: FIELD_COUNT }, () => []),
    tokens,
    boarded: tokens.map(() => null),
    dutchman: null,
    seaPile,
    dutchmanPile,
    seaDiscard: [],
    dutchmanDiscard: [],
    setAside: { sea: [], dutchman: [] },
    doubles: [],
    escaped: [],
    players,
    current,
    turn: 1,
    phase: 'turn',
    pending: [],
    end: null,
    events: [{ type: 'turnStarted', seat: current, turn: 1 }],
  };
}

// ---------------------------------------------------------------------------------------------
// Small queries

const playerOf = (s: FreibeuterState, seat: Seat): PlayerState => s.players[seat] as PlayerState;
const isActive = (s: FreibeuterState, seat: Seat): boolean => !playerOf(s, seat).resigned;
const activeSeats = (s: FreibeuterState): Seat[] => allSeats(s.seats).filter((seat) => isActive(s, seat));
const boatsOn = (s: FreibeuterState, field: number): Seat[] => s.sea[field] as Seat[];

/** A field holding a boat or the Flying Dutchman. */
function occupied(s: FreibeuterState, field: number): boolean {
  return boatsOn(s, field).length > 0 || s.dutchman === field;
}

/** A token still on the board whose four fields are all occupied. */
function isEncircled(s: FreibeuterState, point: number): boolean {
  if (s.tokens[point] === null) return false;
  for (const field of POINT_FIELDS[point] as readonly number[]) if (!occupied(s, field)) return false;
  return true;
}

/** Would the Dutchman on this (empty) field complete the encirclement of at least one token? */
function dutchmanCompletes(s: FreibeuterState, field: number): boolean {
  for (const point of FIELD_POINTS[field] as readonly number[]) {
    if (s.tokens[point] === null) continue;
    let open = 0;
    for (const f of POINT_FIELDS[point] as readonly number[]) if (f !== field && boatsOn(s, f).length === 0) open++;
    if (open === 0) return true;
  }
  return false;
}

/** Boats per active player (other than `except`) on the four fields of a point, in seat order from `from`. */
function sharesAround(s: FreibeuterState, point: number, perBoat: number, except: Seat | null, from: Seat): Share[] {
  const counts = new Array<number>(s.seats).fill(0);
  for (const field of POINT_FIELDS[point] as readonly number[]) for (const seat of boatsOn(s, field)) counts[seat]!++;
  const shares: Share[] = [];
  for (let k = 0; k < s.seats; k++) {
    const seat = (from + k) % s.seats;
    const boats = counts[seat] as number;
    if (boats > 0 && seat !== except && isActive(s, seat)) shares.push({ seat, boats, amount: boats * perBoat });
  }
  return shares;
}

/** What the boarder of an encircled ship owes (0 for an unboarded ship or another token). */
function amountOwed(s: FreibeuterState, point: number): number {
  const token = s.tokens[point];
  const owner = s.boarded[point];
  if (!token || token.kind !== 'ship' || owner === null || owner === undefined) return 0;
  const perBoat = paymentPerBoat(token.value);
  let total = 0;
  for (const field of POINT_FIELDS[point] as readonly number[]) {
    for (const seat of boatsOn(s, field)) if (seat !== owner && isActive(s, seat)) total += perBoat;
  }
  return total;
}

/** A token whose resolution moves treasure: a payment owed, or a pirate treasure. */
function movesTreasure(s: FreibeuterState, point: number): boolean {
  return s.tokens[point]?.kind === 'pirate' || amountOwed(s, point) > 0;
}

/** NOTES: the order can matter, so the active player chooses, when payments by two or more payers are due. */
function orderChoiceDue(s: FreibeuterState): boolean {
  let payer: Seat | null = null;
  for (const point of s.pending) {
    if (amountOwed(s, point) === 0) continue;
    const owner = s.boarded[point] as Seat;
    if (payer === null) payer = owner;
    else if (payer !== owner) return true;
  }
  return false;
}

function piratesLeft(s: FreibeuterState): number {
  let n = 0;
  for (const token of s.tokens) if (token?.kind === 'pirate') n++;
  return n;
}

// ---------------------------------------------------------------------------------------------
// Legal actions

function turnActions(s: FreibeuterState, seat: Seat): FreibeuterAction[] {
  const player = playerOf(s, seat);
  const actions: FreibeuterAction[] = [];
  if (player.boats > 0) {
    for (let point = 0; point < POINT_COUNT; point++) {
      if (s.tokens[point]?.kind === 'ship' && s.boarded[point] === null) actions.push({ type: 'board', point });
    }
  }
  // Sea cards: one choice per distinct field, in board order.
  const fields: number[] = [];
  for (const card of player.hand.sea) {
    const field = fieldIndex(card);
    if (!fields.includes(field)) fields.push(field);
  }
  fields.sort((a, b) => a - b);
  for (const field of fields) {
    const boats = boatsOn(s, field).length;
    const name = fieldName(field);
    if (boats < fieldCapacity(field) && player.boats > 0) actions.push({ type: 'place', field: name });
    if (boats > 0) actions.push({ type: 'takeTreasure', field: name });
  }
  if (player.hand.dutchman.length === 0) return actions;
  for (const line of LINES) {
    if (!player.hand.dutchman.includes(line)) continue;
    for (const field of lineFields(line)) {
      if (boatsOn(s, field).length > 0 || !dutchmanCompletes(s, field)) continue;
      actions.push({ type: 'dutchman', line, field: fieldName(field) });
    }
  }
  return actions;
}

function legalActions(s: FreibeuterState, seat: Seat): FreibeuterAction[] {
  if (s.phase === 'over' || seat !== s.current || !isActive(s, seat)) return [];
  switch (s.phase) {
    case 'turn':
      return turnActions(s, seat);
    case 'order':
      return s.pending.map((point) => ({ type: 'resolve', point }));
    case 'draw':
      return [
        { type: 'draw', pile: 'sea' },
        { type: 'draw', pile: 'dutchman' },
      ];
  }
}

/**
 * The action as legalActions would list it, or null when it is not listed: checked directly, so
 * that `apply` need not build the whole list (the property tests hold the two together).
 */
function listedAction(s: FreibeuterState, seat: Seat, action: unknown): FreibeuterAction | null {
  if (s.phase === 'over' || seat !== s.current || !isActive(s, seat)) return null;
  if (typeof action !== 'object' || action === null) return null;
  const a = action as Record<string, unknown>;
  const player = playerOf(s, seat);
  switch (s.phase) {
    case 'turn': {
      if (a.type === 'board') {
        const point = a.point;
        if (typeof point !== 'number' || !Number.isInteger(point) || point < 0 || point >= POINT_COUNT) return null;
        const free = s.tokens[point]?.kind === 'ship' && s.boarded[point] === null;
        return free && player.boats > 0 ? { type: 'board', point } : null;
      }
      if (a.type === 'place' || a.type === 'takeTreasure') {
        const name = a.field;
        if (typeof name !== 'string' || !player.hand.sea.includes(name as SeaCard)) return null;
        const field = fieldIndex(name);
        const boats = boatsOn(s, field).length;
        if (a.type === 'place') {
          return boats < fieldCapacity(field) && player.boats > 0 ? { type: 'place', field: name as FieldName } : null;
        }
        return boats > 0 ? { type: 'takeTreasure', field: name as FieldName } : null;
      }
      if (a.type === 'dutchman') {
        const { line, field: name } = a;
        if (!isLine(line) || !player.hand.dutchman.includes(line) || typeof name !== 'string') return null;
        const field = fieldIndex(name);
        if (!lineFields(line).includes(field) || boatsOn(s, field).length > 0 || !dutchmanCompletes(s, field)) return null;
        return { type: 'dutchman', line, field: name as FieldName };
      }
      return null;
    }
    case 'order':
      return a.type === 'resolve' && s.pending.includes(a.point as number) ? { type: 'resolve', point: a.point as number } : null;
    case 'draw':
      return a.type === 'draw' && (a.pile === 'sea' || a.pile === 'dutchman') ? { type: 'draw', pile: a.pile } : null;
  }
}

// ---------------------------------------------------------------------------------------------
// Applying actions

/**
 * A copy to work on. The sea, the piles, the discards, the set-aside cards, doubles and escaped
 * ships are shared with the previous state and replaced (never changed in place) when they change.
 */
function cloneState(s: FreibeuterState): FreibeuterState {
  return {
    ...s,
    rng: [...s.rng] as RngState,
    // Copied on write by `place`, the only change to the sea.
    sea: s.sea,
    tokens: [...s.tokens],
    boarded: [...s.boarded],
    players: s.players.map((p) => ({
      ...p,
      ships: [...p.ships],
      loans: [...p.loans],
      hand: { sea: [...p.hand.sea], dutchman: [...p.hand.dutchman] },
    })),
    pending: [...s.pending],
    events: [],
  };
}

function board(s: FreibeuterState, seat: Seat, point: number): void {
  const token = s.tokens[point] as Extract<Token, { kind: 'ship' }>;
  s.boarded[point] = seat;
  playerOf(s, seat).boats--;
  s.events.push({ type: 'boarded', seat, point, value: token.value });
  nextTurn(s);
}

function playSeaCard(s: FreibeuterState, seat: Seat, name: FieldName): void {
  removeOne(playerOf(s, seat).hand.sea, name);
  s.seaDiscard = [...s.seaDiscard, name];
}

function place(s: FreibeuterState, seat: Seat, name: FieldName): void {
  playSeaCard(s, seat, name);
  const field = fieldIndex(name);
  // The sea is shared with the previous state (see cloneState): copy on write.
  s.sea = [...s.sea];
  s.sea[field] = [...boatsOn(s, field), seat];
  playerOf(s, seat).boats--;
  s.events.push({ type: 'placed', seat, field: name });
  encircle(s, field);
}

function takeTreasure(s: FreibeuterState, seat: Seat, name: FieldName): void {
  playSeaCard(s, seat, name);
  playerOf(s, seat).treasure += FIELD_TREASURE;
  s.events.push({ type: 'tookTreasure', seat, field: name, amount: FIELD_TREASURE });
  finishMove(s);
}

function placeDutchman(s: FreibeuterState, seat: Seat, line: Line, name: FieldName): void {
  removeOne(playerOf(s, seat).hand.dutchman, line);
  s.dutchmanDiscard = [...s.dutchmanDiscard, line];
  const field = fieldIndex(name);
  s.dutchman = field;
  s.events.push({ type: 'dutchmanPlaced', seat, line, field: name });
  encircle(s, field);
}

/** The field just filled: every token around it that is now encircled is resolved. */
function encircle(s: FreibeuterState, field: number): void {
  const points = (FIELD_POINTS[field] as readonly number[]).filter((point) => isEncircled(s, point));
  if (points.length > 0) s.events.push({ type: 'encircled', points: [...points] });
  s.pending = points;
  continueResolution(s);
}

/**
 * Resolves the pending tokens in board order, stopping for the active player's choice while it
 * can matter (see the header); then ends the move.
 */
function continueResolution(s: FreibeuterState): void {
  while (s.pending.length > 0) {
    if (isActive(s, s.current) && orderChoiceDue(s)) {
      const quiet = s.pending.filter((point) => !movesTreasure(s, point));
      s.pending = s.pending.filter((point) => movesTreasure(s, point));
      for (const point of quiet) resolveToken(s, point);
      s.phase = 'order';
      s.events.push({ type: 'orderChoice', seat: s.current, points: [...s.pending] });
      return;
    }
    resolveToken(s, s.pending.shift() as number);
  }
  finishMove(s);
}

function resolveChosen(s: FreibeuterState, point: number): void {
  s.pending = s.pending.filter((p) => p !== point);
  resolveToken(s, point);
  continueResolution(s);
}

function resolveToken(s: FreibeuterState, point: number): void {
  const token = s.tokens[point] as Token;
  s.tokens[point] = null;
  switch (token.kind) {
    case 'ship': {
      const owner = s.boarded[point];
      if (owner === null || owner === undefined) {
        s.escaped = [...s.escaped, token.value];
        s.events.push({ type: 'escaped', point, value: token.value });
        return;
      }
      return capture(s, point, owner, token.value);
    }
    case 'pirate': {
      const shares = sharesAround(s, point, PIRATE_SHARE, null, s.current);
      for (const share of shares) playerOf(s, share.seat).treasure += share.amount;
      s.events.push({ type: 'pirateTreasure', point, shares, left: piratesLeft(s) });
      return;
    }
    case 'double':
      s.doubles = [...s.doubles, token.value];
      s.events.push({ type: 'doubleTaken', point, value: token.value });
      return;
  }
}

/**
 * The boarder pays every other player per boat around the ship, borrowing any shortfall from
 * the bank (a boat from supply marks the loan when he has one), takes the ship and gets his
 * boarding boat back. The boats on the fields stay.
 */
function capture(s: FreibeuterState, point: number, owner: Seat, value: ShipValue): void {
  const perBoat = paymentPerBoat(value);
  const payments = sharesAround(s, point, perBoat, owner, (owner + 1) % s.seats);
  const total = payments.reduce((sum, p) => sum + p.amount, 0);
  const player = playerOf(s, owner);
  s.events.push({ type: 'captured', seat: owner, point, value, perBoat, payments, total });
  if (player.treasure < total) {
    const amount = total - player.treasure;
    player.loans.push(amount);
    player.treasure += amount;
    const marker = player.boats > 0;
    if (marker) {
      player.boats--;
      player.lost++;
    }
    s.events.push({ type: 'credit', seat: owner, point, amount, marker });
  }
  player.treasure -= total;
  for (const p of payments) playerOf(s, p.seat).treasure += p.amount;
  player.ships.push(value);
  player.boats++;
  s.boarded[point] = null;
}

/** After the encirclements: the Dutchman leaves the sea, the game may end, else the draw. */
function finishMove(s: FreibeuterState): void {
  if (s.dutchman !== null) {
    s.events.push({ type: 'dutchmanRemoved', field: fieldName(s.dutchman) });
    s.dutchman = null;
  }
  if (piratesLeft(s) === 0) return endGame(s, 'pirateTreasures', null);
  if (!isActive(s, s.current)) return nextTurn(s);
  const hand = playerOf(s, s.current).hand;
  if (hand.sea.length > 0 && s.dutchmanPile.length > 0) {
    s.phase = 'draw';
    return;
  }
  draw(s, 'sea', true);
}

/** Back to five cards; a sea card from an empty pile ends the game. */
function draw(s: FreibeuterState, pile: Pile, forced: boolean): void {
  const seat = s.current;
  const hand = playerOf(s, seat).hand;
  if (pile === 'sea') {
    const card = s.seaPile[s.seaPile.length - 1];
    if (card === undefined) return endGame(s, 'seaPileEmpty', seat);
    s.seaPile = s.seaPile.slice(0, -1);
    hand.sea.push(card);
    s.events.push({ type: 'drew', seat, pile, card, forced });
  } else {
    const card = s.dutchmanPile[s.dutchmanPile.length - 1] as DutchmanCard;
    s.dutchmanPile = s.dutchmanPile.slice(0, -1);
    hand.dutchman.push(card);
    s.events.push({ type: 'drew', seat, pile, card, forced });
  }
  nextTurn(s);
}

/** The next player who is still in the game; with no boat in supply the game ends instead. */
function nextTurn(s: FreibeuterState): void {
  let seat = s.current;
  do seat = (seat + 1) % s.seats;
  while (!isActive(s, seat));
  s.current = seat;
  s.turn++;
  s.pending = [];
  if (playerOf(s, seat).boats === 0) return endGame(s, 'noBoats', seat);
  s.phase = 'turn';
  s.events.push({ type: 'turnStarted', seat, turn: s.turn });
}

function endGame(s: FreibeuterState, reason: EndReason, seat: Seat | null): void {
  s.phase = 'over';
  s.pending = [];
  s.dutchman = null;
  s.end = { reason, seat };
  s.events.push({ type: 'gameOver', reason, seat, scores: scores(s) });
}

function perform(s: FreibeuterState, seat: Seat, action: FreibeuterAction): void {
  switch (action.type) {
    case 'board':
      return board(s, seat, action.point);
    case 'place':
      return place(s, seat, action.field);
    case 'takeTreasure':
      return takeTreasure(s, seat, action.field);
    case 'dutchman':
      return placeDutchman(s, seat, action.line, action.field);
    case 'resolve':
      return resolveChosen(s, action.point);
    case 'draw':
      s.phase = 'turn';
      return draw(s, action.pile, false);
  }
}

function apply(s: FreibeuterState, seat: Seat, action: FreibeuterAction): FreibeuterState {
  const listed = listedAction(s, seat, action);
  if (!listed) throw new IllegalAction(`not a legal Freibeuter action for seat ${seat}: ${JSON.stringify(action)}`);
  const next = cloneState(s);
  perform(next, seat, listed);
  return next;
}

/** A player leaves; see the header for what happens to his boats and cards. */
function resign(s: FreibeuterState, seat: Seat): FreibeuterState {
  if (isOver(s) || !Number.isInteger(seat) || seat < 0 || seat >= s.seats || !isActive(s, seat)) {
    throw new IllegalAction(`seat ${seat} cannot resign now`);
  }
  const next = cloneState(s);
  const player = playerOf(next, seat);
  player.resigned = true;
  let boatsBack = 0;
  next.boarded.forEach((owner, point) => {
    if (owner !== seat) return;
    next.boarded[point] = null;
    boatsBack++;
  });
  player.boats += boatsBack;
  next.setAside = {
    sea: [...next.setAside.sea, ...player.hand.sea],
    dutchman: [...next.setAside.dutchman, ...player.hand.dutchman],
  };
  player.hand = { sea: [], dutchman: [] };
  next.events.push({ type: 'resigned', seat, boatsBack });
  const left = activeSeats(next);
  if (left.length === 1) {
    endGame(next, 'lastPlayer', left[0] as Seat);
    return next;
  }
  if (next.phase === 'order') continueResolution(next);
  else if (next.current === seat) nextTurn(next);
  return next;
}

// ---------------------------------------------------------------------------------------------
// The end and views

function isOver(s: FreibeuterState): boolean {
  return s.phase === 'over';
}

function toAct(s: FreibeuterState): Seat[] {
  return isOver(s) ? [] : [s.current];
}

function scores(s: FreibeuterState): number[] {
  return s.players.map((p) => scoreOf(p, s.doubles));
}

/** Highest score first, ties sharing the place; players who left rank below all who stayed. */
function result(s: FreibeuterState): GameResult | null {
  if (!isOver(s)) return null;
  const all = scores(s);
  const ranking = rankSeats(
    allSeats(s.seats),
    (a, b) => Number(!isActive(s, a)) - Number(!isActive(s, b)) || (all[b] as number) - (all[a] as number),
  );
  return { scores: all, ranking };
}

export interface FieldView {
  name: FieldName;
  /** Owners of the boats on it, in the order placed. */
  boats: Seat[];
  /** 1 on the border, 2 inside. */
  capacity: number;
}

export interface TokenView {
  point: number;
  /** 'B2-C3': the top-left and bottom-right of its four fields. */
  label: string;
  fields: FieldName[];
  /** null once the token has left the board. */
  token: Token | null;
  /** Whose boat lies on the ship. */
  boardedBy: Seat | null;
}

export interface PlayerView {
  seat: Seat;
  treasure: number;
  /** Boats in supply. */
  boats: number;
  boatsOnSea: number;
  boatsOnShips: number;
  /** Boats set aside as loan markers. */
  lostBoats: number;
  ships: ShipValue[];
  loans: number[];
  /** What his score would be if the game ended now (public: treasure, ships and loans are). */
  score: number;
  handSize: number;
  resigned: boolean;
}

/** What one seat (or a spectator, null) sees. */
export interface FreibeuterView {
  viewer: Seat | null;
  seats: number;
  turn: number;
  current: Seat;
  phase: Phase;
  /** The seats the game waits for (the current player, or nobody once over). */
  waitingFor: Seat[];
  /** 49 fields in board order (A1 .. A7, B1 .. G7). */
  fields: FieldView[];
  /** 36 grid points in board order (A1-B2 .. F6-G7). */
  tokens: TokenView[];
  /** The Flying Dutchman's field while it is on the sea. */
  dutchman: FieldName | null;
  /** Encircled tokens waiting for the current player's choice of order. */
  pending: number[];
  /** Ship values whose double-value token was taken. */
  doubles: ShipValue[];
  escaped: ShipValue[];
  piratesLeft: number;
  seaPile: number;
  dutchmanPile: number;
  /** The played cards, face up. */
  seaDiscard: SeaCard[];
  dutchmanDiscard: DutchmanCard[];
  /** Cards of players who left, face down: how many. */
  setAside: number;
  players: PlayerView[];
  /** The viewer's own hand (null for spectators and players who left). */
  hand: Hand | null;
  over: boolean;
  end: { reason: EndReason; seat: Seat | null } | null;
  events: FreibeuterEvent[];
}

function view(s: FreibeuterState, viewer: Seat | null): FreibeuterView {
  const own = viewer !== null && Number.isInteger(viewer) && viewer >= 0 && viewer < s.seats ? viewer : null;
  const onSea = new Array<number>(s.seats).fill(0);
  for (const boats of s.sea) for (const seat of boats) onSea[seat]!++;
  const onShips = new Array<number>(s.seats).fill(0);
  for (const owner of s.boarded) if (owner !== null) onShips[owner]!++;
  const ownHand = own === null || !isActive(s, own) ? null : playerOf(s, own).hand;
  return {
    viewer,
    seats: s.seats,
    turn: s.turn,
    current: s.current,
    phase: s.phase,
    waitingFor: toAct(s),
    fields: s.sea.map((boats, field) => ({ name: fieldName(field), boats: [...boats], capacity: fieldCapacity(field) })),
    tokens: s.tokens.map((token, point) => ({
      point,
      label: pointLabel(point),
      fields: pointFieldNames(point),
      token: token === null ? null : { ...token },
      boardedBy: s.boarded[point] ?? null,
    })),
    dutchman: s.dutchman === null ? null : fieldName(s.dutchman),
    pending: [...s.pending],
    doubles: [...s.doubles],
    escaped: [...s.escaped],
    piratesLeft: piratesLeft(s),
    seaPile: s.seaPile.length,
    dutchmanPile: s.dutchmanPile.length,
    seaDiscard: [...s.seaDiscard],
    dutchmanDiscard: [...s.dutchmanDiscard],
    setAside: s.setAside.sea.length + s.setAside.dutchman.length,
    players: s.players.map((p, seat) => ({
      seat,
      treasure: p.treasure,
      boats: p.boats,
      boatsOnSea: onSea[seat] as number,
      boatsOnShips: onShips[seat] as number,
      lostBoats: p.lost,
      ships: [...p.ships],
      loans: [...p.loans],
      score: scoreOf(p, s.doubles),
      handSize: p.hand.sea.length + p.hand.dutchman.length,
      resigned: p.resigned,
    })),
    hand: ownHand === null ? null : { sea: [...ownHand.sea], dutchman: [...ownHand.dutchman] },
    over: isOver(s),
    end: s.end === null ? null : { ...s.end },
    events: s.events.map((e): FreibeuterEvent => {
      if (e.type === 'drew') return { ...e, card: e.seat === own ? e.card : null };
      return structuredClone(e);
    }),
  };
}

export const freibeuter: GameDefinition<FreibeuterState, FreibeuterAction, FreibeuterOptions, FreibeuterView> = {
  id: 'freibeuter',
  rulesVersion: 1,
  minSeats: 2,
  maxSeats: 4,
  options: freibeuterOptions,
  setup,
  toAct,
  legalActions,
  apply,
  view,
  isOver,
  result,
  resign,
};
