import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, dropTestDatabase } from '../../../tests/support/postgres/database.js';
import { closedPort } from '../../../tests/support/ports.js';
import { openPostgres, type PostgresDatabase } from './connect.js';
import { poolFigures, postgresCheck, PROBE_KEY, PROBE_REUSE_MS } from './health.js';

// The health probe and the pool's figures against the run's real server: a probe passes only
// when a write commits, and says what is wrong when none can.

const opened: PostgresDatabase[] = [];
const made: string[] = [];

async function fresh(poolSize = 2): Promise<{ url: string; handle: PostgresDatabase }> {
  const url = await createTestDatabase();
  made.push(url);
  return { url, handle: await open(url, poolSize) };
}

async function open(url: string, poolSize = 2): Promise<PostgresDatabase> {
  const handle = await openPostgres(url, { poolSize, connectTimeoutMs: 2000 });
  opened.push(handle);
  return handle;
}

afterEach(async () => {
  await Promise.all(opened.splice(0).map((handle) => handle.close()));
  await Promise.all(made.splice(0).map(dropTestDatabase));
});

async function probeRows(handle: PostgresDatabase) {
  return (await handle.pool.query<{ key: string; value: number }>('SELECT key, value::float8 AS value FROM bot_state')).rows;
}

describe('the PostgreSQL health probe', () => {
  it('passes when a write commits, keeping one row, and reuses its answer for a second', async () => {
    const { handle } = await fresh();
    let clock = 1_000_000;
    const check = postgresCheck(handle, () => clock);
    expect(await check()).toBeNull();
    expect(await probeRows(handle)).toEqual([{ key: PROBE_KEY, value: 1_000_000 }]);
    clock += PROBE_REUSE_MS - 1;
    expect(await check()).toBeNull();
    expect(await probeRows(handle)).toEqual([{ key: PROBE_KEY, value: 1_000_000 }]);
    clock += 1;
    await Promise.all([check(), check(), check()]);
    // Written again, in the same row: probes leave nothing behind but it.
    expect(await probeRows(handle)).toEqual([{ key: PROBE_KEY, value: 1_000_000 + PROBE_REUSE_MS }]);
    expect(poolFigures(handle.pool)).toMatchObject({ inUse: 0, waiting: 0 });
  });

  it('fails when the database answers but takes no write (read-only, as a standby after a failover)', async () => {
    const { url, handle } = await fresh();
    await handle.close();
    const name = new URL(url).pathname.slice(1);
    await handle.pool.end().catch(() => undefined);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`ALTER DATABASE ${name} SET default_transaction_read_only = on`);
    await admin.end();
    const readOnly = await open(url);
    expect(await postgresCheck(readOnly)()).toBe('cannot be written (25006: cannot execute INSERT in a read-only transaction)');
    // The failed probe's connection was not put back for the store.
    expect(poolFigures(readOnly.pool)).toMatchObject({ total: 0, inUse: 0 });
  });

  it('fails when the server cannot be reached', async () => {
    const pool = new pg.Pool({ host: '127.0.0.1', port: await closedPort(), user: 'nobody', database: 'nothing', connectionTimeoutMillis: 1000 });
    try {
      expect(await postgresCheck({ pool })()).toMatch(/^cannot be reached \(connect ECONNREFUSED 127\.0\.0\.1:\d+\)$/);
    } finally {
      await pool.end();
    }
  });

  it('fails when a connection of the pool was cut in the middle of the probe', async () => {
    const { handle } = await fresh(1);
    const client = await handle.pool.connect();
    const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    client.release();
    // The probe's query waits on a lock, and its connection is cut meanwhile.
    const holder = new pg.Client({ connectionString: made[0] });
    await holder.connect();
    await holder.query('BEGIN');
    await holder.query('LOCK TABLE bot_state IN ACCESS EXCLUSIVE MODE');
    const probing = postgresCheck(handle)();
    await until(async () => (await holder.query(`SELECT 1 FROM pg_stat_activity WHERE pid = $1 AND wait_event_type = 'Lock'`, [rows[0]?.pid])).rowCount === 1);
    await holder.query('SELECT pg_terminate_backend($1)', [rows[0]?.pid]);
    await holder.query('ROLLBACK');
    await holder.end();
    expect(await probing).toMatch(/^cannot be (reached|written) \(/);
    // The store goes on with a new connection.
    expect(await postgresCheck(handle, () => Date.now() + 10 * PROBE_REUSE_MS)()).toBeNull();
  });
});

describe("the pool's figures", () => {
  it('counts connections open, in use and idle, and queries waiting for one', async () => {
    const { handle } = await fresh(2);
    expect(poolFigures(handle.pool)).toMatchObject({ inUse: 0, waiting: 0 });
    const [a, b] = [await handle.pool.connect(), await handle.pool.connect()];
    const waiting = handle.pool.query('SELECT 1');
    expect(poolFigures(handle.pool)).toEqual({ total: 2, inUse: 2, idle: 0, waiting: 1 });
    a.release();
    await waiting;
    b.release();
    expect(poolFigures(handle.pool)).toEqual({ total: 2, inUse: 0, idle: 2, waiting: 0 });
  });
});

async function until(condition: () => Promise<boolean>, withinMs = 10_000): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('waited in vain');
    await new Promise((done) => setTimeout(done, 50));
  }
}
