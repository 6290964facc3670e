import { POINT_COUNT, POINT_FIELDS } from './sea.js';
import { boatsOn, isActive, type FreibeuterState } from './state.js';
import { PIRATE_SHARE, paymentPerBoat, scoreOf, shipWorth } from './tokens.js';

/** What a boat in supply is worth: a player without one ends the game, and boats earn on the sea. */
const BOAT_WORTH = 1;
/** The chance that a boarded ship is won, by the number of its fields still empty. */
const CAPTURE_CHANCE = [1, 0.8, 0.6, 0.4, 0.25];
/** The chance that an open pirate treasure pays out to the boats around it now. */
const PIRATE_CHANCE = 0.6;
/** A lead of this many points counts as about three to one. */
export const LEAD_SCALE = 12;

/**
 * For bot players: how a cut-off game looks for each seat, in [0, 1]. A seat's worth is its score
 * now (treasure, ships with their doubles, loans repaid double), its boats in supply, and the
 * prospects of the tokens still open: a ship it boarded by the chance of closing the ring, less the
 * payments due; its share of the others' payments and of pirate treasure around the rings. Against
 * each other seat a lead counts as in a logistic curve, and the seat gets the mean, like the share
 * of others it would finish ahead of. Resigned seats count as behind all.
 */
export function estimate(s: FreibeuterState): number[] {
  const seats = s.seats;
  const worth = new Array<number>(seats).fill(0);
  for (let seat = 0; seat < seats; seat++) {
    const p = s.players[seat];
    if (!p || !isActive(s, seat)) {
      worth[seat] = Number.NEGATIVE_INFINITY;
      continue;
    }
    worth[seat] = scoreOf(p, s.doubles) + BOAT_WORTH * p.boats;
  }
  const counts = new Array<number>(seats).fill(0);
  for (let point = 0; point < POINT_COUNT; point++) {
    const token = s.tokens[point];
    if (!token || token.kind === 'double') continue;
    const owner = token.kind === 'ship' ? s.boarded[point] : null;
    if (token.kind === 'ship' && (owner === null || owner === undefined)) continue;
    counts.fill(0);
    let empty = 0;
    let others = 0;
    for (const field of POINT_FIELDS[point] as readonly number[]) {
      const boats = boatsOn(s, field);
      if (boats.length === 0) empty++;
      for (const seat of boats) {
        counts[seat]!++;
        if (seat !== owner && isActive(s, seat)) others++;
      }
    }
    if (token.kind === 'pirate') {
      for (let seat = 0; seat < seats; seat++) worth[seat]! += PIRATE_CHANCE * PIRATE_SHARE * (counts[seat] as number);
      continue;
    }
    const chance = CAPTURE_CHANCE[empty] as number;
    const perBoat = paymentPerBoat(token.value);
    const boarder = owner as number;
    // Boats still to come to the empty fields will be paid for too: about one per field, split.
    const payments = perBoat * (others + empty * 0.5);
    worth[boarder]! += chance * (shipWorth(token.value, s.doubles) - payments);
    for (let seat = 0; seat < seats; seat++) if (seat !== boarder) worth[seat]! += chance * perBoat * (counts[seat] as number);
  }
  const k = Math.log(3) / LEAD_SCALE;
  return worth.map((mine, seat) => {
    if (seats < 2) return 0.5;
    let share = 0;
    for (let other = 0; other < seats; other++) {
      if (other === seat) continue;
      const theirs = worth[other] as number;
      if (mine === theirs) share += 0.5;
      else if (mine === Number.NEGATIVE_INFINITY) share += 0;
      else if (theirs === Number.NEGATIVE_INFINITY) share += 1;
      else share += 1 / (1 + Math.exp(-(mine - theirs) * k));
    }
    return share / (seats - 1);
  });
}
