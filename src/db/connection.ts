import { join } from 'node:path';
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import * as schema from './schema.js';
import { BUSY_TIMEOUT_MS, isBusy } from './busy.js';
import { databaseFolder, freeSpaceAdvice, isDiskFull } from './disk-full.js';
import { isNewer, knownSchema, migrationsFolder, newerSchemaText, schemaOf, type SchemaVersion } from './schema-version.js';
import { upgradeBackupName } from './backup-names.js';
import { createPrivateFile, ensurePrivateFile } from './private-files.js';
import { errorCode, errorLine } from './error-line.js';

export { errorLine };

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

/** Migrations applied when the database was opened. */
export interface Upgrade {
  from: number;
  to: number;
  /** The copy made before, or null for a database without games. */
  backup: string | null;
}

export interface OpenOptions {
  /** Where the copy of a database with games is written before migrations change it. */
  upgradeBackupDir?: string;
  /** Told when migrations were applied. */
  onUpgrade?: (upgrade: Upgrade) => void;
}

/**
 * Opens (creating if needed) the database file, switches to WAL so readers never wait for the
 * writer, and applies any pending migration, after copying a database that has games (see
 * `upgradeBackupDir`). ':memory:' gives a private database for tests.
 * A file the bot cannot use (not a database, damaged, unreadable, made by a newer version of the
 * bot, a failed migration) throws a DatabaseFileError that says so in plain words.
 */
export function openDatabase(path: string, options: OpenOptions = {}): Db {
  try {
    return openChecked(path, options);
  } catch (error) {
    throw error instanceof DatabaseFileError ? error : DatabaseFileError.from(path, error);
  }
}

function openChecked(path: string, options: OpenOptions): Db {
  // Made private before SQLite opens it: its -wal and -shm files take its mode.
  if (path !== ':memory:') ensurePrivateFile(path);
  const sqlite = new Database(path);
  try {
    sqlite.pragma('journal_mode = WAL');
    // NORMAL is durable in WAL mode except against power loss of the host itself.
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    // A short wait for another writer's lock: it blocks the main thread (see busy.ts).
    sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    checkFile(sqlite, path);
    const db = drizzle(sqlite, { schema });
    upgrade(sqlite, path, options, () => migrate(db, { migrationsFolder }));
    return db;
  } catch (error) {
    sqlite.close();
    throw error;
  }
}

/**
 * Brings the file up to the schema this version knows. A file from a newer version is refused:
 * its tables may have changed in ways this code cannot read or would undo. Before migrations
 * change a database that has games, a copy is written, named by the schema it had, so an upgrade
 * can be taken back (README, "Upgrading").
 */
function upgrade(sqlite: Database.Database, path: string, options: OpenOptions, runMigrations: () => void): void {
  const known = knownSchema();
  const found = schemaOf(sqlite);
  if (isNewer(found, known)) throw newerSchemaError(path, found, known, options.upgradeBackupDir);
  if (found.newest >= known.newest) return;
  let backup: string | null = null;
  if (options.upgradeBackupDir && path !== ':memory:' && hasGames(sqlite)) {
    backup = join(options.upgradeBackupDir, upgradeBackupName(path, found.version, Date.now()));
    try {
      // A consistent, standalone copy in one statement (no -wal beside it), into a private empty file.
      createPrivateFile(backup);
      sqlite.prepare('VACUUM INTO ?').run(backup);
    } catch (error) {
      throw new DatabaseFileError(
        path,
        `could not be copied to ${backup} before its upgrade to schema ${known.version} (${errorLine(error)})`,
        'nothing was changed; make room or fix the folder, then start again',
      );
    }
  }
  try {
    runMigrations();
  } catch (error) {
    // drizzle wraps the SQLite error, with the whole migration's SQL in its message.
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    if (isDiskFull(cause, databaseFolder(path))) throw DatabaseFileError.from(path, cause);
    throw new DatabaseFileError(path, `could not be brought up to this version of the bot (${errorLine(cause)})`);
  }
  options.onUpgrade?.({ from: found.version, to: schemaOf(sqlite).version, backup });
}

