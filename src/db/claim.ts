/**
 * How a bot takes its database file at start: the lock first (one bot per file, src/db/lock.ts),
 * then the file is opened and brought up to date (a copy before migrations), and the bot writes
 * itself down as the one running on it. The shards of one set share the file: their manager
 * claims it, and each shard only checks that the file is its set's.
 */
import type { Logger } from '../logger.js';
import { openDatabase, type Db } from './connection.js';
import { DatabaseLock, isInMemory } from './lock.js';
import { clearRunning, describeBot, markRunning, recordedBot, recordedBotOn } from './run-marker.js';
import { tightenAtStart } from './private-files.js';

/** Another process runs a bot on the file (or is restoring it). */
export class DatabaseHeldError extends Error {
  constructor(
    readonly path: string,
    holder: string,
  ) {
    super(
      `another bot is running on the database ${path} (${holder}): stop it first, or give this one another DATABASE_PATH. ` +
        'To run several processes for one bot, set SHARD_COUNT: its shards share the file.',
    );
    this.name = 'DatabaseHeldError';
  }
}

export interface Claim {
  db: Db;
  /** Clears the bot's record and lets the file go (the database stays open). */
  release(): void;
}

export interface ClaimOptions {
  path: string;
  /** Where the copy before an upgrade goes. */
  backupDir: string;
  logger: Logger;
  /** The set of shards (0: a bot in one process). */
  set: number;
}

/** Locks, opens and upgrades the file, and records this process as its bot. */
export function claimDatabase(options: ClaimOptions): Claim {
  const { path, logger } = options;
  // A database in memory is this process's own: nobody else can open it.
  const lock = isInMemory(path) ? null : (DatabaseLock.tryAcquire(path) ?? heldBy(path));
  let db: Db;
  try {
    if (!isInMemory(path)) tightenFiles(options);
    db = openLogged(options);
    markRunning(db, { pid: process.pid, since: Date.now(), set: options.set });
  } catch (error) {
    lock?.release();
    throw error;
  }
  return {
    db,
    release() {
      try {
        if (db.$client.open) clearRunning(db);
      } catch (error) {
        logger.warn({ err: error }, 'could not clear the record of the running bot');
      }
      lock?.release();
    },
  };
}

/**
 * A shard's view of the file: opened like any bot's, but the lock is its manager's. A shard
 * whose set is not the one recorded refuses, as a second bot would.
 */
export function openAsShard(options: ClaimOptions): Db {
  const db = openLogged(options);
  const recorded = recordedBot(db);
  if (recorded?.set !== options.set) {
    db.$client.close();
    throw new DatabaseHeldError(options.path, describeBot(recorded));
  }
  return db;
}

/** Files left open to others by an older version or by hand are made private (src/db/private-files.ts). */
function tightenFiles({ path, backupDir, logger }: ClaimOptions): void {
  const { changed, notOwned } = tightenAtStart(path, backupDir);
  if (changed.length > 0) logger.info({ files: changed }, 'database files made readable by the bot alone');
  if (notOwned.length > 0)
    logger.warn({ files: notOwned }, "database files open to others could not be made private (another user's, or a read-only disk): chmod o-rwx them");
}

function heldBy(path: string): never {
  throw new DatabaseHeldError(path, describeBot(recordedBotOn(path)));
}

function openLogged({ path, backupDir, logger }: ClaimOptions): Db {
  return openDatabase(path, {
    upgradeBackupDir: backupDir,
    onUpgrade: (upgrade) => logger.info({ database: path, fromSchema: upgrade.from, toSchema: upgrade.to, backup: upgrade.backup }, 'database migrated'),
  });
}
