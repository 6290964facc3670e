/**
 * Which version of the database schema a file has, and which this version of the bot knows. The
 * schema's version is the number of migrations applied (drizzle records each one in
 * `__drizzle_migrations`, with the time the migration was generated), so "schema 7" is the
 * database after migrations 0000 to 0006.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type Database from 'better-sqlite3';

export const migrationsFolder = resolve(dirname(fileURLToPath(import.meta.url)), '../../migrations');

export interface SchemaVersion {
  /** Migrations applied; 0 for a new, empty file. */
  version: number;
  /** When the newest of them was generated (drizzle's `created_at`), 0 when none. */
  newest: number;
}

/** The schema the migrations in migrations/ (or another migrations folder, PostgreSQL's) lead to. */
export function knownSchema(folder = migrationsFolder): SchemaVersion {
  const journal = JSON.parse(readFileSync(`${folder}/meta/_journal.json`, 'utf8')) as { entries: { when: number }[] };
  return { version: journal.entries.length, newest: Math.max(0, ...journal.entries.map((e) => e.when)) };
}

/** The schema of an open database. */
export function schemaOf(sqlite: Database.Database): SchemaVersion {
  const table = sqlite.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'`).get();
  if (!table) return { version: 0, newest: 0 };
  const row = sqlite.prepare('SELECT count(*) AS version, max(created_at) AS newest FROM __drizzle_migrations').get() as {
    version: number;
    newest: number | null;
  };
  return { version: row.version, newest: Number(row.newest ?? 0) };
}

/** Whether a database with schema `found` was made by a newer version of the bot than one that knows `known`. */
export function isNewer(found: SchemaVersion, known: SchemaVersion): boolean {
  return found.newest > known.newest;
}

/** "database schema 8; this version of the bot knows schema 7 at most" */
export function newerSchemaText(found: SchemaVersion, known: SchemaVersion): string {
  return `was made by a newer version of the bot (database schema ${found.version}; this version knows schema ${known.version} at most)`;
}
