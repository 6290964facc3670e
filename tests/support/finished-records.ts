import type Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import * as schema from '../../src/db/schema.js';
import type { Db } from '../../src/db/connection.js';
import { RecordStore } from '../../src/db/record-store.js';
import { closeSeats } from '../../src/db/game-end.js';
import { sqliteDialect } from '../../src/db/sqlite-dialect.js';
import type { Dialect } from '../../src/db/dialect.js';
import type { BotLevel } from '../../src/db/schema.js';
import { shardKeyOf } from '../../src/db/shard.js';
import { eq } from 'drizzle-orm';

/**
 * What the store writes when a game finishes (its players' records, its seats no longer open), for
 * a game a test wrote finished by hand, its whole log written. A database from before
 * migrations/0018 did it by its own triggers already: nothing is added there.
 */
export async function recordFinished(sqlite: Database.Database, id: number): Promise<void> {
  if (sqlite.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'trigger' AND name = 'games_finished_records'`).get()) return;
  const db: Db = drizzle<typeof schema>(sqlite, { schema });
  const row = sqlite.prepare(`SELECT result, coalesce(finished_at, updated_at) AS finishedAt FROM games WHERE id = ? AND status = 'finished'`).get(id) as
    { result: string | null; finishedAt: number } | undefined;
  if (!row) throw new Error(`game ${id} is not finished`);
  // In one transaction, as the store's finishing write does it.
  await sqliteDialect(db).transaction(async (tx) => {
    const records = new RecordStore(tx);
    const facts = row.result === null ? undefined : await records.factsOf(id, JSON.parse(row.result) as unknown, row.finishedAt);
    if (facts) await records.addFinished(facts);
    await closeSeats(tx, id);
  });
}

/** A game a test writes finished by hand: its seats and its result, no log. */
export interface HandFinishedGame {
  guildId?: string;
  gameId: string;
  /** Its seats' users in seat order; `bot:…` ones are bots. */
  users: string[];
  ranking: number[][];
  finishedAt: number;
  threadId?: string;
  /** The seats that resigned. */
  resigned?: number[];
  /** A bot seat's level (default: hard). */
  botLevel?: (user: string) => BotLevel | null;
}

/**
 * Writes a finished game by hand through drizzle on `h` (either store), then what the store adds
 * when a game finishes (its players' records, its seats no longer open) as `recordFinished` does.
 */
export async function writeFinished(h: Dialect, game: HandFinishedGame): Promise<number> {
  const { db, t } = h;
  const guildId = game.guildId ?? 'g';
  const [row] = await db
    .insert(t.games)
    .values({
      guildId,
      shardKey: shardKeyOf(guildId),
      channelId: 'c',
      threadId: game.threadId ?? null,
      hostId: game.users[0] as string,
      gameId: game.gameId,
      options: {},
      seed: 's',
      rulesVersion: 1,
      status: 'running',
      createdAt: 0,
      updatedAt: 0,
    })
    .returning({ id: t.games.id });
  const id = (row as { id: number }).id;
  const botLevel = game.botLevel ?? ((user: string) => (user.startsWith('bot:') ? 'hard' : null));
  await db.insert(t.seats).values(
    game.users.map((user, seat) => ({
      gameId: id,
      seat,
      userId: user,
      displayName: user,
      botLevel: botLevel(user),
      resigned: game.resigned?.includes(seat) ?? false,
    })),
  );
  const result = { scores: game.users.map(() => 0), ranking: game.ranking };
  await db.update(t.games).set({ status: 'finished', result, finishedAt: game.finishedAt }).where(eq(t.games.id, id));
  await h.transaction(async (tx) => {
    const records = new RecordStore(tx);
    const facts = await records.factsOf(id, result, game.finishedAt);
    if (facts) await records.addFinished(facts);
    await closeSeats(tx, id);
  });
  return id;
}
