import Database from 'better-sqlite3';

/**
 * Opens the bot's database file for one look or one change by a test, and closes it again
 * whatever happens: tests read what the bot stored, or play the clock forward by editing a row.
 */
export function inDatabase<T>(path: string, use: (db: Database.Database) => T, options: Database.Options = { readonly: true }): T {
  const db = new Database(path, options);
  try {
    return use(db);
  } finally {
    db.close();
  }
}

/** Who made each of a game's logged moves ('player', 'bot', 'timeout', …), oldest first. */
export function loggedOrigins(path: string, gameId: number): string[] {
  return inDatabase(path, (db) =>
    (db.prepare('SELECT origin FROM actions WHERE game_id = ? ORDER BY seq').all(gameId) as { origin: string }[]).map((r) => r.origin),
  );
}
