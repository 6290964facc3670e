import type { Seat } from '../../engine/index.js';
import type { ShanghaienState } from './state.js';

/**
 * Numbering the row and laying a dirty trick as a joker may be taken back while the player still
 * has his roll to place: they roll no die and turn up no card. A roll (roll again too) shows dice,
 * a placement (±1 and place both included) ends the turn, and shanghai hands out the cards and
 * lays out new ones: those stand.
 */
export function undoable(_before: ShanghaienState, after: ShanghaienState, seat: Seat): boolean {
  return (
    !after.over &&
    after.current === seat &&
    after.rolled !== null &&
    after.events.length > 0 &&
    after.events.every((event) => event.type === 'oriented' || event.type === 'joker')
  );
}
