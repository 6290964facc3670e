/**
 * Discord's identify slots, kept in the database so that every process of the bot, on any host,
 * takes its turn from the same row (docs/scaling.md, "Several hosts"): Discord allows one IDENTIFY
 * per bucket (shard id % max_concurrency) every 5 s for the whole bot. A slot is taken in one
 * statement, by the database's clock (./dialect.ts, `nowMs`), so two hosts asking at once get slots
 * one spacing apart and no host's own clock counts. ../discord/identify-throttler.ts waits for it.
 */
import { sql } from 'drizzle-orm';
import type { Db } from './connection.js';
import type { Dialect } from './dialect.js';
import { handleOf } from './sqlite-dialect.js';

/** A whole number of ms as a literal: better-sqlite3 binds every JS number as a REAL. */
export function msLiteral(ms: number) {
  if (!Number.isSafeInteger(ms) || ms < 0) throw new RangeError(`not a whole number of ms: ${ms}`);
  return sql.raw(String(ms));
}

export class IdentifyStore {
  private readonly h: Dialect;

  constructor(db: Db | Dialect) {
    this.h = handleOf(db);
  }

  /**
   * Takes the next slot of `bucket`: the slot starts at the later of its row's `next_at` and now,
   * and `next_at` moves on to one `spacingMs` after that start, in one statement. Resolves to how
   * long the caller waits for the slot's start (ms, 0 when it is now).
   */
  async takeSlot(bucket: number, spacingMs: number): Promise<number> {
    const spacing = msLiteral(spacingMs);
    return this.h.run(async (db) => {
      const { identifySlots: slots, nowMs } = this.h.t;
      // Portable greatest(next_at, now): PostgreSQL's greatest is SQLite's two-argument max.
      const later = sql`CASE WHEN ${slots.nextAt} > ${nowMs} THEN ${slots.nextAt} ELSE ${nowMs} END`;
      const [row] = await db
        .insert(slots)
        .values({ bucket, nextAt: sql`${nowMs} + ${spacing}` })
        .onConflictDoUpdate({ target: slots.bucket, set: { nextAt: sql`${later} + ${spacing}` } })
        .returning({ waitMs: sql<number>`${slots.nextAt} - ${spacing} - ${nowMs}`.mapWith(Number) });
      return Math.max(0, row?.waitMs ?? 0);
    });
  }
}
