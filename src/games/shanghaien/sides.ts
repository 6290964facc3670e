import type { Seat } from '../../engine/index.js';
import type { RowEnd } from './scoring.js';

/*
 * The two players sit on opposite sides of the tavern row. The engine keeps the row in table
 * order, which is the order seat 1 sees from his side (index 0 at his left); seat 0 sees the
 * same row mirrored. Panels and event lines speak of left and right as the player concerned sees
 * them; the board always shows the row in table order, seat 0's dice above it, seat 1's below.
 */

/** The row's slots as this seat sees them, from his left to his right. */
export function leftToRight<T>(row: readonly T[], seat: Seat): T[] {
  return seat === 0 ? [...row].reverse() : [...row];
}

/** An end of the row in table order, named as this seat sees it. */
export function endAsSeenBy(end: RowEnd, seat: Seat): RowEnd {
  if (seat !== 0) return end;
  return end === 'left' ? 'right' : 'left';
}
