import { and, eq, inArray, lte } from 'drizzle-orm';
import type { Db } from './connection.js';
import { invitePings } from './schema.js';

/**
 * Who was pinged by whose invitation lately. Only the last window is kept: every claim first
 * prunes what is older (on the time index), so the table never outgrows the pings of a few minutes.
 */
export class PingStore {
  constructor(private readonly db: Db) {}

  /**
   * Of `inviteeIds`, those `inviterId` has not pinged since `now - windowMs`; they are recorded as
   * pinged at `now`, all in one transaction, so two invitations at once cannot both ping.
   */
  claim(inviterId: string, inviteeIds: readonly string[], now: number, windowMs: number): string[] {
    if (inviteeIds.length === 0) return [];
    return this.db.$client
      .transaction(() => {
        this.db.delete(invitePings).where(lte(invitePings.pingedAt, now - windowMs)).run();
        const recent = new Set(
          this.db
            .select({ id: invitePings.inviteeId })
            .from(invitePings)
            .where(and(eq(invitePings.inviterId, inviterId), inArray(invitePings.inviteeId, [...inviteeIds])))
            .all()
            .map((r) => r.id),
        );
        const pinged = [...new Set(inviteeIds)].filter((id) => !recent.has(id));
        for (const inviteeId of pinged) this.db.insert(invitePings).values({ inviterId, inviteeId, pingedAt: now }).run();
        return pinged;
      })
      .immediate();
  }
}
