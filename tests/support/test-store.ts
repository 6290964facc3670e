/**
 * The store a storage test runs on. The storage suite (the store's and the service's tests) runs
 * twice: on SQLite in the `unit` project, and on PostgreSQL in the `postgres` project, which sets
 * HARBOUR_TEST_STORE=postgres (vitest.config.ts). On PostgreSQL each store gets a database of its
 * own, copied from a migrated template (made once per run, under an advisory lock, so that files
 * running at once make it once); its pool is closed and its database dropped after the test file.
 */
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { openDatabase } from '../../src/db/connection.js';
import type { Dialect } from '../../src/db/dialect.js';
import { postgresDialect } from '../../src/db/pg/dialect.js';
import { sqliteDialect } from '../../src/db/sqlite-dialect.js';
import { pgSchema } from '../../src/db/pg/connect.js';
import { migratePostgres, pgMigrationsFolder } from '../../src/db/pg/migrate.js';
import type { ShardScope } from '../../src/db/shard.js';
import { Storage } from '../../src/db/storage.js';

/** Whether this run's storage tests use PostgreSQL (the `postgres` project). */
export const onPostgres = process.env['HARBOUR_TEST_STORE'] === 'postgres';

/** A store over an empty database of the run's kind. */
export async function testStore(now: () => number = Date.now, shard?: ShardScope): Promise<Storage> {
  const h = await testHandle();
  const store = new Storage(h, now, shard);
  handles.set(store, h);
  return store;
}

/** A handle (../../src/db/dialect.ts) on an empty database of the run's kind, for a sub-store on its own. */
export async function testHandle(): Promise<Dialect> {
  if (!onPostgres) return sqliteDialect(openDatabase(':memory:'));
  const pool = await emptyPostgres();
  const h = postgresDialect(drizzle({ client: pool, schema: pgSchema }), 'test database');
  pools.set(h, pool);
  return h;
}

const pools = new WeakMap<Dialect, pg.Pool>();

/**
 * Whether no query of the store is on its way to the database now. SQLite answers within the
 * awaits of the call; a test that counts turns of the event loop to let work settle waits, on
 * PostgreSQL, until this holds as well.
 */
export function storeIdle(store: Storage): boolean {
  const pool = pools.get(handleOf(store));
  return !pool || (pool.idleCount === pool.totalCount && pool.waitingCount === 0);
}

const handles = new WeakMap<Storage, Dialect>();

/**
 * The handle under a store `testStore` made: a test arranges or reads rows through drizzle on it
 * (its tables are `t`), the same on both databases.
 */
export function handleOf(store: Storage): Dialect {
  const h = handles.get(store);
  if (!h) throw new Error('not a store made by testStore');
  return h;
}

/** The pools made for this file and their databases, closed and dropped after it. */
const made: { pool: pg.Pool; name: string }[] = [];
let registered = false;

async function emptyPostgres(): Promise<pg.Pool> {
  if (!registered) {
    registered = true;
    afterAll(async () => {
      const all = made.splice(0);
      await Promise.all(all.map(({ pool }) => pool.end()));
      await asServer(async (client) => {
        for (const { name } of all) await client.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
      });
    });
  }
  const template = await templateDatabase();
  const name = `harbour_store_${process.pid}_${made.length}_${Date.now().toString(36)}`;
  await asServer((client) => client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)} TEMPLATE ${pg.escapeIdentifier(template)}`));
  const pool = new pg.Pool({ connectionString: urlOf(name), max: 4 });
  pool.on('error', () => undefined);
  made.push({ pool, name });
  return pool;
}

let template: Promise<string> | undefined;

/** A database migrated to this version's schema, named by its migrations, made once per server. */
function templateDatabase(): Promise<string> {
  template ??= (async () => {
    const migrations = readdirSync(pgMigrationsFolder, { recursive: true }).map(String).sort().join('\n');
    const name = `harbour_template_${createHash('sha256').update(migrations).digest('hex').slice(0, 12)}`;
    await asServer(async (client) => {
      await client.query('SELECT pg_advisory_lock(4841, 1)');
      try {
        const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
        if (found.rowCount) return;
        const building = `${name}_building`;
        await client.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(building)}`);
        await client.query(`CREATE DATABASE ${pg.escapeIdentifier(building)}`);
        const pool = new pg.Pool({ connectionString: urlOf(building), max: 1 });
        try {
          await migratePostgres(pool);
        } finally {
          await pool.end();
        }
        await client.query(`ALTER DATABASE ${pg.escapeIdentifier(building)} RENAME TO ${pg.escapeIdentifier(name)}`);
      } finally {
        await client.query('SELECT pg_advisory_unlock(4841, 1)');
      }
    });
    return name;
  })();
  return template;
}

function urlOf(name: string): string {
  const url = new URL(inject('postgresUrl'));
  url.pathname = `/${name}`;
  return url.toString();
}

async function asServer<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: inject('postgresUrl') });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
