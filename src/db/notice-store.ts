import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from './connection.js';
import { games, notices, type NoticeRow } from './schema.js';
import { ALL_GUILDS, inShard, type ShardScope } from './shard.js';

/**
 * Public notices (a cancellation, a request to cancel, more time) waiting to be posted in a game's
 * place: kept until Discord took them, so that a failure or a restart does not lose them.
 */
export class NoticeStore {
  /** Asked before every board post: prepared once. */
  private readonly ofGame;

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
    private readonly shard: ShardScope = ALL_GUILDS,
  ) {
    this.ofGame = db.select().from(notices).where(eq(notices.gameId, sql.placeholder('gameId'))).orderBy(asc(notices.id)).prepare();
  }

  /** Keeps a notice until it is posted. */
  add(gameId: number, content: string, mentions: string[]): NoticeRow {
    return this.db.insert(notices).values({ gameId, content, mentions, createdAt: this.now() }).returning().get();
  }

  /**
   * Notices not posted yet, oldest first (of one game, or of all this shard's games). The shard's
   * are read by joining each waiting notice to its game: the table holds only notices not posted
   * yet, while a list of the shard's games would be every game it ever had.
   */
  pending(gameId?: number): NoticeRow[] {
    if (gameId !== undefined) return this.ofGame.all({ gameId });
    const shard = inShard(this.shard);
    if (shard === undefined) return this.db.select().from(notices).orderBy(asc(notices.id)).all();
    return this.db
      .select({ notice: notices })
      .from(notices)
      .innerJoin(games, eq(games.id, notices.gameId))
      .where(shard)
      .orderBy(asc(notices.id))
      .all()
      .map((row) => row.notice);
  }

  /** A game's notices are dropped unposted (its place is gone); returns how many. */
  removeAll(gameId: number): number {
    return this.db.delete(notices).where(eq(notices.gameId, gameId)).run().changes;
  }

  /** A notice went out. */
  remove(id: number): void {
    this.db.delete(notices).where(eq(notices.id, id)).run();
  }
}
