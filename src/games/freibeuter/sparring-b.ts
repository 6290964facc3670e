import type { RngState, Seat } from '../../engine/index.js';
import { bestBy, type SparringPlayer } from '../sparring-player.js';
import { FIELD_POINTS, POINT_FIELDS, fieldIndex } from './sea.js';
import type { FreibeuterAction } from './state.js';
import { paymentPerBoat, shipWorth, type ShipValue, type Token } from './tokens.js';
import type { FreibeuterView } from './view.js';

/*
 * Sparring partner B for Freibeuter, from the rules alone (see src/games/sparring-player.ts).
 *
 * Its idea is encirclement threats: each token on the sea is worth something to each player, more
 * the fewer of its four fields are still open (the closer it is to being encircled): a boarded
 * ship its value less what its boarder must pay to the boats around it, and to each helper his
 * payment; a pirate treasure 2 per boat around it; a double-value token the ships of that value a
 * player holds; an unboarded ship nearly closed in is a chance for whoever boards it next. Every
 * action is tried on a copy of the sea from its view, its encirclements resolved as the rules say
 * (payments, credit, escapes), and judged by the score it leaves plus those prospects, mine against
 * the others'. Near the end it draws the card that ends the game when it leads, and avoids it when
 * it trails.
 */

interface Sea {
  fields: Seat[][];
  dutchman: number | null;
  tokens: (Token | null)[];
  boarded: (Seat | null)[];
  treasure: number[];
  ships: ShipValue[][];
  loans: number[];
  /** Boats in supply. */
  boats: number[];
  doubles: ShipValue[];
  over: boolean;
}

/** How likely a token with this many open fields is to be encircled before the game moves on. */
const CLOSING = [1, 0.7, 0.35, 0.15, 0.06];
/** What a boat in supply is worth. */
const BOAT = 3;

function seaOf(view: FreibeuterView): Sea {
  return {
    fields: view.fields.map((f) => [...f.boats]),
    dutchman: null,
    tokens: view.tokens.map((t) => t.token),
    boarded: view.tokens.map((t) => t.boardedBy),
    treasure: view.players.map((p) => p.treasure),
    ships: view.players.map((p) => [...p.ships]),
    loans: view.players.map((p) => p.loans.reduce((a, b) => a + b, 0)),
    boats: view.players.map((p) => p.boats),
    doubles: [...view.doubles],
    over: false,
  };
}

function copy(sea: Sea): Sea {
  return {
    ...sea,
    fields: sea.fields.map((f) => [...f]),
    tokens: [...sea.tokens],
    boarded: [...sea.boarded],
    treasure: [...sea.treasure],
    ships: sea.ships.map((s) => [...s]),
    loans: [...sea.loans],
    boats: [...sea.boats],
    doubles: [...sea.doubles],
  };
}

const filled = (sea: Sea, field: number) => (sea.fields[field] as Seat[]).length > 0 || sea.dutchman === field;

function openFields(sea: Sea, point: number): number {
  let open = 0;
  for (const field of POINT_FIELDS[point] as readonly number[]) if (!filled(sea, field)) open++;
  return open;
}

/** Boats of each seat on the four fields of a point. */
function boatsAround(sea: Sea, point: number, seats: number): number[] {
  const counts = new Array<number>(seats).fill(0);
  for (const field of POINT_FIELDS[point] as readonly number[]) for (const seat of sea.fields[field] as Seat[]) counts[seat]!++;
  return counts;
}

function resolve(sea: Sea, point: number, active: readonly boolean[]): void {
  const token = sea.tokens[point] as Token;
  sea.tokens[point] = null;
  const seats = sea.treasure.length;
  const around = boatsAround(sea, point, seats);
  if (token.kind === 'pirate') {
    for (let s = 0; s < seats; s++) if (active[s]) sea.treasure[s]! += 2 * (around[s] as number);
    if (!sea.tokens.some((t) => t?.kind === 'pirate')) sea.over = true;
  } else if (token.kind === 'double') sea.doubles.push(token.value);
  else {
    const owner = sea.boarded[point];
    sea.boarded[point] = null;
    if (owner === null || owner === undefined) return;
    const per = paymentPerBoat(token.value);
    let total = 0;
    for (let s = 0; s < seats; s++) {
      if (s === owner || !active[s]) continue;
      total += per * (around[s] as number);
      sea.treasure[s]! += per * (around[s] as number);
    }
    const short = Math.max(0, total - (sea.treasure[owner] as number));
    sea.loans[owner]! += short;
    sea.treasure[owner]! += short - total;
    sea.ships[owner]!.push(token.value);
    // The boarding boat comes back; a loan costs a boat as its marker.
    sea.boats[owner]! += short > 0 && sea.boats[owner]! > 0 ? 0 : 1;
  }
}

/** Fills a field (a boat, or the Dutchman with `seat` null) and resolves what it encircles, in board order. */
function fill(sea: Sea, field: number, seat: Seat | null, active: readonly boolean[]): void {
  if (seat === null) sea.dutchman = field;
  else {
    sea.fields[field]!.push(seat);
    sea.boats[seat]!--;
  }
  for (const point of FIELD_POINTS[field] as readonly number[]) {
    if (sea.tokens[point] !== null && openFields(sea, point) === 0) resolve(sea, point, active);
  }
  sea.dutchman = null;
}

