/**
 * What others are shown of moves that may still be taken back: the game as it was before them.
 * A player sees his own pending moves; other players, spectators, posts and the public log do not
 * until the moves stand. So an undo never takes back anything anyone else saw.
 */
import type { AnyGameDefinition, Seat } from '../engine/index.js';
import { stateWithout, type PendingMove } from './undo.js';

/** The pending moves `viewer` may not see yet: the other seats' (every one, for a spectator). */
export function hiddenFrom(pending: readonly PendingMove[], viewer: Seat | null): Set<number> {
  return new Set(pending.filter((move) => move.seat !== viewer).map((move) => move.seq));
}

/**
 * The state `viewer` is shown: the log replayed from `start` without the moves hidden from him.
 * Where a later move relied on a hidden one, the state before the first hidden move (a moment of
 * the real game) instead.
 */
export function shownState(
  def: AnyGameDefinition,
  start: unknown,
  log: readonly { seq: number; seat: number; action: unknown; undone?: boolean }[],
  hidden: ReadonlySet<number>,
): unknown {
  const first = Math.min(...hidden);
  return (
    stateWithout(def, start, log, hidden) ??
    stateWithout(
      def,
      start,
      log.filter((entry) => entry.seq < first),
      new Set(),
    )
  );
}

/** The last move whose public events `viewer` may read: the one before the first hidden from him. */
export function shownThrough(version: number, hidden: ReadonlySet<number>): number {
  return hidden.size === 0 ? version : Math.min(...hidden) - 1;
}
