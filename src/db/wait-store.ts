import { and, asc, eq, gt, gte, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from './connection.js';
import { handleOf } from './sqlite-dialect.js';
import type { Dialect } from './dialect.js';
import type { games } from './schema.js';
import { ALL_GUILDS, inShard, type ShardScope } from './shard.js';

/** A game whose deadline or reminder came: enough to find it and to judge it, never its state. */
export interface DueWait {
  id: number;
  version: number;
  guildId: string;
  /** The game's rules (registry id). */
  gameId: string;
  /** The moment that came: the deadline, or the reminder. */
  at: number;
}

/** Where a walk through the due waits stands: past this moment, and past this game at it. */
export type DueCursor = Pick<DueWait, 'at' | 'id'>;

/** One page of a walk through the due waits: after `after` (from the start without), at most `limit`. */
export interface DuePage {
  after?: DueCursor | null;
  limit?: number;
}

/** Due waits read at a time unless told otherwise. */
export const DUE_PAGE = 100;

/**
 * The time limits of running games: which deadlines and reminders are due (of this shard's games),
 * and moving them. A change to a game's wait is guarded by its version, so a move made meanwhile wins.
 */
export class WaitStore {
  private readonly h: Dialect;

  constructor(
    db: Db | Dialect,
    private readonly shard: ShardScope = ALL_GUILDS,
  ) {
    this.h = handleOf(db);
  }

  /** Running games whose reminder time has come, in order (not those paused: the bot cannot post for them). */
  dueReminders(now: number, page: DuePage = {}): Promise<DueWait[]> {
    return this.dueAt(this.h.t.games.reminderAt, now, page);
  }

  /** Running games whose deadline has passed, in order (not those paused: the bot cannot post for them). */
  dueDeadlines(now: number, page: DuePage = {}): Promise<DueWait[]> {
    return this.dueAt(this.h.t.games.deadlineAt, now, page);
  }

  /**
   * A page of due waits, soonest first, read on the moment's index (ordered by moment, then id,
   * the index's own order), so that a thousand due games cost a thousand small rows in pages,
   * never their states.
   */
  private dueAt(moment: typeof games.reminderAt | typeof games.deadlineAt, now: number, { after = null, limit = DUE_PAGE }: DuePage): Promise<DueWait[]> {
    const { games } = this.h.t;
    const past = after ? and(gte(moment, after.at), or(gt(moment, after.at), gt(games.id, after.id))) : undefined;
    // Running, said so that the planner does not search the status index for it: every running
    // game would be sorted for each page. Only running games have a deadline or a reminder, so
    // the moment's own index finds the few that are due.
    const running = sql`${this.h.unindexed(games.status)} = 'running'`;
    return this.h.run(async (db) =>
      db
        .select({ id: games.id, version: games.version, guildId: games.guildId, gameId: games.gameId, at: sql<number>`${moment}`.mapWith(Number) })
        .from(games)
        .where(and(isNotNull(moment), lte(moment, now), past, running, isNull(games.unreachableSince), inShard(this.shard, games)))
        .orderBy(asc(moment), asc(games.id))
        .limit(limit),
    );
  }

  /** Takes a lobby's time per move away before it starts (a game of one person against bots). */
  untime(id: number): Promise<void> {
    const { games } = this.h.t;
    return this.h.run(async (db) => {
      await db
        .update(games)
        .set({ timeLimitMs: null })
        .where(and(eq(games.id, id), eq(games.status, 'lobby')));
    });
  }

  /** Marks the reminder of this wait as sent; false if the game moved on meanwhile. */
  markReminded(id: number, version: number): Promise<boolean> {
    const { games } = this.h.t;
    return this.h.run(
      async (db) =>
        (
          await db
            .update(games)
            .set({ reminderAt: null })
            .where(and(eq(games.id, id), eq(games.version, version)))
            .returning({ id: games.id })
        ).length === 1,
    );
  }

  /** Moves the current wait's deadline (and its reminder, if not sent yet); false if the game moved on. */
  setDeadline(id: number, version: number, deadlineAt: number, reminderAt: number | null): Promise<boolean> {
    const { games } = this.h.t;
    return this.h.run(async (db) => {
      const changed = await db
        .update(games)
        .set({ deadlineAt, reminderAt })
        .where(and(eq(games.id, id), eq(games.version, version), eq(games.status, 'running')))
        .returning({ id: games.id });
      return changed.length === 1;
    });
  }

  /** Gives every running game's wait `ms` more: the time the bot was away does not count. */
  extendAllWaits(ms: number): Promise<number> {
    const { games } = this.h.t;
    return this.h.run(async (db) => {
      const changed = await db
        .update(games)
        .set({
          deadlineAt: sql`${games.deadlineAt} + ${ms}`,
          reminderAt: sql`${games.reminderAt} + ${ms}`,
        })
        // A game the bot cannot post for gets its paused time back when it can (markReachable).
        .where(and(eq(games.status, 'running'), isNotNull(games.deadlineAt), isNull(games.unreachableSince), inShard(this.shard, games)))
        .returning({ id: games.id });
      return changed.length;
    });
  }
}
