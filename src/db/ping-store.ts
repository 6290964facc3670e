import { and, eq, inArray, lte } from 'drizzle-orm';
import type { Db } from './connection.js';
import { handleOf } from './sqlite-dialect.js';
import type { Dialect } from './dialect.js';

/**
 * Who was pinged by whose invitation lately. Only the last window is kept: every claim first
 * prunes what is older (on the time index), so the table never outgrows the pings of a few minutes.
 */
export class PingStore {
  private readonly h: Dialect;

  constructor(db: Db | Dialect) {
    this.h = handleOf(db);
  }

  /**
   * Of `inviteeIds`, those `inviterId` has not pinged since `now - windowMs`; they are recorded as
   * pinged at `now`, all in one transaction, so two invitations at once cannot both ping.
   */
  async claim(inviterId: string, inviteeIds: readonly string[], now: number, windowMs: number): Promise<string[]> {
    if (inviteeIds.length === 0) return [];
    return this.h.transaction(async ({ db, t, lock }) => {
      // Two invitations of one member at once: the second reads what the first recorded.
      await lock(`pings:${inviterId}`);
      const { invitePings } = t;
      await db.delete(invitePings).where(lte(invitePings.pingedAt, now - windowMs));
      const rows = await db
        .select({ id: invitePings.inviteeId })
        .from(invitePings)
        .where(and(eq(invitePings.inviterId, inviterId), inArray(invitePings.inviteeId, [...inviteeIds])));
      const recent = new Set(rows.map((r) => r.id));
      const pinged = [...new Set(inviteeIds)].filter((id) => !recent.has(id));
      if (pinged.length > 0) await db.insert(invitePings).values(pinged.map((inviteeId) => ({ inviterId, inviteeId, pingedAt: now })));
      return pinged;
    });
  }
}
