/**
 * The service writes its own actions into a game's log beside the games' moves as `{"$": …}`: an
 * undo (`{"$":"undo"}`), a resignation (src/service/action-log.ts). What the store reads of that mark.
 */

/** Whether a logged action is an undo. */
export function isUndo(action: unknown): boolean {
  return typeof action === 'object' && action !== null && (action as { $?: unknown }).$ === 'undo';
}

/**
 * Whether a logged action is a move of the game rather than the service's own, as SQLite's
 * `json_extract(action, '$."$"') IS NULL` read it when triggers timed the moves: a "$" that is
 * null counts as none.
 */
export function isOwnMove(action: unknown): boolean {
  if (typeof action !== 'object' || action === null || Array.isArray(action)) return true;
  const mark = (action as { $?: unknown }).$;
  return mark === undefined || mark === null;
}
