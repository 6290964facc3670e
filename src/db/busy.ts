import Database from 'better-sqlite3';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * How long a write waits for the database's lock before it gives up, in ms. Short on purpose:
 * better-sqlite3 waits on the main thread, so every interaction would wait with it. A write that
 * finds the database busy is tried again after a pause that leaves the event loop free.
 */
export const BUSY_TIMEOUT_MS = 100;

/**
 * What a failed query says about the database, as /metrics counts it and the bot answers it:
 * - `busy`: another writer held the lock (SQLite's SQLITE_BUSY/LOCKED, PostgreSQL's lock
 *   timeout 55P03); `serialization` (40001) and `deadlock` (40P01): PostgreSQL rolled the
 *   transaction back to keep it consistent. All three changed nothing and are tried again.
 * - `connection`: the database server could not be reached or the connection was cut.
 * - `other`: anything else (a full disk, a bug).
 */
export type QueryErrorKind = 'busy' | 'serialization' | 'deadlock' | 'connection' | 'other';

/** Network failures of a connection to the server (Node's codes). */
const NETWORK = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EHOSTDOWN', 'ENOTFOUND', 'EAI_AGAIN']);
/**
 * The server going away: shut down by its administrator (57P01) or a crash (57P02), not taking
 * connections yet while it starts or recovers (57P03); class 08 is "connection exception".
 */
const SERVER_GONE = new Set(['57P01', '57P02', '57P03']);
/** node-postgres says a cut connection in words only (pg's client and pool). */
const CUT = /^(Connection terminated|Client has encountered a connection error|Client was closed and is not queryable)/;

/** The kind of a failed query (see QueryErrorKind); wrappers (drizzle's DrizzleQueryError) are looked through. */
export function queryErrorKind(error: unknown): QueryErrorKind {
  for (let inner = error, depth = 0; inner !== null && typeof inner === 'object' && depth < 4; inner = (inner as { cause?: unknown }).cause, depth++) {
    const kind = ownKind(inner);
    if (kind) return kind;
  }
  return 'other';
}

function ownKind(error: object): QueryErrorKind | null {
  if (error instanceof Database.SqliteError) return error.code.startsWith('SQLITE_BUSY') || error.code.startsWith('SQLITE_LOCKED') ? 'busy' : null;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (code === '55P03') return 'busy';
    if (code === '40001') return 'serialization';
    if (code === '40P01') return 'deadlock';
    if (NETWORK.has(code) || SERVER_GONE.has(code) || code.startsWith('08')) return 'connection';
  }
  return error instanceof Error && CUT.test(error.message) ? 'connection' : null;
}

/**
 * Whether an error means the write lost to another and changed nothing, so that trying it again
 * is safe: another connection held the lock (SQLite, or PostgreSQL past its lock timeout), or
 * PostgreSQL rolled the transaction back for a serialization failure or a deadlock.
 */
export function isBusy(error: unknown): boolean {
  const kind = queryErrorKind(error);
  return kind === 'busy' || kind === 'serialization' || kind === 'deadlock';
}

/** Whether an error means the database server cannot be reached (or the connection was cut). */
export function isUnreachable(error: unknown): boolean {
  return queryErrorKind(error) === 'connection';
}

/**
 * A write whose connection was cut while its commit was on the way to the server: committed or
 * not, nobody here can tell. Its cause is the connection's error (a `connection` kind). The
 * player is told to look, never "nothing was changed": what the database holds decides, and the
 * posts and panels follow it once the server answers again.
 */
export class CommitUnknown extends Error {
  constructor(cause: unknown) {
    super('the connection was cut while a commit was on its way: it may or may not have been made', { cause });
    this.name = 'CommitUnknown';
  }
}

/** Failures before a statement left this process: whatever it was to write, it did not. */
const NEVER_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'EHOSTDOWN', '57P03']);

/**
 * `error` as the failure of a commit that was sent: a cut connection becomes CommitUnknown
 * (unless the connection was never made), anything else stays as it is.
 */
export function asCommitFailure(error: unknown): unknown {
  if (queryErrorKind(error) !== 'connection') return error;
  const code = queryErrorCode(error);
  const connecting = (code !== null && NEVER_SENT.has(code)) || /timeout exceeded when trying to connect/i.test(error instanceof Error ? error.message : '');
  return connecting ? error : new CommitUnknown(error);
}

export function isCommitUnknown(error: unknown): boolean {
  for (let inner = error, depth = 0; inner instanceof Error && depth < 4; inner = inner.cause, depth++) if (inner instanceof CommitUnknown) return true;
  return false;
}

/** The code a failed query carries (SQLite's, PostgreSQL's SQLSTATE or Node's), for a log line; never its message, which may hold the query's values. */
export function queryErrorCode(error: unknown): string | null {
  for (let inner = error, depth = 0; inner !== null && typeof inner === 'object' && depth < 4; inner = (inner as { cause?: unknown }).cause, depth++) {
    const code = (inner as { code?: unknown }).code;
    if (typeof code === 'string' && code) return code;
    if (inner instanceof Error && CUT.test(inner.message)) return 'connection terminated';
  }
  return null;
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
