/**
 * The SQLite database `npm run db:copy` copies from: opened read-only, never changed, and only when
 * no bot runs on it (the bot's own lock, src/db/lock.ts, held for the whole copy so that none
 * starts meanwhile) and it has exactly the schema of this version of the bot. An older file is not
 * upgraded here: the bot does that (with a backup first) when it starts on it.
 */
import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import { DatabaseLock } from '../../db/lock.js';
import { describeBot, recordedBotOn } from '../../db/run-marker.js';
import { isNewer, knownSchema, newerSchemaText, schemaOf } from '../../db/schema-version.js';
import { errorLine } from '../../db/error-line.js';

/** Why nothing was copied, in one sentence for the person who ran the command. */
export class CopyRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CopyRefused';
  }
}

export interface CopySource {
  path: string;
  sqlite: Database.Database;
  /** Closes the file and lets the bot's lock go. */
  close(): void;
}

export function openSource(path: string): CopySource {
  if (!existsSync(path)) throw new CopyRefused(`There is no database at ${path}; name the bot's SQLite file with --from FILE (or DATABASE_PATH).`);
  const lock = DatabaseLock.tryAcquire(path);
  if (!lock) throw new CopyRefused(`The bot is running on ${path} (${describeBot(recordedBotOn(path))}); stop it first, then run npm run db:copy again.`);
  let sqlite: Database.Database | null = null;
  try {
    sqlite = new Database(path, { readonly: true, fileMustExist: true });
    checkSchema(sqlite, path);
    const opened = sqlite;
    return {
      path,
      sqlite: opened,
      close() {
        opened.close();
        lock.release();
      },
    };
  } catch (error) {
    sqlite?.close();
    lock.release();
    if (error instanceof CopyRefused) throw error;
    throw new CopyRefused(`${path} cannot be copied: ${unreadable(error)}.`);
  }
}

function checkSchema(sqlite: Database.Database, path: string): void {
  if (!sqlite.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'games'`).get()) {
    throw new CopyRefused(`${path} cannot be copied: it is a SQLite database, but not one of this bot (it has no games table).`);
  }
  const found = schemaOf(sqlite);
  const known = knownSchema();
  if (isNewer(found, known))
    throw new CopyRefused(`${path} cannot be copied: it ${newerSchemaText(found, known)}; copy it with the version of the bot that made it.`);
  if (found.newest < known.newest) {
    throw new CopyRefused(
      `${path} has database schema ${found.version} and this version of the bot copies schema ${known.version}: start the bot on it once (which upgrades it, after a backup), stop it, then run npm run db:copy again.`,
    );
  }
}

function unreadable(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  if (code === 'SQLITE_NOTADB') return 'it is not a SQLite database';
  if (typeof code === 'string' && code.startsWith('SQLITE_CORRUPT')) return `it is damaged (${code})`;
  return `it cannot be read (${errorLine(error)})`;
}
