/**
 * Taking back a move. A player may undo his latest action still in force when it showed nothing
 * new to anyone and kept the turn (the game's `undoable`, recorded with each action), and every
 * action after it did too and was another seat's (the others' secret choices in a simultaneous
 * phase). The undo is logged like any action; replay passes over the action it took back.
 */
import type { AnyGameDefinition, Seat } from '../engine/index.js';
import type { UndoTrailEntry } from '../db/store.js';
import { applyLogged, inForce, isResign } from './replay.js';

/** The seq of the action `seat` may take back now, reading the log newest first; null for none. */
export function undoTarget(trail: Iterable<UndoTrailEntry>, seat: Seat): number | null {
  for (const entry of trail) {
    // Undos and what they took back are as if never made.
    if (entry.undo || entry.undone) continue;
    if (!entry.undoable) return null;
    if (entry.seat === seat) return entry.origin === 'player' ? entry.seq : null;
  }
  return null;
}

/** Whether `action` is one `seat` may make in `state`. */
function isLegal(def: AnyGameDefinition, state: unknown, seat: Seat, action: unknown): boolean {
  if (isResign(action)) return true;
  if (!(def.toAct(state) as Seat[]).includes(seat)) return false;
  const key = JSON.stringify(action);
  return (def.legalActions(state, seat) as unknown[]).some((legal) => JSON.stringify(legal) === key);
}

/**
 * The state with the action at `target` taken back: the log replayed from `start` without it.
 * Null if an action after it would no longer be legal (it relied on the one taken back).
 */
export function stateWithout(def: AnyGameDefinition, start: unknown, log: Iterable<{ seq: number; seat: number; action: unknown; undone?: boolean }>, target: number): unknown {
  let state = start;
  for (const entry of log) {
    if (entry.seq === target || !inForce(entry)) continue;
    if (entry.seq > target && !isLegal(def, state, entry.seat, entry.action)) return null;
    state = applyLogged(def, state, entry.seat, entry.action);
  }
  return state;
}