function hasGames(sqlite: Database.Database): boolean {
  const table = sqlite.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'games'`).get();
  return table !== undefined && sqlite.prepare('SELECT 1 FROM games LIMIT 1').get() !== undefined;
}

function newerSchemaError(path: string, found: SchemaVersion, known: SchemaVersion, backupDir: string | undefined): DatabaseFileError {
  const where = backupDir ? ` (the copy made before the upgrade is in ${backupDir}, named ${upgradeBackupName(path, known.version, null)})` : '';
  const fix = `run the newer version of the bot, or put back a backup made by this version with npm run restore -- FILE${where}`;
  return new DatabaseFileError(path, newerSchemaText(found, known), fix, false);
}

/** A database file the bot cannot use: which file, and what is wrong with it. */
export class DatabaseFileError extends Error {
  constructor(
    readonly path: string,
    /** What is wrong, to follow the file's name ("is not a SQLite database"). */
    readonly problem: string,
    /** What the user can do about it besides restoring a backup, if anything. */
    readonly fix: string | null = null,
    /** Whether putting the newest backup back may help (not when the file is from a newer version). */
    readonly restoreHelps = true,
  ) {
    super(`the database file ${path} ${problem}`);
    this.name = 'DatabaseFileError';
  }

  static from(path: string, error: unknown): DatabaseFileError {
    const folder = databaseFolder(path);
    // A backup put back would need room too: making room is the fix.
    if (isDiskFull(error, folder))
      return new DatabaseFileError(path, `cannot be written: the disk is full (${errorLine(error)})`, freeSpaceAdvice(folder ?? '.'), false);
    const code = errorCode(error);
    if (code === 'SQLITE_NOTADB') return new DatabaseFileError(path, 'is not a SQLite database (SQLITE_NOTADB)');
    if (code.startsWith('SQLITE_CORRUPT')) return new DatabaseFileError(path, `is damaged (${code})`);
    const access = 'check that the bot may read and write it and its folder';
    if (code.startsWith('SQLITE_READONLY')) return new DatabaseFileError(path, `cannot be written (${errorLine(error)})`, access);
    if (
      ['EACCES', 'EPERM', 'EROFS', 'ENOTDIR', 'EISDIR', 'EEXIST'].includes(code) ||
      code.startsWith('SQLITE_CANTOPEN') ||
      code === 'SQLITE_PERM' ||
      code.startsWith('SQLITE_IOERR')
    ) {
      return new DatabaseFileError(path, `cannot be opened (${errorLine(error)})`, access);
    }
    return new DatabaseFileError(path, `cannot be used (${errorLine(error)})`);
  }
}

/**
 * Before anything else touches the file: quick_check reads every page (1.2–1.5 s with 10,000
 * stored games of 400 moves each), so a damaged file is found now rather than in the middle of
 * someone's move; and a write that is rolled back finds a file the bot may read but not write.
 */
function checkFile(sqlite: Database.Database, path: string): void {
  const found = sqlite.pragma('quick_check', { simple: true });
  if (found !== 'ok') throw new DatabaseFileError(path, `is damaged (the integrity check says: ${firstProblem(found)})`);
  const version = Number(sqlite.pragma('user_version', { simple: true }));
  try {
    sqlite.exec(`BEGIN IMMEDIATE; PRAGMA user_version = ${version}`);
  } catch (error) {
    if (!isBusy(error)) throw error; // another program writing just now: no verdict on the file
  } finally {
    if (sqlite.inTransaction) sqlite.exec('ROLLBACK');
  }
}

/** The integrity check's first finding, without its heading ("*** in database main ***"). */
export function firstProblem(found: unknown): string {
  return (
    String(found)
      .split('\n')
      .find((line) => line.trim() && !line.startsWith('***')) ?? String(found)
  ).slice(0, 120);
}
