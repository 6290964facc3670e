import { and, asc, desc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from './connection.js';
import { actions } from './schema.js';

/** The public log's reads of a game's logged actions (`/game log`): whole, or a bounded page. */
export class LogStore {
  constructor(private readonly db: Db) {}

  /** Every logged action of a game with its origin, oldest first (for the public log). */
  all(id: number) {
    return this.db.select().from(actions).where(eq(actions.gameId, id)).orderBy(asc(actions.seq)).all();
  }

  /** When the seat last moved in the game itself (not the bot for him); null if never. Read back from the newest. */
  lastMoveAt(id: number, seat: number): number | null {
    return (
      this.db
        .select({ at: actions.createdAt })
        .from(actions)
        .where(and(eq(actions.gameId, id), eq(actions.seat, seat), eq(actions.origin, 'player')))
        .orderBy(desc(actions.seq))
        .limit(1)
        .get()?.at ?? null
    );
  }

  private reads?: ReturnType<LogStore['prepare']>;

  /** Prepared at the first page asked for, not at every start. */
  private prepare() {
    const id = eq(actions.gameId, sql.placeholder('id'));
    const limit = sql.placeholder('limit');
    return {
      newer: this.db.select().from(actions).where(and(id, gt(actions.seq, sql.placeholder('after')))).orderBy(asc(actions.seq)).limit(limit).prepare(),
      older: this.db.select().from(actions).where(and(id, lte(actions.seq, sql.placeholder('upTo')))).orderBy(desc(actions.seq)).limit(limit).prepare(),
    };
  }

  /**
   * At most `limit` logged actions for one page of the public log: from `seq` on, oldest first
   * ('newer'), or from `seq` back, newest first ('older'). Bounded, so a page never reads a whole log.
   */
  slice(id: number, seq: number, toward: 'newer' | 'older', limit: number) {
    this.reads ??= this.prepare();
    return toward === 'newer' ? this.reads.newer.all({ id, after: seq - 1, limit }) : this.reads.older.all({ id, upTo: seq, limit });
  }
}
