import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from './connection.js';
import type { Dialect } from './dialect.js';
import { handleOf } from './sqlite-dialect.js';

/**
 * Whether the bot can reach a game's players: the game is paused while it can post nowhere (its
 * wait given back the time when it can again), and its host is told once that files cannot be
 * attached there.
 */
export class ReachStore {
  private readonly h: Dialect;

  constructor(db: Db | Dialect) {
    this.h = handleOf(db);
  }

  /** Records that the bot can post nowhere for this game (from `at` on, if not already). */
  markUnreachable(id: number, at: number): Promise<void> {
    return this.h.run(async (db) => {
      const { games } = this.h.t;
      await db
        .update(games)
        .set({ unreachableSince: at })
        .where(and(eq(games.id, id), isNull(games.unreachableSince)));
    });
  }

  /**
   * Records that the host was told the bot may not attach files in the game's place. Returns
   * whether this was the first time (he is told once per game).
   */
  markAttachFilesTold(id: number, at: number): Promise<boolean> {
    return this.h.run(async (db) => {
      const { games } = this.h.t;
      const changed = await db
        .update(games)
        .set({ attachFilesToldAt: at })
        .where(and(eq(games.id, id), isNull(games.attachFilesToldAt)))
        .returning({ id: games.id });
      return changed.length === 1;
    });
  }

  /**
   * The bot can post for this game again: its wait gets back the time it was paused (counted from
   * when the wait began, if that was later). Returns the time given back, 0 if it was not paused.
   */
  markReachable(id: number, now: number): Promise<number> {
    return this.h.transaction(async (tx) => {
      const { db, t } = tx;
      await tx.lockGame(id);
      const [row] = await db
        .select({
          unreachableSince: t.games.unreachableSince,
          waitingSince: t.games.waitingSince,
          deadlineAt: t.games.deadlineAt,
          reminderAt: t.games.reminderAt,
        })
        .from(t.games)
        .where(eq(t.games.id, id));
      if (!row || row.unreachableSince === null) return 0;
      const paused = Math.max(0, now - Math.max(row.unreachableSince, row.waitingSince ?? row.unreachableSince));
      await db
        .update(t.games)
        .set({
          unreachableSince: null,
          deadlineAt: row.deadlineAt === null ? null : row.deadlineAt + paused,
          reminderAt: row.reminderAt === null ? null : row.reminderAt + paused,
        })
        .where(eq(t.games.id, id));
      return paused;
    });
  }
}
