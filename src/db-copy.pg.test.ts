import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { cpSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { getTableName, sql } from 'drizzle-orm';
import { drizzle as sqliteDrizzle } from 'drizzle-orm/better-sqlite3';
import { drizzle as pgDrizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillDatabase, type FilledDatabase } from '../tests/support/filled-database.js';
import { createTestDatabase, dropTestDatabase } from '../tests/support/postgres/database.js';
import { migratePostgres } from './db/pg/migrate.js';
import * as pgTables from './db/pg/schema.js';
import { DatabaseLock } from './db/lock.js';
import { knownSchema } from './db/schema-version.js';
import { copiedTables, type CopiedTable } from './ops/db-copy/tables.js';
import { closedPort } from '../tests/support/ports.js';

// npm run db:copy, run as a person runs it (the script itself, in a process of its own), from a
// SQLite database filled through the real GameService into databases of the test run's
// PostgreSQL server (tests/support/postgres).

const script = fileURLToPath(new URL('./db-copy.ts', import.meta.url));
const tables = copiedTables();
const made: string[] = [];
let source: string;
let filled: FilledDatabase;

async function freshDatabase(): Promise<string> {
  const url = await createTestDatabase();
  made.push(url);
  return url;
}

/** Runs the command in a folder of its own (no .env there) with these arguments. */
async function dbCopy(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), script, ...args], {
    cwd: mkdtempSync(join(tmpdir(), 'harbour-db-copy-cwd-')),
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const [code] = (await once(child, 'close')) as [number | null];
  return { code, stdout, stderr };
}

async function withPool<T>(url: string, work: (pool: pg.Pool) => Promise<T>): Promise<T> {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  try {
    return await work(pool);
  } finally {
    await pool.end();
  }
}

const sha = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');
const passwordOf = (url: string) => decodeURIComponent(new URL(url).password);

