import type { ShanghaienEvent } from './state.js';

/**
 * A turn ends when a die is placed (by a trick too), on shanghai, at the end and on a resignation.
 * Rolls, numbering the row and tricks that place nothing wait for the turn's end.
 */
export function turnEnded(events: unknown[]): boolean {
  return (events as ShanghaienEvent[]).some(
    (e) => e.type === 'placed' || e.type === 'shanghai' || e.type === 'distributed' || e.type === 'game-over' || e.type === 'resigned',
  );
}
