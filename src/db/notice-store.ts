import { asc, eq } from 'drizzle-orm';
import type { Db } from './connection.js';
import { notices, type NoticeRow } from './schema.js';

/**
 * Public notices (a cancellation, a request to cancel, more time) waiting to be posted in a game's
 * place: kept until Discord took them, so that a failure or a restart does not lose them.
 */
export class NoticeStore {
  constructor(private readonly db: Db, private readonly now: () => number = Date.now) {}

  /** Keeps a notice until it is posted. */
  add(gameId: number, content: string, mentions: string[]): NoticeRow {
    return this.db.insert(notices).values({ gameId, content, mentions, createdAt: this.now() }).returning().get();
  }

  /** Notices not posted yet, oldest first (of one game, or of all). */
  pending(gameId?: number): NoticeRow[] {
    return this.db
      .select()
      .from(notices)
      .where(gameId === undefined ? undefined : eq(notices.gameId, gameId))
      .orderBy(asc(notices.id))
      .all();
  }

  /** A notice went out. */
  remove(id: number): void {
    this.db.delete(notices).where(eq(notices.id, id)).run();
  }
}
