import { asc, eq, inArray, sql } from 'drizzle-orm';
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

  /** Notices not posted yet, oldest first (of one game, or of all this shard's games). */
  pending(gameId?: number): NoticeRow[] {
    if (gameId !== undefined) return this.ofGame.all({ gameId });
    const shard = inShard(this.shard);
    const ofShard = shard === undefined ? undefined : inArray(notices.gameId, this.db.select({ id: games.id }).from(games).where(shard));
    return this.db.select().from(notices).where(ofShard).orderBy(asc(notices.id)).all();
  }

  /** A notice went out. */
  remove(id: number): void {
    this.db.delete(notices).where(eq(notices.id, id)).run();
  }
}
