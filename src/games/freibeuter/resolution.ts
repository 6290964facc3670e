import type { Seat } from '../../engine/index.js';
import { POINT_FIELDS } from './sea.js';
import { boatsOn, cloneState, isActive, piratesLeft, playerOf, sharesAround, type FreibeuterState } from './state.js';
import { PIRATE_SHARE, paymentPerBoat, type ShipValue, type Token } from './tokens.js';

/*
 * Resolving encircled tokens, and the order of resolution when one move encircles several: the
 * mover chooses it whenever two orders end differently for anyone (docs/rules/freibeuter.md,
 * "Order of resolution").
 */

export function resolveToken(s: FreibeuterState, point: number): void {
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
    player.loans = [...player.loans, amount];
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
  player.ships = [...player.ships, value];
  player.boats++;
  s.boarded[point] = null;
}

// ---------------------------------------------------------------------------------------------
// The order of resolution

/** What one order of resolution leaves a player with. */
export interface OrderOutcome {
  seat: Seat;
  /** His treasure once every token is resolved. */
  treasure: number;
  /** The loans he takes on the way, in the order taken. */
  loans: number[];
  /** The boats he lays aside as loan markers on the way. */
  markers: number;
}

/** One order offered to the mover: one per distinct outcome. */
export interface OrderChoice {
  /** Every pending token, in the order they are resolved: what the 'order' action carries. */
  points: number[];
  /**
   * The tokens that decide it: the shortest start of its pirate treasures and boarded ships in
   * that order that leads to this outcome whatever follows.
   */
  lead: number[];
  /** Every seat's outcome, in seat order. */
  outcome: OrderOutcome[];
}

/**
 * Tokens whose place in the order can change anything: pirate treasures and boarded ships (even a
 * capture owing nothing gives a boat back, which may then mark a loan). Escapes and doubles never do.
 */
function movers(s: FreibeuterState, points: readonly number[]): number[] {
  return points.filter((point) => s.tokens[point]?.kind === 'pirate' || (s.tokens[point]?.kind === 'ship' && s.boarded[point] !== null));
}

/** Two tokens that can change anything are needed before their order can matter. */
export function orderMayMatter(s: FreibeuterState): boolean {
  let count = 0;
  for (const point of s.pending) {
    const token = s.tokens[point];
    if (token?.kind === 'pirate' || (token?.kind === 'ship' && s.boarded[point] !== null)) count++;
  }
  return count > 1;
}

/** Every order of these points, in lexicographic order of their positions (the given order first). */
function permutations(points: readonly number[]): number[][] {
  if (points.length <= 1) return [[...points]];
  return points.flatMap((first, i) => permutations([...points.slice(0, i), ...points.slice(i + 1)]).map((rest) => [first, ...rest]));
}

/** The movers in this order, with the quiet tokens (in board order) as early as board order allows. */
function withQuiet(quiet: readonly number[], moverOrder: readonly number[]): number[] {
  const order: number[] = [];
  let q = 0;
  let m = 0;
  while (q < quiet.length || m < moverOrder.length) {
    if (m >= moverOrder.length || (q < quiet.length && (quiet[q] as number) < (moverOrder[m] as number))) order.push(quiet[q++] as number);
    else order.push(moverOrder[m++] as number);
  }
  return order;
}

/** Resolves the tokens in this order on a copy and reads off what it did to every player. */
function outcomeOf(s: FreibeuterState, order: readonly number[]): OrderOutcome[] {
  const copy = cloneState(s);
  for (const point of order) resolveToken(copy, point);
  return copy.players.map((p, seat) => {
    const before = playerOf(s, seat);
    return { seat, treasure: p.treasure, loans: p.loans.slice(before.loans.length), markers: p.lost - before.lost };
  });
}

/**
 * What counts in one player's outcome: his treasure, how much he borrowed and in how many loans
 * (what he repays at the end) and the boats he lost as markers. How a total is split between loans
 * changes nothing: each is repaid double.
 */
export function outcomeKey(o: OrderOutcome): string {
  return `${o.treasure}:${o.loans.reduce((a, b) => a + b, 0)}/${o.loans.length}:${o.markers}`;
}

/** Two orders end the same when they end the same for every player. */
const sameOutcomeKey = (outcome: readonly OrderOutcome[]): string => outcome.map(outcomeKey).join('|');

const startsWith = (order: readonly number[], start: readonly number[]) => start.every((point, i) => order[i] === point);

/**
 * The orders of the pending tokens the mover may choose from: every order is computed, orders
 * that end the same are grouped, and each group is offered once, as its first order in board
 * order. A single choice means the order changes nothing: the tokens resolve in board order.
 */
export function orderChoices(s: FreibeuterState): OrderChoice[] {
  const moving = movers(s, s.pending);
  const quiet = s.pending.filter((point) => !moving.includes(point));
  const orders = permutations(moving).map((moverOrder) => {
    const points = withQuiet(quiet, moverOrder);
    const outcome = outcomeOf(s, points);
    return { moverOrder, points, outcome, key: sameOutcomeKey(outcome) };
  });
  const choices: OrderChoice[] = [];
  const offered = new Set<string>();
  for (const order of orders) {
    if (offered.has(order.key)) continue;
    offered.add(order.key);
    let length = Math.min(1, order.moverOrder.length);
    const decides = (start: number[]) => orders.every((other) => other.key === order.key || !startsWith(other.moverOrder, start));
    while (length < order.moverOrder.length && !decides(order.moverOrder.slice(0, length))) length++;
    choices.push({ points: order.points, lead: order.moverOrder.slice(0, length), outcome: order.outcome });
  }
  return choices;
}

// ---------------------------------------------------------------------------------------------
// Kept for games opened under rules version 1: the choice only between payments by two payers.

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
export function movesTreasure(s: FreibeuterState, point: number): boolean {
  return s.tokens[point]?.kind === 'pirate' || amountOwed(s, point) > 0;
}

/** Version 1: the active player chooses when payments by two or more payers are due. */
export function orderChoiceDue(s: FreibeuterState): boolean {
  let payer: Seat | null = null;
  for (const point of s.pending) {
    if (amountOwed(s, point) === 0) continue;
    const owner = s.boarded[point] as Seat;
    if (payer === null) payer = owner;
    else if (payer !== owner) return true;
  }
  return false;
}
