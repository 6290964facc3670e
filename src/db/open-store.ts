/**
 * How a bot process opens its database, SQLite's file or PostgreSQL's server (src/config.ts's
 * storeChoice), and takes its place on it: one bot per database, shards under the one lock of
 * their manager.
 *
 * - SQLite: the file's lock (./lock.ts), the file opened and brought up to date with a copy
 *   before migrations (./connection.ts), and the run marker that names the bot and ties shards
 *   to their set (./run-marker.ts); backups are the bot's own (./backup.ts, started by main.ts).
 * - PostgreSQL: openPostgres (./pg/connect.ts) holds the lock as a session advisory lock on a
 *   connection of its own and migrates under another; no copy and no backups (the server's:
 *   pg_dump or the provider's). The run marker's one use there, tying shards to their manager,
 *   is ./pg/run-set.ts; who holds the lock, the server says.
 */
import type { StoreChoice } from '../config.js';
import type { Logger } from '../logger.js';
import { claimDatabase, DatabaseHeldError, openAsShard } from './claim.js';
import type { Db } from './connection.js';
import type { Dialect } from './dialect.js';
import { describeBot } from './run-marker.js';
import { sqliteDialect } from './sqlite-dialect.js';
import { openPostgres, type PostgresDatabase } from './pg/connect.js';
import { postgresDialect } from './pg/dialect.js';
import { DatabaseServerError } from './pg/migrate.js';
import { clearRunningSet, markRunningSet, recordedRunningSet } from './pg/run-set.js';

interface Opened {
  /** The store's handle: a GameStore is made over it. */
  handle: Dialect;
  /** The file's path, or user@host:port/database (never the password). */
  where: string;
  /** Clears this process's record as the running bot and lets the lock go (the database stays open). */
  release(): Promise<void>;
  /** Closes the database (after release, if it holds the lock). */
  close(): Promise<void>;
}

export type OpenedStore = (Opened & { kind: 'sqlite'; db: Db }) | (Opened & { kind: 'postgres'; database: PostgresDatabase });

export interface OpenStoreOptions {
  choice: StoreChoice;
  /** Where SQLite's copy before an upgrade goes. */
  backupDir: string;
  logger: Logger;
  /** The set of shards (0: a bot in one process). */
  set: number;
  /**
   * Whether this process holds the one-bot-per-database lock (a bot in one process, a sharding
   * manager); false for a shard, whose manager holds it: it checks that the database is its set's.
   */
  claim: boolean;
  /** PostgreSQL: the lock's connection was cut, so another bot may start on the database. */
  onLockLost?: (error: Error | null) => void;
}

export async function openStore(options: OpenStoreOptions): Promise<OpenedStore> {
  return options.choice.kind === 'sqlite' ? openSqlite(options, options.choice.path) : openPg(options, options.choice.url, options.choice.poolSize);
}

function openSqlite({ backupDir, logger, set, claim }: OpenStoreOptions, path: string): OpenedStore {
  const held = claim ? claimDatabase({ path, backupDir, logger, set }) : null;
  const db = held?.db ?? openAsShard({ path, backupDir, logger, set });
  return {
    kind: 'sqlite',
    db,
    handle: sqliteDialect(db),
    where: path,
    release: async () => held?.release(),
    close: async () => {
      db.$client.close();
    },
  };
}

async function openPg({ logger, set, claim, onLockLost }: OpenStoreOptions, url: string, poolSize: number): Promise<OpenedStore> {
  let database: PostgresDatabase | null = null;
  database = await openPostgres(url, {
    poolSize,
    claim,
    onUpgrade: (upgrade) => logger.info({ database: database?.where, fromSchema: upgrade.from, toSchema: upgrade.to }, 'database migrated'),
    onConnectionError: (error) => logger.warn({ code: (error as { code?: unknown }).code ?? null }, 'a connection to the database was cut; the next query opens another'),
    ...(onLockLost ? { onLockLost } : {}),
  });
  const opened = database;
  try {
    if (claim) await markRunningSet(opened.db, { pid: process.pid, since: Date.now(), set });
    else {
      const recorded = await recordedRunningSet(opened.db);
      if (recorded?.set !== set) throw new DatabaseServerError(opened.where, `is in use by another bot (${describeBot(recorded)})`, 'stop it first, or give this one a database of its own in DATABASE_URL');
    }
  } catch (error) {
    await opened.close();
    throw error;
  }
  return {
    kind: 'postgres',
    database: opened,
    handle: postgresDialect(opened.db, opened.where),
    where: opened.where,
    async release() {
      if (!claim || !opened.holdsLock()) return;
      await clearRunningSet(opened.db).catch((error: unknown) => logger.warn({ code: (error as { code?: unknown }).code ?? null }, 'could not clear the record of the running bot'));
    },
    close: () => opened.close(),
  };
}

export { DatabaseHeldError };
