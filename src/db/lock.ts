/**
 * One bot per database file. Two bots on one file would both answer every click (two lobbies for
 * one /game new, an hour more given twice), so the bot holds a lock for as long as it runs, and
 * `npm run restore` holds it while it replaces the file.
 *
 * The lock is an operating-system lock on a small file beside the database
 * (`games.sqlite.lock`), taken through SQLite: a connection in EXCLUSIVE locking mode keeps its
 * write lock until it is closed, and the kernel drops it when the process ends in any way, a
 * crash or a kill included. So a lock never outlives its holder and nothing has to guess whether
 * a holder is still alive. It works between processes and containers on one machine, which is
 * where SQLite itself may be shared (not over a network file system).
 *
 * Who holds it (process id, since when, which set of shards) is written in the database itself
 * (src/db/run-marker.ts), for the sentence that refuses the second bot.
 */
import Database from 'better-sqlite3';
import { ensurePrivateFile } from './private-files.js';

export class DatabaseLock {
  private constructor(private readonly connection: Database.Database) {}

  /** Takes the lock of the database at `databasePath`; null when another process holds it. */
  static tryAcquire(databasePath: string): DatabaseLock | null {
    ensurePrivateFile(lockPathOf(databasePath));
    const connection = new Database(lockPathOf(databasePath), { timeout: 0 });
    try {
      // No journal: the file holds nothing, so no -journal file is left beside it.
      connection.pragma('journal_mode = OFF');
      connection.pragma('locking_mode = EXCLUSIVE');
      connection.exec('BEGIN EXCLUSIVE; COMMIT');
      return new DatabaseLock(connection);
    } catch (error) {
      connection.close();
      if (error instanceof Database.SqliteError && error.code.startsWith('SQLITE_BUSY')) return null;
      throw error;
    }
  }

  release(): void {
    if (this.connection.open) this.connection.close();
  }
}

/** `games.sqlite.lock` for `games.sqlite`. */
export function lockPathOf(databasePath: string): string {
  return `${databasePath}.lock`;
}

/** Whether the database is in memory, so that no other process can open it and no lock is needed. */
export function isInMemory(databasePath: string): boolean {
  return databasePath === ':memory:' || databasePath === '';
}
