/**
 * Whether the bot's PostgreSQL database does its work, for /healthz, and how its pool of
 * connections is used, for /metrics. The health probe commits a real write, as the SQLite probe
 * does (src/ops/health.ts), so a server gone read-only (a standby after a failover, a provider's
 * storage limit) or full is found, not only one that answers. It writes one row of bot_state,
 * `health-probe`, to the time of the probe: always the same row, so nothing piles up.
 */
import type pg from 'pg';
import { errorCode, errorLine } from '../error-line.js';

/** How long a probe's answer is reused: a flood of requests must not become a flood of writes. */
export const PROBE_REUSE_MS = 1000;
/** The probe's own statements may take this long at most: a health check answers, even when the server does not. */
const PROBE_TIMEOUT_MS = 5000;
/** The row the probe writes. */
export const PROBE_KEY = 'health-probe';

/** What the probe needs of an open database (./connect.ts's PostgresDatabase). */
export interface Probed {
  pool: pg.Pool;
}

/**
 * A check for /healthz: null when the database answers and takes a write, else the problem in a
 * few words. Concurrent calls share one probe; its answer is reused for PROBE_REUSE_MS.
 */
export function postgresCheck(database: Probed, now: () => number = Date.now): () => Promise<string | null> {
  let last: { at: number; answer: Promise<string | null> } | null = null;
  return () => {
    if (last && now() - last.at < PROBE_REUSE_MS) return last.answer;
    last = { at: now(), answer: probe(database, now()) };
    return last.answer;
  };
}

async function probe(database: Probed, at: number): Promise<string | null> {
  let client: pg.PoolClient;
  try {
    client = await database.pool.connect();
  } catch (error) {
    return `cannot be reached (${errorLine(error)})`;
  }
  let broken: Error | undefined;
  // A connection cut while it is out of the pool emits 'error' to its holder only: unheard, it would end the process.
  const cut = (error: Error) => (broken = error);
  client.on('error', cut);
  try {
    await client.query('BEGIN');
    await client.query(`SET LOCAL statement_timeout = ${PROBE_TIMEOUT_MS}`);
    // Another process's probe holding the row is working, not broken.
    await client.query(`SET LOCAL lock_timeout = ${PROBE_TIMEOUT_MS / 5}`);
    await client.query('INSERT INTO bot_state (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value', [PROBE_KEY, at]);
    await client.query('COMMIT');
    return null;
  } catch (error) {
    await client.query('ROLLBACK').catch((lost: Error) => (broken = lost));
    const code = errorCode(error);
    if (code === '55P03') return null;
    broken ??= error as Error;
    // The server's own refusals carry a SQLSTATE; anything else is the connection.
    return `${/^[0-9A-Z]{5}$/.test(code) ? 'cannot be written' : 'cannot be reached'} (${errorLine(error)})`;
  } finally {
    client.off('error', cut);
    // A connection that failed is closed, not put back for the store's next query.
    client.release(broken);
  }
}

/** The pool as /metrics shows it: connections open, in use, idle, and queries waiting for one. */
export interface PoolFigures {
  total: number;
  inUse: number;
  idle: number;
  waiting: number;
}

export function poolFigures(pool: pg.Pool): PoolFigures {
  return { total: pool.totalCount, inUse: pool.totalCount - pool.idleCount, idle: pool.idleCount, waiting: pool.waitingCount };
}
