import { bestIndex, type HeuristicPlayer } from '../../ai/heuristic.js';
import type { Seat } from '../../engine/index.js';
import type { OrderOutcome } from './resolution.js';
import { FIELD_POINTS, POINT_FIELDS, fieldIndex, type FieldName } from './sea.js';
import type { FreibeuterAction } from './state.js';
import { PIRATE_SHARE, paymentPerBoat, shipWorth } from './tokens.js';
import type { FreibeuterView } from './view.js';

/*
 * Freibeuter's sparring partner: one move ahead, in points of the final score, its own gain less
 * the others' mean gain. A move that closes rings is judged by what their resolution pays out
 * (captures with their payments and loans, pirate treasure, doubled values), a boat left on the sea
 * by what it may earn later, a ship boarded by its prospect of being won and the payments that
 * would cost. Boats are scarce (a player without one ends the game), loans are repaid double, and
 * the game's end is sought only when the seat leads.
 */

/** What a boat put out of supply costs: the supply runs out within the game. */
const BOAT_COST = 1.2;
/** How much of what a boat could earn around a token still open is counted now. */
const PROSPECT = 0.5;
/** Fewer boats than this in supply: no boarding, the last ones are kept for the sea. */
const BOATS_TO_BOARD = 4;
/** Ending the game: worth this much when leading, as much against when behind. */
const GAME_END = 100;
/** The chance of winning a boarded ship, by the number of its fields still empty. */
const CAPTURE_CHANCE = [1, 0.9, 0.75, 0.6, 0.45];

interface Table {
  view: FreibeuterView;
  seat: Seat;
  active: Seat[];
}

/** A seat's gain less the mean gain of the other players still in the game. */
function margin(t: Table, gains: readonly number[]): number {
  const others = t.active.filter((s) => s !== t.seat);
  const theirs = others.reduce((sum, s) => sum + (gains[s] ?? 0), 0) / Math.max(1, others.length);
  return (gains[t.seat] ?? 0) - theirs;
}

const boatsOn = (t: Table, field: number): readonly Seat[] => t.view.fields[field]?.boats ?? [];

/** Boats of each seat around a point, with one more boat of `placer` on `added` (none: null). */
function boatsAround(t: Table, point: number, added: number, placer: Seat | null): number[] {
  const counts = new Array<number>(t.view.seats).fill(0);
  for (const field of POINT_FIELDS[point] as readonly number[]) for (const owner of boatsOn(t, field)) counts[owner]!++;
  if (placer !== null && (POINT_FIELDS[point] as readonly number[]).includes(added)) counts[placer]!++;
  return counts;
}

/** Fields around a point still empty once `filled` holds a boat or the Dutchman. */
function emptyAround(t: Table, point: number, filled: number): number {
  let empty = 0;
  for (const field of POINT_FIELDS[point] as readonly number[]) if (field !== filled && boatsOn(t, field).length === 0) empty++;
  return empty;
}

/**
 * What filling `field` (a boat of `placer`, or the Dutchman when null) does: the tokens it closes
 * are resolved in board order (the order choice comes later and is judged on its own), and the
 * tokens it leaves open are judged by what a boat there may earn.
 */
function fillWorth(t: Table, field: number, placer: Seat | null): number {
  const { view } = t;
  const gains = new Array<number>(view.seats).fill(0);
  const treasure = view.players.map((p) => p.treasure);
  let piratesTaken = 0;
  let prospect = 0;
  for (const point of FIELD_POINTS[field] as readonly number[]) {
    const tokenView = view.tokens[point];
    const token = tokenView?.token;
    if (!tokenView || !token) continue;
    const counts = boatsAround(t, point, field, placer);
    const empty = emptyAround(t, point, field);
    if (empty > 0) {
      if (placer === t.seat) prospect += boatProspect(t, point, counts, empty);
      continue;
    }
    if (token.kind === 'pirate') {
      piratesTaken++;
      for (const s of t.active) gains[s]! += PIRATE_SHARE * (counts[s] as number);
    } else if (token.kind === 'double') {
      for (const s of t.active) gains[s]! += token.value * (view.players[s]?.ships.filter((v) => v === token.value).length ?? 0);
    } else if (tokenView.boardedBy !== null) {
      const owner = tokenView.boardedBy;
      const perBoat = paymentPerBoat(token.value);
      let total = 0;
      for (const s of t.active) {
        if (s === owner) continue;
        const amount = perBoat * (counts[s] as number);
        total += amount;
        gains[s]! += amount;
        treasure[s]! += amount;
      }
      // A loan is repaid double: borrowing the shortfall costs it once more, and a boat as its marker.
      const loan = Math.max(0, total - (treasure[owner] as number));
      gains[owner]! += shipWorth(token.value, view.doubles) - total - (loan > 0 ? loan + BOAT_COST : 0);
      treasure[owner] = Math.max(0, (treasure[owner] as number) - total);
    }
  }
  let worth = margin(t, gains) + prospect;
  if (piratesTaken > 0 && piratesTaken === view.piratesLeft) worth += endWorth(t, gains);
  return worth;
}

