import { and, asc, desc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from './connection.js';
import { handleOf } from './sqlite-dialect.js';
import type { Dialect } from './dialect.js';
import type { ActionRow } from './schema.js';

/** The public log's reads of a game's logged actions (`/game log`): whole, or a bounded page. */
export class LogStore {
  private readonly h: Dialect;

  constructor(db: Db | Dialect) {
    this.h = handleOf(db);
  }

  /** Every logged action of a game with its origin, oldest first (for the public log). */
  all(id: number): Promise<ActionRow[]> {
    const { actions } = this.h.t;
    return this.h.run(async (db) => db.select().from(actions).where(eq(actions.gameId, id)).orderBy(asc(actions.seq)));
  }

  /** When the seat last moved in the game itself (not the bot for him); null if never. Read back from the newest. */
  lastMoveAt(id: number, seat: number): Promise<number | null> {
    const { actions } = this.h.t;
    return this.h.run(async (db) => {
      const [row] = await db
        .select({ at: actions.createdAt })
        .from(actions)
        .where(and(eq(actions.gameId, id), eq(actions.seat, seat), eq(actions.origin, 'player')))
        .orderBy(desc(actions.seq))
        .limit(1);
      return row?.at ?? null;
    });
  }

  /**
   * At most `limit` logged actions for one page of the public log: from `seq` on, oldest first
   * ('newer'), or from `seq` back, newest first ('older'). Bounded, so a page never reads a whole log.
   */
  slice(id: number, seq: number, toward: 'newer' | 'older', limit: number): Promise<ActionRow[]> {
    const read =
      toward === 'newer'
        ? this.h.prepared('log.newer', (db, { actions }) =>
            db
              .select()
              .from(actions)
              .where(and(eq(actions.gameId, sql.placeholder('id')), gt(actions.seq, sql.placeholder('after'))))
              .orderBy(asc(actions.seq))
              .limit(sql.placeholder('limit'))
              .prepare(),
          )
        : this.h.prepared('log.older', (db, { actions }) =>
            db
              .select()
              .from(actions)
              .where(and(eq(actions.gameId, sql.placeholder('id')), lte(actions.seq, sql.placeholder('upTo'))))
              .orderBy(desc(actions.seq))
              .limit(sql.placeholder('limit'))
              .prepare(),
          );
    return this.h.run(() => read(toward === 'newer' ? { id, after: seq - 1, limit } : { id, upTo: seq, limit }));
  }
}
