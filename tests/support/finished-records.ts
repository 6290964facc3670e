import type Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import * as schema from '../../src/db/schema.js';
import type { Db } from '../../src/db/connection.js';
import { RecordStore } from '../../src/db/record-store.js';
import { closeSeats } from '../../src/db/game-end.js';
import { sqliteDialect } from '../../src/db/sqlite-dialect.js';

/**
 * What the store writes when a game finishes (its players' records, its seats no longer open), for
 * a game a test wrote finished by hand, its whole log written. A database from before
 * migrations/0018 did it by its own triggers already: nothing is added there.
 */
export async function recordFinished(sqlite: Database.Database, id: number): Promise<void> {
  if (sqlite.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'trigger' AND name = 'games_finished_records'`).get()) return;
  const db = drizzle(sqlite, { schema }) as Db;
  const row = sqlite.prepare(`SELECT result, coalesce(finished_at, updated_at) AS finishedAt FROM games WHERE id = ? AND status = 'finished'`).get(id) as { result: string | null; finishedAt: number } | undefined;
  if (!row) throw new Error(`game ${id} is not finished`);
  // In one transaction, as the store's finishing write does it.
  await sqliteDialect(db).transaction(async (tx) => {
    const records = new RecordStore(tx);
    const facts = row.result === null ? undefined : await records.factsOf(id, JSON.parse(row.result) as unknown, row.finishedAt);
    if (facts) await records.addFinished(facts);
    await closeSeats(tx, id);
  });
}