function points(sea: Sea, seat: Seat): number {
  let score = (sea.treasure[seat] as number) - 2 * (sea.loans[seat] as number);
  for (const value of sea.ships[seat] as ShipValue[]) score += shipWorth(value, sea.doubles);
  return score;
}

/** Each seat's score plus what the tokens still on the sea promise it. */
function prospects(sea: Sea, next: Seat): number[] {
  const seats = sea.treasure.length;
  const value = Array.from({ length: seats }, (_, s) => points(sea, s));
  if (sea.over) return value;
  // A boat in supply is a move still to make; the last ones also keep the game from ending on me.
  for (let s = 0; s < seats; s++) {
    const boats = sea.boats[s] as number;
    value[s]! += BOAT * Math.min(boats, 12) + (boats < 3 ? -2.5 * (3 - boats) : 0);
  }
  for (let point = 0; point < sea.tokens.length; point++) {
    const token = sea.tokens[point];
    if (!token) continue;
    const chance = CLOSING[openFields(sea, point)] as number;
    const around = boatsAround(sea, point, seats);
    if (token.kind === 'pirate') {
      for (let s = 0; s < seats; s++) value[s]! += chance * 2 * (around[s] as number);
    } else if (token.kind === 'double') {
      for (let s = 0; s < seats; s++) value[s]! += chance * token.value * (sea.ships[s] as ShipValue[]).filter((v) => v === token.value).length;
    } else {
      const per = paymentPerBoat(token.value);
      const worth = shipWorth(token.value, sea.doubles);
      const owner = sea.boarded[point];
      const helpers = (boarder: Seat) => around.reduce((sum, n, s) => (s === boarder ? sum : sum + n), 0);
      if (owner !== null && owner !== undefined) {
        const pay = per * helpers(owner);
        const short = Math.max(0, pay - (sea.treasure[owner] as number));
        value[owner]! += chance * (worth - pay - short);
        for (let s = 0; s < seats; s++) if (s !== owner) value[s]! += chance * per * (around[s] as number);
      } else {
        // Unboarded: the next player may board it first; the others later, if it is still there.
        for (let s = 0; s < seats; s++) {
          const gain = worth - per * helpers(s);
          if (gain > 0) value[s]! += chance * gain * (s === next ? 0.45 : 0.15);
        }
      }
    }
  }
  return value;
}

/** Mine against the others': the strongest of them counts most. */
function judge(values: number[], me: Seat, active: readonly boolean[]): number {
  const others = values.filter((_, s) => s !== me && active[s]);
  if (others.length === 0) return values[me] as number;
  const best = Math.max(...others);
  const mean = others.reduce((a, b) => a + b, 0) / others.length;
  return (values[me] as number) - 0.6 * best - 0.4 * mean;
}

function nextSeat(view: FreibeuterView, me: Seat): Seat {
  for (let k = 1; k <= view.seats; k++) {
    const s = (me + k) % view.seats;
    if (!view.players[s]?.resigned) return s;
  }
  return me;
}

function choose(view: FreibeuterView, legal: readonly FreibeuterAction[], rng: RngState, me: Seat): FreibeuterAction {
  if (legal.length === 1) return legal[0] as FreibeuterAction;
  const active = view.players.map((p) => !p.resigned);
  const base = seaOf(view);
  const next = nextSeat(view, me);
  const scores = view.players.map((p) => p.score);
  const leading = judge(scores, me, active) > 0;
  const afterwards = (sea: Sea) => judge(sea.over ? view.players.map((_, s) => points(sea, s)).map((v) => v * 3) : prospects(sea, next), me, active);
  const score = (action: FreibeuterAction): number => {
    const sea = copy(base);
    switch (action.type) {
      case 'board':
        sea.boarded[action.point] = me;
        sea.boats[me]!--;
        return afterwards(sea);
      case 'place':
        fill(sea, fieldIndex(action.field), me, active);
        return afterwards(sea);
      case 'takeTreasure':
        sea.treasure[me]! += 2;
        return afterwards(sea);
      case 'dutchman':
        fill(sea, fieldIndex(action.field), null, active);
        // The Dutchman card is scarce: spend it only on a real gain.
        return afterwards(sea) - 2;
      case 'order':
      case 'resolve': {
        const outcome = view.orders.find((o) => o.points.join() === (action.type === 'order' ? action.points.join() : ''));
        if (!outcome) return 0;
        const values = outcome.outcome.map((o) => o.treasure - 2 * o.loans.reduce((a, b) => a + b, 0) - o.markers);
        return judge(values, me, active);
      }
      case 'draw': {
        const hand = view.hand ?? { sea: [], dutchman: [] };
        if (view.seaPile === 0) return action.pile === 'sea' ? (leading ? 10 : -10) : 0;
        if (action.pile === 'dutchman') return hand.dutchman.length === 0 ? 1 : -1;
        return 0;
      }
    }
  };
  return bestBy(legal, score, rng, 1e-6);
}

/** Freibeuter's sparring partner B: reads only its seat's view (its own hand, the open sea and purses). */
export const freibeuterSparringB: SparringPlayer<FreibeuterView, FreibeuterAction> = (seat) => ({
  choose: (view, legal, rng) => choose(view, legal, rng, seat),
});
