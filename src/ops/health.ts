/**
 * Whether the bot can do its work now: hear Discord (the gateway is connected) and keep what
 * players do (the database takes a write). /healthz answers 200 only when both hold, else 503
 * with a line per problem.
 */
import type Database from 'better-sqlite3';
import { isBusy } from '../db/busy.js';
import { errorLine } from '../db/connection.js';

export interface Health {
  ok: boolean;
  /** One line each, such as `database: cannot be written (SQLITE_FULL: database or disk is full)`. */
  problems: string[];
  /** What is well worth saying beside: each shard's lease on PostgreSQL ("shard 2: held (epoch 5, …)"). */
  notes?: string[];
}

/**
 * A problem in words, or null when all is well. A check may answer later (PostgreSQL's probe
 * waits for the server; src/db/pg/health.ts); it bounds its own wait.
 */
export type Check = () => string | null | Promise<string | null>;

/** Runs every check, all at once; a check that throws or rejects is a problem too. */
export async function healthOf(checks: Record<string, Check>): Promise<Health> {
  const found = await Promise.all(
    Object.entries(checks).map(async ([name, check]) => {
      let problem: string | null;
      try {
        problem = await check();
      } catch (error) {
        problem = `could not be checked (${errorLine(error)})`;
      }
      return problem === null ? [] : [`${name}: ${problem}`];
    }),
  );
  const problems = found.flat();
  return { ok: problems.length === 0, problems };
}

/** How long a probe's answer is reused: a flood of requests must not keep the database's lock. */
const PROBE_REUSE_MS = 1000;

/**
 * Whether the database takes a write: a real commit that changes nothing (the user_version
 * written back as it is), so a full disk, a file gone read-only or an I/O error is found, not
 * only a lock that cannot be taken. A database busy with another writer (past the short busy
 * timeout) is working, not broken.
 */
export function databaseCheck(sqlite: Database.Database, now: () => number = Date.now): () => string | null {
  let last: { at: number; problem: string | null } | null = null;
  return () => {
    if (last && now() - last.at < PROBE_REUSE_MS) return last.problem;
    last = { at: now(), problem: probeWrite(sqlite) };
    return last.problem;
  };
}

function probeWrite(sqlite: Database.Database): string | null {
  if (!sqlite.open) return 'closed';
  // Never commit someone else's work (no transaction stays open across an await; be sure anyway).
  if (sqlite.inTransaction) return null;
  try {
    sqlite.exec('BEGIN IMMEDIATE');
    const version = Number(sqlite.pragma('user_version', { simple: true }));
    sqlite.pragma(`user_version = ${version}`);
    sqlite.exec('COMMIT');
    return null;
  } catch (error) {
    return isBusy(error) ? null : `cannot be written (${errorLine(error)})`;
  } finally {
    if (sqlite.inTransaction) rollBack(sqlite);
  }
}

function rollBack(sqlite: Database.Database): void {
  try {
    sqlite.exec('ROLLBACK');
  } catch {
    // SQLite may have rolled back by itself (after an I/O error): nothing is left open.
  }
}
