import { DrizzleQueryError } from 'drizzle-orm/errors';

/**
 * An error's code and first line, short enough for one line of output (never a stack). A query's
 * failure as drizzle wraps it ("Failed query: …", its values on the next line) is told by the
 * driver's error underneath, which says what went wrong; the query's text and values (a game's
 * whole state, hidden hands included) stay out of logs and answers.
 */
export function errorLine(error: unknown): string {
  let told = error;
  for (let depth = 0; told instanceof DrizzleQueryError && depth < 5; depth++) told = told.cause ?? 'a query failed';
  const code = (told as { code?: unknown } | null)?.code;
  const message = (told instanceof Error ? told.message : String(told)).split('\n')[0]?.slice(0, 160) ?? '';
  return typeof code === 'string' && !message.includes(code) ? `${code}: ${message}` : message;
}

/** An error's code as its driver or Node gives it (`SQLITE_BUSY`, `ECONNREFUSED`, `28P01`), '' without one. */
export function errorCode(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' || typeof code === 'number' ? String(code) : '';
}