/** A table's rows as drizzle reads them from each database, in primary key order. */
function byKey(table: CopiedTable, rows: Record<string, unknown>[]): Record<string, unknown>[] {
  const keys = table.columns.filter((c) => table.primaryKey.includes(c.name)).map((c) => c.key);
  const key = (row: Record<string, unknown>) => JSON.stringify(keys.map((k) => row[k]));
  return [...rows].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

async function pgCounts(url: string): Promise<Record<string, number>> {
  return withPool(url, async (pool) => {
    const counts: Record<string, number> = {};
    for (const table of tables) counts[table.name] = Number((await pool.query<{ n: string }>(`SELECT count(*) AS n FROM "${table.name}"`)).rows[0]?.n);
    return counts;
  });
}

async function tablesIn(url: string): Promise<string[]> {
  return withPool(url, async (pool) =>
    (await pool.query<{ name: string }>(`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1`)).rows.map(
      (row) => row.name,
    ),
  );
}

beforeAll(async () => {
  source = join(mkdtempSync(join(tmpdir(), 'harbour-db-copy-')), 'games.sqlite');
  filled = await fillDatabase(source);
}, 120_000);

afterAll(async () => {
  for (const url of made) await dropTestDatabase(url);
});

describe('npm run db:copy', () => {
  it('copies every table row by row, converting each value to its PostgreSQL type, keeps ids and sets the identities past them, and leaves the SQLite file as it was', async () => {
    const target = await freshDatabase();
    const before = sha(source);
    const sqlite = new Database(source, { readonly: true });
    const fromSqlite = sqliteDrizzle(sqlite);
    // Every table has rows to compare (the fixture fills them all).
    for (const table of tables) expect([table.name, (await fromSqlite.select().from(table.sqlite)).length > 0]).toEqual([table.name, true]);

    const run = await dbCopy(['--from', source, '--to', target]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).not.toContain(passwordOf(target));
    const summary = run.stdout.trim().split('\n').at(-1) as string;
    expect(summary).toMatch(
      new RegExp(
        `^Copied ${source} to the PostgreSQL database harbour@127\\.0\\.0\\.1:\\d+/harbour_test_\\w+ in [\\d.]+ s: 6 games, \\d+ logged actions, .* rows in ${tables.length} tables\\. Every one of the 4 games with a snapshot replays to it there`,
      ),
    );

    await withPool(target, async (pool) => {
      const fromPg = pgDrizzle({ client: pool });
      for (const table of tables) {
        const expected = byKey(table, await fromSqlite.select().from(table.sqlite));
        const copied = byKey(table, await fromPg.select().from(table.pg));
        expect({ table: table.name, rows: copied }).toEqual({ table: table.name, rows: expected });
      }
      // The types: booleans, jsonb and bigint, not SQLite's integers and text.
      const types = await pool.query(
        `SELECT pg_typeof(settings)::text AS j, pg_typeof(updated_at)::text AS t, jsonb_typeof(settings) AS o, jsonb_typeof(settings->'useThreads') AS b, jsonb_typeof(settings->'allowedChannels') AS a FROM guild_settings`,
      );
      expect(types.rows).toEqual([{ j: 'jsonb', t: 'bigint', o: 'object', b: 'boolean', a: 'array' }]);
      // New rows are numbered after the copied ones.
      const highest = Math.max(...Object.values<number>({ ...filled }));
      const [game] = await fromPg
        .insert(pgTables.games)
        .values({ guildId: 'g', channelId: 'c', hostId: 'u9', gameId: 'cartagena', options: {}, seed: 'after', rulesVersion: 1, createdAt: 1, updatedAt: 1 })
        .returning({ id: pgTables.games.id });
      expect(game?.id).toBe(highest + 1);
      const notices = (await sqlite.prepare('SELECT max(id) AS id FROM notices').get()) as { id: number };
      const [notice] = await fromPg
        .insert(pgTables.notices)
        .values({ gameId: filled.running, content: 'x', createdAt: 1 })
        .returning({ id: pgTables.notices.id });
      expect(notice?.id).toBe(notices.id + 1);
      const timeOff = (await sqlite.prepare('SELECT max(id) AS id FROM time_off').get()) as { id: number };
      const [away] = await fromPg
        .execute<{ id: number }>(sql`INSERT INTO time_off (guild_id, user_id, starts_at, until) VALUES ('g', 'u5', 1, 2) RETURNING id`)
        .then((r) => r.rows);
      expect(away?.id).toBe(timeOff.id + 1);
    });
    sqlite.close();
    expect(sha(source)).toBe(before);
  });

  it('refuses a target with a row in any of its tables in one sentence, and leaves it as it was', async () => {
    const target = await freshDatabase();
    await withPool(target, async (pool) => {
      await migratePostgres(pool);
      await pool.query(`INSERT INTO bot_state (key, value) VALUES ('heartbeat', 1)`);
    });
    const counts = await pgCounts(target);
    const run = await dbCopy(['--from', source, '--to', target]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    const where = run.stderr.match(/harbour@127\.0\.0\.1:\d+\/harbour_test_\w+/)?.[0];
    expect(run.stderr).toBe(
      `The PostgreSQL database ${where} is not empty (bot_state has rows), and npm run db:copy copies only into an empty database; nothing was copied: give it a new database with --to.\n`,
    );
    expect(await pgCounts(target)).toEqual(counts);
  });

  it('names a game whose snapshot does not follow from its log, and copies nothing', async () => {
    const tampered = join(mkdtempSync(join(tmpdir(), 'harbour-db-copy-')), 'games.sqlite');
    cpSync(source, tampered);
    const file = new Database(tampered);
    // The finished game's snapshot replaced by the state of another game of Cartagena.
    file.prepare('UPDATE games SET state = (SELECT state FROM games WHERE id = ?) WHERE id = ?').run(filled.resigned, filled.finished);
    file.close();
    const target = await freshDatabase();
    const run = await dbCopy(['--from', tampered, '--to', target]);
    expect(run.code).toBe(1);
    const lines = run.stderr.trim().split('\n');
    expect(lines).toEqual([
      expect.stringMatching(
        new RegExp(
          `^Not copied: game ${filled.finished} \\(its log replays to another state than its snapshot\\) does not replay to its snapshot; the PostgreSQL database .* was left empty\\.$`,
        ),
      ),
    ]);
    expect(Object.values(await pgCounts(target)).every((n) => n === 0)).toBe(true);
  });

  it('names the table, row and column of a value PostgreSQL cannot keep whole, and copies nothing', async () => {
    const edited = join(mkdtempSync(join(tmpdir(), 'harbour-db-copy-')), 'games.sqlite');
    cpSync(source, edited);
    const file = new Database(edited);
    // A time in ms with a fraction: SQLite's INTEGER column takes it, PostgreSQL's bigint does not.
    file.prepare('UPDATE games SET created_at = created_at + 0.25 WHERE id = ?').run(filled.finished);
    const createdAt = (file.prepare('SELECT created_at AS at FROM games WHERE id = ?').get(filled.finished) as { at: number }).at;
    file.close();
    const target = await freshDatabase();
    const run = await dbCopy(['--from', edited, '--to', target]);
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([
      `Cannot copy: games.created_at of the row with id ${filled.finished} is ${createdAt}, not a whole number as PostgreSQL keeps it; nothing was copied. Round it in the SQLite file (with the bot stopped) and copy again.`,
    ]);
    expect(Object.values(await pgCounts(target)).every((n) => n === 0)).toBe(true);
  });

  it('refuses, in one sentence and without the password, a malformed or unreachable address, a running bot, an older schema and a missing target', async () => {
    const malformed = await dbCopy(['--from', source, '--to', 'mysql://harbour:Secret-Pw-9@db/tabletop']);
    expect([malformed.code, malformed.stderr]).toEqual([
      1,
      '--to starts with mysql: where postgres:// or postgresql:// is needed; write it as postgres://user:password@host:5432/database (characters such as @ : / # ? in the password percent-encoded, @ as %40)\n',
    ]);

    const port = await closedPort();
    const unreachable = await dbCopy(['--from', source, '--to', `postgres://harbour:Secret-Pw-9@127.0.0.1:${port}/tabletop`]);
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr).toMatch(
      new RegExp(
        `^Cannot copy: the PostgreSQL database harbour@127\\.0\\.0\\.1:${port}/tabletop cannot be reached: nothing answers at 127\\.0\\.0\\.1:${port} \\(ECONNREFUSED\\); check that the server is running and that DATABASE_URL names its host and port\\.\\n$`,
      ),
    );
    expect(unreachable.stderr + unreachable.stdout).not.toContain('Secret-Pw-9');

    const target = await freshDatabase();
    const bot = DatabaseLock.tryAcquire(source);
    const running = await dbCopy(['--from', source, '--to', target]);
    bot?.release();
    expect([running.code, running.stderr]).toEqual([
      1,
      `The bot is running on ${source} (process 4242, running since 2026-11-20 12:01 UTC); stop it first, then run npm run db:copy again.\n`,
    ]);

    const older = join(mkdtempSync(join(tmpdir(), 'harbour-db-copy-')), 'old.sqlite');
    cpSync(source, older);
    const file = new Database(older);
    file.prepare('DELETE FROM __drizzle_migrations WHERE created_at = (SELECT max(created_at) FROM __drizzle_migrations)').run();
    const version = (file.prepare('SELECT count(*) AS n FROM __drizzle_migrations').get() as { n: number }).n;
    file.close();
    const old = await dbCopy(['--from', older, '--to', target]);
    expect([old.code, old.stderr]).toEqual([
      1,
      `${older} has database schema ${version} and this version of the bot copies schema ${knownSchema().version}: start the bot on it once (which upgrades it, after a backup), stop it, then run npm run db:copy again.\n`,
    ]);
    // Refused before the target was opened: not even migrated.
    expect(await tablesIn(target)).toEqual([]);

    const usage = await dbCopy(['--from', source]);
    expect([usage.code, usage.stderr]).toEqual([1, expect.stringMatching(/^Usage: npm run db:copy -- --to postgres:\/\/user:password@host:5432\/database/)]);
  });

  it('is the npm script of the README: npm run db:copy runs this file from the build', () => {
    const scripts = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> }).scripts;
    // scripts/run.sh ENTRY runs dist/ENTRY.js, built from src/ENTRY.ts.
    expect(scripts['db:copy']).toBe('exec scripts/run.sh db-copy');
    expect(script.endsWith('/src/db-copy.ts')).toBe(true);
  });

  it('copies every table of both schemas: the list is the schema objects, and they hold every table the migrations make', async () => {
    const target = await freshDatabase();
    await withPool(target, (pool) => migratePostgres(pool));
    const inPg = await tablesIn(target);
    const sqlite = new Database(source, { readonly: true });
    const inSqlite = (
      sqlite
        .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> '__drizzle_migrations' ORDER BY 1`)
        .all() as { name: string }[]
    ).map((row) => row.name);
    sqlite.close();
    const copied = tables.map((table) => table.name).sort();
    expect(copied).toEqual(inSqlite);
    expect(copied).toEqual(inPg);
    // A table comes after the tables it refers to.
    const order = tables.map((table) => getTableName(table.pg));
    for (const child of ['seats', 'actions', 'notices']) expect(order.indexOf('games')).toBeLessThan(order.indexOf(child));
  });
});
