/**
 * When two actions are the same action, decided in one place: every game's `apply` finding the
 * listed action it was given, the service checking a planned or logged move against the legal
 * ones, the undo check replaying the log, the bot's search keying its tree. Actions are JSON data; two are the same when
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

/**
 * Whether `a` and `b` are the same action: exactly when their `actionKey`s are equal, compared
 * field by field without building the keys (every game's `apply` asks it on the search's hot path).
 */
export function sameAction(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameAction(a[i], b[i])) return false;
    return true;
  }
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  let fields = 0;
  for (const key in x) {
    if (!Object.hasOwn(x, key) || !isField(x[key])) continue;
    fields++;
    if (!Object.hasOwn(y, key) || !sameAction(x[key], y[key])) return false;
  }
  for (const key in y) if (Object.hasOwn(y, key) && isField(y[key])) fields--;
  return fields === 0;
}

/** As in JSON: a field without a value (or a function) is no field. */
const isField = (value: unknown): boolean => value !== undefined && typeof value !== 'function';

/** Where `action` is among `legal`, or -1. */
export function indexOfAction(legal: readonly unknown[], action: unknown): number {
  return legal.findIndex((candidate) => sameAction(candidate, action));
}
