import Database from 'better-sqlite3';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * How long a write waits for the database's lock before it gives up, in ms. Short on purpose:
 * better-sqlite3 waits on the main thread, so every interaction would wait with it. A write that
 * finds the database busy is tried again after a pause that leaves the event loop free.
 */
export const BUSY_TIMEOUT_MS = 100;

/** Whether an error means another connection holds the database's write lock. */
export function isBusy(error: unknown): boolean {
  return error instanceof Database.SqliteError && (error.code.startsWith('SQLITE_BUSY') || error.code.startsWith('SQLITE_LOCKED'));
}

/**
 * Runs a write, trying again while the database is busy, for up to `budgetMs` (then the busy
 * error is thrown). For writes that must happen, e.g. recording that a post went out. The write
 * may be asynchronous (the service's are): a busy error it rejects with is tried again alike.
 */
export async function whenWritable<T>(write: () => T | Promise<T>, budgetMs = 60_000, pauseMs = 200): Promise<T> {
  const until = Date.now() + budgetMs;
  for (;;) {
    try {
      return await write();
    } catch (error) {
      if (!isBusy(error) || Date.now() >= until) throw error;
      await sleep(pauseMs);
    }
  }
}
