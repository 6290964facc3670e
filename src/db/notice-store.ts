import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from './connection.js';
import { handleOf } from './sqlite-dialect.js';
import type { Dialect } from './dialect.js';
import type { NoticeRow } from './schema.js';
import { ALL_GUILDS, inShard, type ShardScope } from './shard.js';

/**
 * Public notices (a cancellation, a request to cancel, more time) waiting to be posted in a game's
 * place: kept until Discord took them, so that a failure or a restart does not lose them.
 */
export class NoticeStore {
  private readonly h: Dialect;

  constructor(
    db: Db | Dialect,
    private readonly now: () => number = Date.now,
    private readonly shard: ShardScope = ALL_GUILDS,
  ) {
    this.h = handleOf(db);
  }

  /** Keeps a notice until it is posted. */
  add(gameId: number, content: string, mentions: string[]): Promise<NoticeRow> {
    const { notices } = this.h.t;
    return this.h.run(async (db) => {
      const [row] = await db.insert(notices).values({ gameId, content, mentions, createdAt: this.now() }).returning();
      if (!row) throw new Error('the notice was not stored');
      return row;
    });
  }

  /**
   * Notices not posted yet, oldest first (of one game, or of all this shard's games). The shard's
   * are read by joining each waiting notice to its game: the table holds only notices not posted
   * yet, while a list of the shard's games would be every game it ever had.
   */
  pending(gameId?: number): Promise<NoticeRow[]> {
    const { notices, games } = this.h.t;
    if (gameId !== undefined) {
      // Asked before every board post: prepared once.
      const ofGame = this.h.prepared('notices.ofGame', (db, t) =>
        db
          .select()
          .from(t.notices)
          .where(eq(t.notices.gameId, sql.placeholder('gameId')))
          .orderBy(asc(t.notices.id))
          .prepare(),
      );
      return this.h.run(() => ofGame({ gameId }));
    }
    const shard = inShard(this.shard, games);
    return this.h.run(async (db) => {
      if (shard === undefined) return db.select().from(notices).orderBy(asc(notices.id));
      const rows = await db.select({ notice: notices }).from(notices).innerJoin(games, eq(games.id, notices.gameId)).where(shard).orderBy(asc(notices.id));
      return rows.map((row) => row.notice);
    });
  }

  /** A game's notices are dropped unposted (its place is gone); returns how many. */
  removeAll(gameId: number): Promise<number> {
    const { notices } = this.h.t;
    return this.h.run(async (db) => (await db.delete(notices).where(eq(notices.gameId, gameId)).returning({ id: notices.id })).length);
  }

  /** A notice went out. */
  remove(id: number): Promise<void> {
    const { notices } = this.h.t;
    return this.h.run(async (db) => {
      await db.delete(notices).where(eq(notices.id, id));
    });
  }
}
