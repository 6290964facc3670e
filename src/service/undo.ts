/**
 * Taking back a move. A player may undo his latest action still in force when it showed nothing
 * new to anyone and kept the turn (the game's `undoable`, recorded with each action), and every
 * action after it did too and was another seat's (the others' secret choices in a simultaneous
 * phase). The undo is logged like any action; replay passes over the action it took back.
 */
import { indexOfAction, type AnyGameDefinition, type Seat } from '../engine/index.js';
import type { UndoTrailEntry } from '../db/storage.js';
import { applyLogged, inForce, isResign } from './action-log.js';

/** A move that may still be taken back: what others must not be shown yet (see ./shown.ts). */
export interface PendingMove {
  seq: number;
  seat: Seat;
}

/** The log newest first, as the store reads it (a few rows at a time), or as a list. */
export type UndoTrail = AsyncIterable<UndoTrailEntry> | Iterable<UndoTrailEntry>;

/**
 * Every move that may still be taken back, newest first, reading the log newest first: the
 * undoable moves after the last one that was not, each seat's back to a move the bot made for it.
 * Stops reading at the first move that may not be taken back (usually within a few).
 */
export async function pendingMoves(trail: UndoTrail): Promise<PendingMove[]> {
  const pending: PendingMove[] = [];
  const blocked = new Set<Seat>();
  for await (const entry of trail) {
    // Undos and what they took back are as if never made.
    if (entry.undo || entry.undone) continue;
    if (!entry.undoable) break;
    // A bot's move, or one made for an absent player, is nobody's to take back, nor what lies under it.
    if (entry.origin !== 'player') blocked.add(entry.seat);
    else if (!blocked.has(entry.seat)) pending.push({ seq: entry.seq, seat: entry.seat });
  }
  return pending;
}

/** The seq of the move `seat` may take back now, of those pending; null for none. */
export function latestPendingOf(pending: readonly PendingMove[], seat: Seat): number | null {
  return pending.find((move) => move.seat === seat)?.seq ?? null;
}

/** The seq of the action `seat` may take back now, reading the log newest first; null for none. */
export async function undoTarget(trail: UndoTrail, seat: Seat): Promise<number | null> {
  return latestPendingOf(await pendingMoves(trail), seat);
}

/** Whether `action` is one `seat` may make in `state`. */
function isLegal(def: AnyGameDefinition, state: unknown, seat: Seat, action: unknown): boolean {
  if (isResign(action)) return true;
  if (!def.toAct(state).includes(seat)) return false;
  return indexOfAction(def.legalActions(state, seat) as unknown[], action) >= 0;
}

/**
 * The state with the actions `taken` taken back: the log replayed from `start` without them.
 * Null if an action after one of them would no longer be legal (it relied on one taken back).
 */
export function stateWithout(
  def: AnyGameDefinition,
  start: unknown,
  log: Iterable<{ seq: number; seat: number; action: unknown; undone?: boolean }>,
  taken: number | ReadonlySet<number>,
): unknown {
  const without = typeof taken === 'number' ? new Set([taken]) : taken;
  const first = Math.min(...without);
  let state = start;
  for (const entry of log) {
    if (without.has(entry.seq) || !inForce(entry)) continue;
    if (entry.seq > first && !isLegal(def, state, entry.seat, entry.action)) return null;
    state = applyLogged(def, state, entry.seat, entry.action);
  }
  return state;
}