/** What a boat of the seat around a token still open may earn, counted at `PROSPECT`. */
function boatProspect(t: Table, point: number, counts: readonly number[], empty: number): number {
  const tokenView = t.view.tokens[point];
  const token = tokenView?.token;
  if (!tokenView || !token) return 0;
  if (token.kind === 'pirate') return PROSPECT * PIRATE_SHARE;
  if (token.kind !== 'ship' || tokenView.boardedBy === null) return 0;
  const step = 1 / (empty + 1);
  if (tokenView.boardedBy === t.seat) return PROSPECT * step * shipNet(t, point, counts);
  // Another's ship: paid for the boat when he takes it, but it brings his capture nearer.
  const perBoat = paymentPerBoat(token.value);
  const others = Math.max(1, t.active.length - 1);
  return PROSPECT * (perBoat - (step * (shipWorth(token.value, t.view.doubles) - perBoat)) / others);
}

/** What the seat would make of winning the ship at `point` now, the others' payments counted against it. */
function shipNet(t: Table, point: number, counts: readonly number[]): number {
  const token = t.view.tokens[point]?.token;
  if (token?.kind !== 'ship') return 0;
  const perBoat = paymentPerBoat(token.value);
  const others = Math.max(1, t.active.length - 1);
  let payments = 0;
  for (const s of t.active) if (s !== t.seat) payments += perBoat * (counts[s] as number);
  const loan = Math.max(0, payments - (t.view.players[t.seat]?.treasure ?? 0));
  return shipWorth(token.value, t.view.doubles) - payments - payments / others - loan;
}

/** Ending the game now: good when the seat would lead, bad otherwise. */
function endWorth(t: Table, gains: readonly number[]): number {
  const final = t.view.players.map((p, s) => p.score + (gains[s] ?? 0));
  const mine = final[t.seat] as number;
  const best = Math.max(...t.active.filter((s) => s !== t.seat).map((s) => final[s] as number));
  return mine > best ? GAME_END : -GAME_END;
}

/** Boarding: the ship's worth less its payments (others may add boats), by the chance of closing its ring. */
function boardWorth(t: Table, point: number): number {
  const player = t.view.players[t.seat];
  if (!player || player.boats < BOATS_TO_BOARD) return Number.NEGATIVE_INFINITY;
  const ring = POINT_FIELDS[point] as readonly number[];
  const empty = emptyAround(t, point, -1);
  const counts = boatsAround(t, point, -1, null);
  const token = t.view.tokens[point]?.token;
  if (token?.kind !== 'ship') return Number.NEGATIVE_INFINITY;
  // Empty fields the seat can fill itself, from its hand, make the capture likelier and cheaper.
  const own = new Set((t.view.hand?.sea ?? []).map(fieldIndex).filter((f) => ring.includes(f) && boatsOn(t, f).length === 0)).size;
  const chance = Math.min(0.95, (CAPTURE_CHANCE[empty] ?? 0) + 0.1 * own);
  const othersLater = Math.max(0, empty - own) * 0.5 * paymentPerBoat(token.value) * 2;
  return chance * (shipNet(t, point, counts) - othersLater) - BOAT_COST;
}

function orderWorth(t: Table, outcome: readonly OrderOutcome[]): number {
  const gains = new Array<number>(t.view.seats).fill(0);
  for (const o of outcome) gains[o.seat] = o.treasure - 2 * o.loans.reduce((a, b) => a + b, 0) - BOAT_COST * o.markers;
  return margin(t, gains);
}

function drawWorth(t: Table, pile: 'sea' | 'dutchman'): number {
  // Drawing from an empty sea pile ends the game.
  if (pile === 'sea' && t.view.seaPile === 0) return endWorth(t, []);
  const holdsDutchman = (t.view.hand?.dutchman.length ?? 0) > 0;
  return pile === 'dutchman' ? (holdsDutchman ? 0 : 1) : holdsDutchman ? 1 : 0;
}

export const freibeuterHeuristic: HeuristicPlayer<FreibeuterView, FreibeuterAction> = (view, legal, seat, rng) => {
  const t: Table = { view, seat, active: view.players.filter((p) => !p.resigned).map((p) => p.seat) };
  const field = (name: FieldName) => fieldIndex(name);
  return bestIndex(
    legal,
    (action) => {
      switch (action.type) {
        case 'board':
          return boardWorth(t, action.point);
        case 'place':
          return fillWorth(t, field(action.field), seat) - BOAT_COST;
        case 'takeTreasure':
          return 2;
        case 'dutchman':
          // The Dutchman card is spent (and drawn again): a ring closed must pay for it.
          return fillWorth(t, field(action.field), null) - 1;
        case 'order':
          return orderWorth(t, view.orders.find((o) => o.points.join() === action.points.join())?.outcome ?? []);
        case 'draw':
          return drawWorth(t, action.pile);
        case 'resolve':
          // Games opened under rules version 1: any order.
          return 0;
      }
    },
    rng,
  );
};
