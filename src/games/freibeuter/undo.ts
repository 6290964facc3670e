import type { Seat } from '../../engine/index.js';
import type { FreibeuterState } from './state.js';

/**
 * A card played (a boat put on the sea, 2 treasure taken, the Flying Dutchman sailed) and an
 * order of resolution chosen may be taken back while the turn is still the player's: the rings
 * they closed were paid out by rules everyone can work out, and no card was drawn. So the move
 * may be taken back while he still has to choose an order or his pile. Boarding a ship passes
 * the turn; a draw (his choice or forced) shows him a new card and passes the turn; a move that
 * ends the game ends it: those stand.
 */
export function undoable(before: FreibeuterState, after: FreibeuterState, seat: Seat): boolean {
  return (
    after.current === seat &&
    after.turn === before.turn &&
    (after.phase === 'order' || after.phase === 'draw') &&
    after.events.every((event) => event.type !== 'drew' && event.type !== 'turnStarted' && event.type !== 'gameOver')
  );
}
