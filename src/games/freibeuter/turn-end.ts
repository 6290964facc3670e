import type { FreibeuterEvent } from './state.js';

/** A turn ends when it has passed to the next player, or the game ended; the steps inside a turn wait. */
export function turnEnded(events: unknown[]): boolean {
  return (events as FreibeuterEvent[]).some((e) => e.type === 'turnStarted' || e.type === 'gameOver');
}
