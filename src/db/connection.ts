import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import * as schema from './schema.js';
import { BUSY_TIMEOUT_MS, isBusy } from './busy.js';

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

const migrationsFolder = resolve(dirname(fileURLToPath(import.meta.url)), '../../migrations');

/**
 * Opens (creating if needed) the database file, switches to WAL so readers never wait for the
 * writer, and applies any pending migration. ':memory:' gives a private database for tests.
 * A file the bot cannot use (not a database, damaged, unreadable, a failed migration) throws a
 * DatabaseFileError that says so in plain words.
 */
export function openDatabase(path: string): Db {
  try {
    return openChecked(path);
  } catch (error) {
    throw error instanceof DatabaseFileError ? error : DatabaseFileError.from(path, error);
  }
}

function openChecked(path: string): Db {
  if (path !== ':memory:') mkdirSync(dirname(resolve(path)), { recursive: true });
  const sqlite = new Database(path);
  sqlite.pragma('journal_mode = WAL');
  // NORMAL is durable in WAL mode except against power loss of the host itself.
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  // A short wait for another writer's lock: it blocks the main thread (see busy.ts).
  sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  checkFile(sqlite, path);
  const db = drizzle(sqlite, { schema });
  try {
    migrate(db, { migrationsFolder });
  } catch (error) {
    // drizzle wraps the SQLite error, with the whole migration's SQL in its message.
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    throw new DatabaseFileError(path, `could not be brought up to this version of the bot (${errorLine(cause)})`);
  }
  return db as Db;
}

/** A database file the bot cannot use: which file, and what is wrong with it. */
export class DatabaseFileError extends Error {
  constructor(
    readonly path: string,
    /** What is wrong, to follow the file's name ("is not a SQLite database"). */
    readonly problem: string,
    /** What the user can do about it besides restoring a backup, if anything. */
    readonly fix: string | null = null,
  ) {
    super(`the database file ${path} ${problem}`);
    this.name = 'DatabaseFileError';
  }

  static from(path: string, error: unknown): DatabaseFileError {
    const code = String((error as { code?: unknown } | null)?.code ?? '');
    if (code === 'SQLITE_NOTADB') return new DatabaseFileError(path, 'is not a SQLite database (SQLITE_NOTADB)');
    if (code.startsWith('SQLITE_CORRUPT')) return new DatabaseFileError(path, `is damaged (${code})`);
    const access = 'check that the bot may read and write it and its folder';
    if (code.startsWith('SQLITE_READONLY')) return new DatabaseFileError(path, `cannot be written (${errorLine(error)})`, access);
    if (['EACCES', 'EPERM', 'EROFS', 'ENOTDIR', 'EISDIR', 'EEXIST'].includes(code) || code.startsWith('SQLITE_CANTOPEN') || code === 'SQLITE_PERM' || code.startsWith('SQLITE_IOERR')) {
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
  return (String(found).split('\n').find((line) => line.trim() && !line.startsWith('***')) ?? String(found)).slice(0, 120);
}

/** An error's code and first line, short enough for one line of output (never a stack). */
export function errorLine(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  const message = (error instanceof Error ? error.message : String(error)).split('\n')[0]?.slice(0, 160) ?? '';
  return typeof code === 'string' && !message.includes(code) ? `${code}: ${message}` : message;
}
