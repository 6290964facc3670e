/**
 * When two actions are the same action, decided in one place for everything outside the games'
 * own rules: the service checking a planned or logged move against the legal ones, the undo check
 * replaying the log, the bot's search keying its tree. Actions are JSON data; two are the same when
 * their canonical JSON is (every object's keys sorted), so the order their fields were written in,
 * by a game or by SQLite's JSON on the way back from the log, never matters.
 */
export function actionKey(action: unknown): string {
  if (action === null || typeof action !== 'object') return JSON.stringify(action) ?? 'null';
  if (Array.isArray(action)) {
    let text = '[';
    for (let i = 0; i < action.length; i++) text += (i > 0 ? ',' : '') + actionKey(action[i]);
    return `${text}]`;
  }
  const fields = action as Record<string, unknown>;
  let text = '{';
  let first = true;
  // A loop rather than map/join: the search keys every legal action of every node it visits.
  for (const key of Object.keys(fields).sort()) {
    const value = fields[key];
    // As in JSON: a field without a value is no field.
    if (value === undefined || typeof value === 'function') continue;
    text += `${first ? '' : ','}${JSON.stringify(key)}:${actionKey(value)}`;
    first = false;
  }
  return `${text}}`;
}

export function sameAction(a: unknown, b: unknown): boolean {
  return actionKey(a) === actionKey(b);
}

/** Where `action` is among `legal`, or -1. */
export function indexOfAction(legal: readonly unknown[], action: unknown): number {
  const key = actionKey(action);
  return legal.findIndex((candidate) => actionKey(candidate) === key);
}
