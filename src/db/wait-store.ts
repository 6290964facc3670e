import { and, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from './connection.js';
import { games, type GameRow } from './schema.js';
import { ALL_GUILDS, inShard, type ShardScope } from './shard.js';

/**
 * The time limits of running games: which deadlines and reminders are due (of this shard's games),
 * and moving them. A change to a game's wait is guarded by its version, so a move made meanwhile wins.
 */
export class WaitStore {
  constructor(
    private readonly db: Db,
    private readonly shard: ShardScope = ALL_GUILDS,
  ) {}

  /** Running games whose reminder time has come (not those the bot cannot post for: their time is paused). */
  dueReminders(now: number): GameRow[] {
    return this.dueAt(games.reminderAt, now);
  }

  /** Running games whose deadline has passed (not those the bot cannot post for: their time is paused). */
  dueDeadlines(now: number): GameRow[] {
    return this.dueAt(games.deadlineAt, now);
  }

  private dueAt(moment: typeof games.reminderAt | typeof games.deadlineAt, now: number): GameRow[] {
    return this.db
      .select()
      .from(games)
      .where(and(eq(games.status, 'running'), isNotNull(moment), lte(moment, now), isNull(games.unreachableSince), inShard(this.shard)))
      .all();
  }

  /** Marks the reminder of this wait as sent; false if the game moved on meanwhile. */
  markReminded(id: number, version: number): boolean {
    return this.db.update(games).set({ reminderAt: null }).where(and(eq(games.id, id), eq(games.version, version))).run().changes === 1;
  }

  /** Moves the current wait's deadline (and its reminder, if not sent yet); false if the game moved on. */
  setDeadline(id: number, version: number, deadlineAt: number, reminderAt: number | null): boolean {
    return (
      this.db
        .update(games)
        .set({ deadlineAt, reminderAt })
        .where(and(eq(games.id, id), eq(games.version, version), eq(games.status, 'running')))
        .run().changes === 1
    );
  }

  /** Gives every running game's wait `ms` more: the time the bot was away does not count. */
  extendAllWaits(ms: number): number {
    return this.db
      .update(games)
      .set({
        deadlineAt: sql`${games.deadlineAt} + ${ms}`,
        reminderAt: sql`${games.reminderAt} + ${ms}`,
      })
      // A game the bot cannot post for gets its paused time back when it can (markReachable).
      .where(and(eq(games.status, 'running'), isNotNull(games.deadlineAt), isNull(games.unreachableSince), inShard(this.shard)))
      .run().changes;
  }
}
