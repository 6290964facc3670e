/**
 * How a bot process opens its database, SQLite's file or PostgreSQL's server (src/config.ts's
 * storeChoice), and takes its place on it: one bot per database, shards under the one lock of
 * their manager.
 *
 * - SQLite: the file's lock (./lock.ts), the file opened and brought up to date with a copy
 *   before migrations (./connection.ts), and the run marker that names the bot and ties shards
 *   to their set (./run-marker.ts); backups are the bot's own (./backup.ts, started by main.ts).
 * - PostgreSQL: openPostgres (./pg/connect.ts) migrates under an advisory lock; no copy and no
 *   backups (the server's: pg_dump or the provider's). No lock on the database: several hosts
 *   share it, and each shard's process acts only under its shard's lease (./pg/leases.ts,
 *   src/lease-keeper.ts), its writes fenced by it (`fencing`).
 */
import type { StoreChoice } from '../config.js';
import type { Logger } from '../logger.js';
import { claimDatabase, DatabaseHeldError, openAsShard } from './claim.js';
import type { Db } from './connection.js';
import type { Dialect } from './dialect.js';
import { sqliteDialect } from './sqlite-dialect.js';
import { openPostgres, type PostgresDatabase } from './pg/connect.js';
import { postgresDialect } from './pg/dialect.js';
import type { Fencing } from './pg/leases.js';

interface Opened {
  /** The store's handle: a Storage is made over it. */
  handle: Dialect;
  /** The file's path, or user@host:port/database (never the password). */
  where: string;
  /** SQLite: clears this process's record as the running bot and lets the lock go (the database stays open). */
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
  /** SQLite: the set of shards (0: a bot in one process). */
  set: number;
  /**
   * SQLite: whether this process holds the one-bot-per-file lock (a bot in one process, a sharding
   * manager); false for a shard, whose manager holds it: it checks that the file is its set's.
   */
  claim: boolean;
  /** PostgreSQL: the shard lease that fences this process's writes (none: writes are not fenced, as in tools and tests). */
  fencing?: Fencing;
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

async function openPg({ logger, fencing }: OpenStoreOptions, url: string, poolSize: number): Promise<OpenedStore> {
  let database: PostgresDatabase | null = null;
  database = await openPostgres(url, {
    poolSize,
    onUpgrade: (upgrade) => logger.info({ database: database?.where, fromSchema: upgrade.from, toSchema: upgrade.to }, 'database migrated'),
    onConnectionError: (error) =>
      logger.warn({ code: (error as { code?: unknown }).code ?? null }, 'a connection to the database was cut; the next query opens another'),
  });
  const opened = database;
  return {
    kind: 'postgres',
    database: opened,
    handle: postgresDialect(opened.db, opened.where, fencing),
    where: opened.where,
    release: async () => undefined,
    close: () => opened.close(),
  };
}

export { DatabaseHeldError };
