import { publicEvents, type AnyGameDefinition, type Seat } from '../engine/index.js';
import { isUndo } from '../db/action-marks.js';

export { publicEvents };

/** How a resignation is written in the action log, beside the games' own actions. */
export const RESIGN_ACTION = { $: 'resign' } as const;

/** Whether a logged action is a resignation rather than a game's own action. */
export function isResign(action: unknown): boolean {
  return typeof action === 'object' && action !== null && (action as { $?: unknown }).$ === 'resign';
}

/** How an undo is written in the action log: it takes back its seat's latest action still in force. */
export const UNDO_ACTION = { $: 'undo' } as const;

/** Whether a logged action is an undo (the store reads the same mark). */
export { isUndo };

/**
 * Whether a logged action is the service's own (an undo or a resignation, written `{"$": …}`)
 * rather than a move of the game: what the records' time per move leaves out (src/db/action-marks.ts).
 */
export function isServiceAction(action: unknown): boolean {
  return typeof action === 'object' && action !== null && '$' in action;
}

/** Whether a logged action counts: not an undo, and not taken back by one. */
export const inForce = (entry: { action: unknown; undone?: boolean }): boolean => entry.undone !== true && !isUndo(entry.action);

/** Applies one logged action: a game action, or a resignation. */
export function applyLogged(def: AnyGameDefinition, state: unknown, seat: Seat, action: unknown): unknown {
  return isResign(action) ? def.resign(state, seat) : def.apply(state, seat, action);
}

/** A game's state before its first action. */
export function startOf(def: AnyGameDefinition, game: { seed: string; options: unknown; rulesVersion?: number }, seats: number): unknown {
  // Under the rules the game was opened with: a later change of the rules does not rewrite its history.
  const rulesVersion = game.rulesVersion ?? def.rulesVersion;
  const options: unknown = def.options.parse(game.options);
  return def.setup({ seats, seed: game.seed, options, rulesVersion }) as unknown;
}

/** Rebuilds a game's state from its seed, options and action log (the actions still in force). */
export function replay(
  def: AnyGameDefinition,
  game: { seed: string; options: unknown; rulesVersion?: number },
  seats: number,
  log: Iterable<{ seat: number; action: unknown; undone?: boolean }>,
): unknown {
  let state = startOf(def, game, seats);
  // Actions taken back, and the undos themselves, are passed over: the state is as if never made.
  for (const entry of log) if (inForce(entry)) state = applyLogged(def, state, entry.seat, entry.action);
  return state;
}

/** The public events of setting a game up (the deal, the first round): told in its opening post. */
export function setupEvents(def: AnyGameDefinition, game: { seed: string; options: unknown; rulesVersion?: number }, seats: number): unknown[] {
  return publicEvents(def, replay(def, game, seats, []));
}
