import type { Seat } from '../../engine/index.js';
import type { HalunkenState } from './state.js';

/**
 * A secret movement card (for himself, or the hirer's for Black Jack) may be chosen again until the
 * last player has chosen: then the cards are revealed. Every other action is public at once.
 */
export function undoable(_before: HalunkenState, after: HalunkenState, _seat: Seat): boolean {
  return after.events.length > 0 && after.events.every((event) => event.type === 'chose');
}
