import type { Seat } from '../../engine/index.js';
import type { CartagenaState } from './state.js';

/**
 * A card played to move a pirate forward may be taken back while the turn is still the player's:
 * it drew nothing. So may a move back that drew no card at all (deck and discards both empty, or
 * an empty row that stays empty in Tortuga games of rules version 1). A move back that drew
 * cards (or took them from Tortuga's row and laid out new ones, or reshuffled the discards), a
 * winning move, and ending the turn or a third action that passes it on: those stand.
 */
export function undoable(_before: CartagenaState, after: CartagenaState, seat: Seat): boolean {
  if (after.current !== seat || after.winner !== null || after.stalemate) return false;
  return after.events.every((event) => event.type === 'forward' || (event.type === 'back' && event.drawCount === 0));
}
