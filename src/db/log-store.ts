import { and, asc, desc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from './connection.js';
import { handleOf } from './sqlite-dialect.js';
import type { Dialect } from './dialect.js';
import type { ActionRow } from './schema.js';
import { isUndo } from './action-marks.js';
import type { UndoTrailEntry } from './game-writes.js';

/** Logged actions read at a time by `undoTrail`. */
const UNDO_PAGE = 16;

/** Above every action's seq: the largest value PostgreSQL's integer column takes (a larger bound is an error there). */
const ABOVE_EVERY_SEQ = 2_147_483_647;

/**
 * Reads of a game's logged actions: the public log (`/game log`), whole or a bounded page; the
 * actions a replay needs; the trail an undo is decided on.
 */
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

  /** A game's logged actions after `afterSeq`, oldest first: what a replay of its state needs. */
  actionsOf(id: number, afterSeq = 0): Promise<ActionRow[]> {
    const read = this.h.prepared('log.actionsAfter', (db, t) =>
      db
        .select()
        .from(t.actions)
        .where(and(eq(t.actions.gameId, sql.placeholder('id')), gt(t.actions.seq, sql.placeholder('after'))))
        .orderBy(asc(t.actions.seq))
        .prepare(),
    );
    return this.h.run(() => read({ id, after: afterSeq }));
  }

  /**
   * A game's logged actions newest first, read lazily: deciding an undo stops at the first action
   * that cannot be passed over, usually within a few rows.
   */
  async *undoTrail(id: number): AsyncGenerator<UndoTrailEntry> {
    const read = this.h.prepared('log.undoTrail', (db, t) =>
      db
        .select({
          seq: t.actions.seq,
          seat: t.actions.seat,
          origin: t.actions.origin,
          undoable: t.actions.undoable,
          undone: t.actions.undone,
          action: t.actions.action,
        })
        .from(t.actions)
        .where(and(eq(t.actions.gameId, sql.placeholder('id')), lte(t.actions.seq, sql.placeholder('upTo'))))
        .orderBy(desc(t.actions.seq))
        .limit(UNDO_PAGE)
        .prepare(),
    );
    for (let upTo = ABOVE_EVERY_SEQ; upTo > 0;) {
      const rows = await this.h.run(() => read({ id, upTo }));
      for (const { action, ...row } of rows) yield { ...row, undo: isUndo(action) };
      if (rows.length < UNDO_PAGE) return;
      upTo = (rows[rows.length - 1] as { seq: number }).seq - 1;
    }
  }
}
