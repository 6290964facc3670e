import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { migrationsFolder } from '../../src/db/schema-version.js';

/**
 * A database file as an older version of the bot left it: only the first `version` migrations
 * applied; `fill` writes into it before it is closed.
 */
export function olderDatabase(path: string, version: number, fill: (sqlite: Database.Database) => void = () => undefined): void {
  const folder = mkdtempSync(join(tmpdir(), 'harbour-migrations-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journal = JSON.parse(readFileSync(join(folder, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };
  writeFileSync(join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: journal.entries.slice(0, version) }));
  mkdirSync(join(path, '..'), { recursive: true });
  const sqlite = new Database(path);
  migrate(drizzle(sqlite), { migrationsFolder: folder });
  fill(sqlite);
  sqlite.close();
}

/** A database file as an older version left it (`version` migrations), with `games` games in it. */
export function olderDatabaseWithGames(path: string, version: number, games: number): void {
  olderDatabase(path, version, (sqlite) => {
    const insert = sqlite.prepare(
      `INSERT INTO games (guild_id, channel_id, host_id, game_id, options, seed, rules_version, created_at, updated_at) VALUES ('g', 'c', 'h', 'cartagena', '{}', ?, 1, 0, 0)`,
    );
    for (let i = 0; i < games; i++) insert.run(`seed-${i}`);
  });
}
