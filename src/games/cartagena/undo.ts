import type { Seat } from '../../engine/index.js';
import type { CartagenaState } from './rules.js';

/**
 * A card played to move a pirate forward may be taken back while the turn is still the player's:
 * it drew nothing. Moving back draws cards (or takes them from Tortuga's row and lays out new
 * ones), and ending the turn or a third action passes it on: those stand.
 */
export function undoable(_before: CartagenaState, after: CartagenaState, seat: Seat): boolean {
  return after.current === seat && after.winner === null && !after.stalemate && after.events.every((event) => event.type === 'forward');
}
