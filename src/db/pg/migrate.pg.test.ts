import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, dropTestDatabase } from '../../../tests/support/postgres/database.js';
import { knownSchema } from '../schema-version.js';
import { MIGRATION_LOCK, migratePostgres, pgMigrationsFolder, pgSchemaOf, type PgUpgrade } from './migrate.js';

// The PostgreSQL migrator against a real server (tests/support/postgres), a fresh database per test.

const known = knownSchema(pgMigrationsFolder);
const opened: pg.Pool[] = [];
const made: string[] = [];

async function freshDatabase(): Promise<string> {
  const url = await createTestDatabase();
  made.push(url);
  return url;
}

function pool(url: string): pg.Pool {
  const p = new pg.Pool({ connectionString: url, max: 2 });
  p.on('error', () => undefined); // an idle connection cut when its database is dropped
  opened.push(p);
  return p;
}

async function rows<T extends pg.QueryResultRow>(p: pg.Pool, text: string): Promise<T[]> {
  return (await p.query<T>(text)).rows;
}

/** Where a message names the database: "harbour@127.0.0.1:port/harbour_test_…", never the password. */
const where = (url: string) => `${new URL(url).username}@${new URL(url).hostname}:${new URL(url).port}${new URL(url).pathname}`;

/** Advisory locks held in this database (pg_locks is the whole server's). */
const advisoryLocksHeld = (p: pg.Pool) =>
  rows(p, `SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`);

afterEach(async () => {
  await Promise.all(opened.splice(0).map((p) => p.end()));
  await Promise.all(made.splice(0).map(dropTestDatabase));
});

describe('migrating a PostgreSQL database', () => {
  it('brings an empty database to the schema this version knows, once, and lets go of its lock', async () => {
    const db = pool(await freshDatabase());
    const upgrades: PgUpgrade[] = [];
    await migratePostgres(db, (u) => upgrades.push(u));
    expect(known.version).toBeGreaterThan(0);
    expect(upgrades).toEqual([{ from: 0, to: known.version }]);
    const client = await db.connect();
    expect(await pgSchemaOf(client)).toEqual(known);
    client.release();
    const tables = await rows<{ name: string }>(db, `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1`);
    expect(tables.map((t) => t.name)).toContain('games');
    expect(await advisoryLocksHeld(db)).toEqual([]);
    // Up to date: the next start applies nothing.
    await migratePostgres(db, (u) => upgrades.push(u));
    expect(upgrades).toHaveLength(1);
  });

  it('applies the migrations once when two processes start together', async () => {
    const url = await freshDatabase();
    const upgrades: PgUpgrade[] = [];
    const [first, second] = [pool(url), pool(url)];
    await Promise.all([migratePostgres(first, (u) => upgrades.push(u)), migratePostgres(second, (u) => upgrades.push(u))]);
    expect(upgrades).toEqual([{ from: 0, to: known.version }]);
    const applied = await rows<{ n: number }>(first, 'SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
    expect(applied).toEqual([{ n: known.version }]);
  });

  it('waits for the process that holds the lock', async () => {
    const url = await freshDatabase();
    const holder = await pool(url).connect();
    await holder.query('SELECT pg_advisory_lock($1, $2)', [...MIGRATION_LOCK]);
    let done = false;
    const migrating = migratePostgres(pool(url)).then(() => (done = true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(done).toBe(false);
    await holder.query('SELECT pg_advisory_unlock($1, $2)', [...MIGRATION_LOCK]);
    holder.release();
    await migrating;
    expect(done).toBe(true);
  });

  it('refuses a database made by a newer version of the bot, in one sentence, and changes nothing', async () => {
    const url = await freshDatabase();
    const db = pool(url);
    await migratePostgres(db);
    await db.query('INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ($1, $2)', ['from-a-newer-version', known.newest + 1]);
    const upgrades: PgUpgrade[] = [];
    await expect(migratePostgres(db, (u) => upgrades.push(u))).rejects.toThrow(
      `the PostgreSQL database ${where(url)} was made by a newer version of the bot (database schema ${known.version + 1}; this version knows schema ${known.version} at most); ` +
        'run the newer version of the bot, or put back a copy of the database made before it was upgraded',
    );
    expect(upgrades).toEqual([]);
    expect(await rows(db, 'SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations')).toEqual([{ n: known.version + 1 }]);
    expect(await advisoryLocksHeld(db)).toEqual([]);
  });

  it('says which statement failed and leaves the database as it was when a migration cannot be applied', async () => {
    const url = await freshDatabase();
    const db = pool(url);
    await db.query('CREATE TABLE games (id integer)');
    await expect(migratePostgres(db)).rejects.toThrow(
      `the PostgreSQL database ${where(url)} could not be brought up to this version of the bot (42P07: relation "games" already exists); nothing was changed (the migrations run in one transaction)`,
    );
    const tables = await rows<{ name: string }>(db, `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public'`);
    expect(tables).toEqual([{ name: 'games' }]);
    expect(await advisoryLocksHeld(db)).toEqual([]);
  });
});
