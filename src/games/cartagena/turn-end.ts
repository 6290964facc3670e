import type { CartagenaEvent } from './state.js';

/** A turn ends when it passes (also by skipping) or the game ends: then the bot posts. */
export function turnEnded(events: unknown[]): boolean {
  return (events as CartagenaEvent[]).some((e) => e.type === 'turn-passed' || e.type === 'won' || e.type === 'stalemate' || e.type === 'resigned');
}
