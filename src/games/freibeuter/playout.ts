import { randomInt, type RngState, type Seat } from '../../engine/index.js';
import { FIELD_POINTS, POINT_FIELDS, fieldIndex } from './sea.js';
import { boatsOn, isActive, playerOf, type FreibeuterAction, type FreibeuterState } from './state.js';
import { PIRATE_SHARE, paymentPerBoat, shipWorth } from './tokens.js';

/*
 * For bot players: the policy of simulated games. Uniformly random games board ships until
 * everyone runs out of boats (boarding is most of the legal actions), so boarding looks free to
 * the search. This one boards only with a prospect, closes rings that pay, and is random among
 * the rest. It runs thousands of times per decision: it reads the state directly (a simulated
 * game is a determinization, nothing in it is secret to the search) and allocates nothing.
 */

/** Fewer boats than this in supply: no boarding in a simulated game. */
export const BOATS_TO_BOARD = 4;
/** Ships a seat holds boarded and unresolved at once, at most, in a simulated game. */
const OPEN_BOARDINGS = 2;
/** A ring that pays at least this much is closed whenever it can be. */
const WORTH_CLOSING = 2;

/** Empty fields around a point (boats only: the Dutchman never stays on the sea between turns). */
function emptyAround(s: FreibeuterState, point: number): number {
  let empty = 0;
  for (const field of POINT_FIELDS[point] as readonly number[]) if (boatsOn(s, field).length === 0) empty++;
  return empty;
}

/** Boats of `seat` and of the other active players around a point. */
function boatsAround(s: FreibeuterState, point: number, seat: Seat): { own: number; others: number } {
  let own = 0;
  let others = 0;
  for (const field of POINT_FIELDS[point] as readonly number[]) {
    for (const owner of boatsOn(s, field)) {
      if (owner === seat) own++;
      else if (isActive(s, owner)) others++;
    }
  }
  return { own, others };
}

/**
 * What filling `field` (a boat of `seat`, or the Dutchman when `own` is false) brings `seat` in
 * the rings it closes: his captures less their payments, his share of the others' payments and of
 * pirate treasure; an escape or another's capture without his boats counts nothing.
 */
export function closingWorth(s: FreibeuterState, field: number, seat: Seat, own: boolean): number {
  let worth = 0;
  for (const point of FIELD_POINTS[field] as readonly number[]) {
    const token = s.tokens[point];
    if (!token) continue;
    let open = 0;
    for (const f of POINT_FIELDS[point] as readonly number[]) if (f !== field && boatsOn(s, f).length === 0) open++;
    if (open > 0) continue;
    const { own: mine, others } = boatsAround(s, point, seat);
    const boats = mine + (own ? 1 : 0);
    if (token.kind === 'pirate') worth += PIRATE_SHARE * boats;
    else if (token.kind === 'double') {
      for (const value of playerOf(s, seat).ships) if (value === token.value) worth += value;
    } else {
      const owner = s.boarded[point];
      if (owner === null || owner === undefined) continue;
      const perBoat = paymentPerBoat(token.value);
      if (owner === seat) {
        const payments = perBoat * others;
        const loan = Math.max(0, payments - playerOf(s, seat).treasure);
        worth += shipWorth(token.value, s.doubles) - payments - loan;
      } else worth += perBoat * boats;
    }
  }
  return worth;
}

/** Whether `seat` may board the ship at `point` in a simulated game: boats to spare and a ring he can hope to close. */
function boardingHasProspect(s: FreibeuterState, seat: Seat, point: number): boolean {
  const player = playerOf(s, seat);
  if (player.boats < BOATS_TO_BOARD) return false;
  let open = 0;
  for (const owner of s.boarded) if (owner === seat) open++;
  if (open >= OPEN_BOARDINGS) return false;
  const empty = emptyAround(s, point);
  if (empty <= 2) return true;
  // A wide-open ring only with a card in hand for one of its empty fields.
  for (const card of player.hand.sea) {
    const field = fieldIndex(card);
    if ((POINT_FIELDS[point] as readonly number[]).includes(field) && boatsOn(s, field).length === 0) return true;
  }
  return false;
}

/**
 * The action a simulated game takes for `seat`: the best ring closing that pays at least
 * `WORTH_CLOSING`, else a random one among the actions other than boarding without a prospect.
 */
export function playoutAction(s: FreibeuterState, seat: Seat, legal: FreibeuterAction[], rng: RngState): FreibeuterAction {
  if (s.phase === 'draw') {
    // Drawing from an empty sea pile ends the game: a simulated player draws a Dutchman card then.
    if (s.seaPile.length === 0) return legal.find((a) => a.type === 'draw' && a.pile === 'dutchman') ?? (legal[0] as FreibeuterAction);
    return legal[randomInt(rng, legal.length)] as FreibeuterAction;
  }
  if (s.phase !== 'turn') return legal[randomInt(rng, legal.length)] as FreibeuterAction;
  let best = -1;
  let bestWorth = WORTH_CLOSING - 0.5;
  let allowed = 0;
  for (let i = 0; i < legal.length; i++) {
    const action = legal[i] as FreibeuterAction;
    if (action.type === 'board') {
      if (boardingHasProspect(s, seat, action.point)) allowed++;
      continue;
    }
    allowed++;
    if (action.type === 'place' || action.type === 'dutchman') {
      const worth = closingWorth(s, fieldIndex(action.field), seat, action.type === 'place') - (action.type === 'dutchman' ? 1 : 0);
      if (worth > bestWorth) {
        bestWorth = worth;
        best = i;
      }
    }
  }
  if (best >= 0) return legal[best] as FreibeuterAction;
  if (allowed === 0) return legal[randomInt(rng, legal.length)] as FreibeuterAction;
  let pick = randomInt(rng, allowed);
  for (const action of legal) {
    if (action.type === 'board' && !boardingHasProspect(s, seat, action.point)) continue;
    if (pick-- === 0) return action;
  }
  return legal[0] as FreibeuterAction;
}

/**
 * The actions the search's tree tries for `seat`: all but boarding without a prospect (as in
 * `playoutAction`), unless nothing else is legal. Without this the bot's own choice could still
 * fall on boarding with three boats or fewer, which its playouts never try.
 */
export function searchActions(s: FreibeuterState, seat: Seat, legal: FreibeuterAction[]): FreibeuterAction[] {
  if (s.phase !== 'turn') return legal;
  return legal.filter((action) => action.type !== 'board' || boardingHasProspect(s, seat, action.point));
}
