import { z } from 'zod';
import { allSeats, type RngState, type Seat } from '../../engine/index.js';
import type { DutchmanCard, Hand, SeaCard } from './cards.js';
import { FIELD_COUNT, FIELD_POINTS, POINT_COUNT, POINT_FIELDS, type FieldName, type Line } from './sea.js';
import type { ShipValue, Token } from './tokens.js';

/*
 * Freibeuter's state, actions and events, and the small questions the rules ask of a state.
 */

/** The current rules version: 2 lets the mover choose whenever the order changes the outcome. */
export const RULES_VERSION = 2;

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
  /**
   * Several encircled tokens whose order changes the outcome: resolve them all in this order (one
   * action per distinct outcome, see `orderChoices`).
   */
  | { type: 'order'; points: number[] }
  /** Kept for games opened under rules version 1: resolve this one of the encircled tokens next. */
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
  /** The active player chooses the order in which these encircled tokens are resolved. */
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
  /** He chooses the order in which the `pending` tokens are resolved. */
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
  /** The rules version the game was opened under (see `rulesOf`); 2 lets the mover choose among outcomes. */
  rules: number;
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
  /** Encircled tokens of the current move still to be resolved (phase 'order'), in board order. */
  pending: number[];
  end: { reason: EndReason; seat: Seat | null } | null;
  /** Events of the most recent `apply`, `resign` (or of `setup`). */
  events: FreibeuterEvent[];
  /**
   * Events of the earlier steps of the turn under way (a main action waiting for its order or
   * its draw), so that the board can mark all that one turn changed; empty once a step passed
   * the turn on. Absent in games stored before it was kept. Never holds a drawn card: a draw
   * always passes the turn on.
   */
  earlier?: FreibeuterEvent[];
}

// ---------------------------------------------------------------------------------------------
// Small queries

export const playerOf = (s: FreibeuterState, seat: Seat): PlayerState => s.players[seat] as PlayerState;
export const isActive = (s: FreibeuterState, seat: Seat): boolean => !playerOf(s, seat).resigned;
export const activeSeats = (s: FreibeuterState): Seat[] => allSeats(s.seats).filter((seat) => isActive(s, seat));
export const boatsOn = (s: FreibeuterState, field: number): Seat[] => s.sea[field] as Seat[];

/** A field holding a boat or the Flying Dutchman. */
export function occupied(s: FreibeuterState, field: number): boolean {
  return boatsOn(s, field).length > 0 || s.dutchman === field;
}

/** A token still on the board whose four fields are all occupied. */
export function isEncircled(s: FreibeuterState, point: number): boolean {
  if (s.tokens[point] === null) return false;
  for (const field of POINT_FIELDS[point] as readonly number[]) if (!occupied(s, field)) return false;
  return true;
}

/** Would the Dutchman on this (empty) field complete the encirclement of at least one token? */
export function dutchmanCompletes(s: FreibeuterState, field: number): boolean {
  for (const point of FIELD_POINTS[field] as readonly number[]) {
    if (s.tokens[point] === null) continue;
    let open = 0;
    for (const f of POINT_FIELDS[point] as readonly number[]) if (f !== field && boatsOn(s, f).length === 0) open++;
    if (open === 0) return true;
  }
  return false;
}

/**
 * Every empty field where the Dutchman would complete an encirclement (`dutchmanCompletes` of each
 * field at once): the last empty field around a token still on the board.
 */
export function dutchmanFields(s: FreibeuterState): boolean[] {
  const closing = new Array<boolean>(FIELD_COUNT).fill(false);
  for (let point = 0; point < POINT_COUNT; point++) {
    if (s.tokens[point] === null) continue;
    let open = -1;
    for (const field of POINT_FIELDS[point] as readonly number[]) {
      if (boatsOn(s, field).length > 0) continue;
      if (open >= 0) {
        open = -2;
        break;
      }
      open = field;
    }
    if (open >= 0) closing[open] = true;
  }
  return closing;
}

/** Boats per active player (other than `except`) on the four fields of a point, in seat order from `from`. */
export function sharesAround(s: FreibeuterState, point: number, perBoat: number, except: Seat | null, from: Seat): Share[] {
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

export function piratesLeft(s: FreibeuterState): number {
  let n = 0;
  for (const token of s.tokens) if (token?.kind === 'pirate') n++;
  return n;
}

// ---------------------------------------------------------------------------------------------
// Copies

/**
 * A copy to work on, as cheap as `apply` allows: only the state and player records, the tokens,
 * the boarded ships and the pending tokens are copied. Every other array (the sea and its fields,
 * the piles, the discards, the set-aside cards, doubles and escaped ships, and each player's hand,
 * ships and loans) is shared with the previous state and replaced, never changed in place, when it
 * changes. Written out field by field: spreading states of many shapes (fresh, copied, read from
 * JSON) is several times slower in V8.
 */
export function cloneState(s: FreibeuterState): FreibeuterState {
  return {
    rules: s.rules,
    seats: s.seats,
    rng: [s.rng[0], s.rng[1], s.rng[2], s.rng[3]],
    sea: s.sea,
    tokens: s.tokens.slice(),
    boarded: s.boarded.slice(),
    dutchman: s.dutchman,
    seaPile: s.seaPile,
    dutchmanPile: s.dutchmanPile,
    seaDiscard: s.seaDiscard,
    dutchmanDiscard: s.dutchmanDiscard,
    setAside: s.setAside,
    doubles: s.doubles,
    escaped: s.escaped,
    players: s.players.map(clonePlayer),
    current: s.current,
    turn: s.turn,
    phase: s.phase,
    pending: s.pending.slice(),
    end: s.end,
    events: [],
    earlier: s.earlier,
  };
}

function clonePlayer(p: PlayerState): PlayerState {
  return { treasure: p.treasure, boats: p.boats, lost: p.lost, ships: p.ships, loans: p.loans, hand: p.hand, resigned: p.resigned };
}

/** The list without its first copy of `item` (a new array; the list itself is shared). */
export function withoutOne<T>(items: readonly T[], item: T): T[] {
  const i = items.indexOf(item);
  return i < 0 ? [...items] : [...items.slice(0, i), ...items.slice(i + 1)];
}

/**
 * After a step: the events of this turn's earlier steps, for the next one to build on. A step
 * that passed the turn on (or ended the game) starts the record afresh.
 */
export function earlierSteps(before: FreibeuterState): FreibeuterEvent[] {
  if (before.events.some((e) => e.type === 'turnStarted' || e.type === 'gameOver')) return [];
  const earlier = before.earlier ?? [];
  return earlier.length === 0 ? before.events : [...earlier, ...before.events];
}

export function isOver(s: FreibeuterState): boolean {
  return s.phase === 'over';
}

export function toAct(s: FreibeuterState): Seat[] {
  return isOver(s) ? [] : [s.current];
}
