import { and, desc, eq, gt, gte, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from './connection.js';
import { handleOf } from './sqlite-dialect.js';
import type { Dialect } from './dialect.js';
import type { TimeOffRow } from './time-off-schema.js';

/**
 * Members' time off, and what it does to their seats: the others' agreement to let the bot play
 * for an away player, and the stand-in it grants. Reads are a member's own few rows, on his key.
 */
export class TimeOffStore {
  private readonly h: Dialect;

  constructor(db: Db | Dialect) {
    this.h = handleOf(db);
  }

  add(row: Omit<TimeOffRow, 'id' | 'endedAt'>): Promise<TimeOffRow> {
    const { timeOff } = this.h.t;
    return this.h.run(async (db) => {
      const [added] = await db.insert(timeOff).values(row).returning();
      if (!added) throw new Error('the time off was not stored');
      return added;
    });
  }

  /** The time off of these members in a server that lasts at `now` (one each at most). */
  async current(guildId: string, userIds: readonly string[], now: number): Promise<TimeOffRow[]> {
    if (userIds.length === 0) return [];
    // One member, as nearly every move asks for (the player to act next): prepared once.
    if (userIds.length === 1) return this.h.run(() => this.currentOfOne({ guildId, userId: userIds[0], now }));
    const { timeOff } = this.h.t;
    return this.h.run(async (db) =>
      db
        .select()
        .from(timeOff)
        .where(
          and(eq(timeOff.guildId, guildId), inArray(timeOff.userId, [...userIds]), lte(timeOff.startsAt, now), gt(timeOff.until, now), isNull(timeOff.endedAt)),
        ),
    );
  }

  private currentOfOne(params: { guildId: string; userId: string | undefined; now: number }): Promise<TimeOffRow[]> {
    const read = this.h.prepared<TimeOffRow>('timeOff.currentOfOne', (db, { timeOff }) => {
      const at = sql.placeholder('now');
      const member = and(eq(timeOff.guildId, sql.placeholder('guildId')), eq(timeOff.userId, sql.placeholder('userId')));
      return db
        .select()
        .from(timeOff)
        .where(and(member, lte(timeOff.startsAt, at), gt(timeOff.until, at), isNull(timeOff.endedAt)))
        .prepare();
    });
    return read(params);
  }

  /** A member's time off in a server that began at `from` or later, the latest first. */
  since(guildId: string, userId: string, from: number): Promise<TimeOffRow[]> {
    const { timeOff } = this.h.t;
    return this.h.run(async (db) =>
      db
        .select()
        .from(timeOff)
        .where(and(eq(timeOff.guildId, guildId), eq(timeOff.userId, userId), gte(timeOff.startsAt, from)))
        .orderBy(desc(timeOff.startsAt)),
    );
  }

  /** Ends a time off early. */
  end(id: number, at: number): Promise<void> {
    const { timeOff } = this.h.t;
    return this.h.run(async (db) => {
      await db.update(timeOff).set({ endedAt: at }).where(eq(timeOff.id, id));
    });
  }

  /**
   * Moves the current wait of a running game by `ms` (back for a negative one), if the game is
   * still at `version`: its deadline and its reminder, if not sent.
   */
  shiftWait(id: number, version: number, ms: number): Promise<boolean> {
    const { games } = this.h.t;
    return this.h.run(async (db) => {
      const changed = await db
        .update(games)
        .set({ deadlineAt: sql`${games.deadlineAt} + ${ms}`, reminderAt: sql`${games.reminderAt} + ${ms}` })
        .where(and(eq(games.id, id), eq(games.version, version), eq(games.status, 'running'), isNotNull(games.deadlineAt)))
        .returning({ id: games.id });
      return changed.length === 1;
    });
  }

  /** Adds a player's agreement to let the bot play a seat; returns everyone who agreed so far. */
  addStandInVote(gameId: number, seat: number, voterId: string): Promise<string[]> {
    return this.h.transaction(async (tx) => {
      const { db, t } = tx;
      await tx.lockGame(gameId);
      const theSeat = and(eq(t.seats.gameId, gameId), eq(t.seats.seat, seat));
      const [row] = await db.select({ votes: t.seats.standInVotes }).from(t.seats).where(theSeat);
      const votes = [...new Set([...(row?.votes ?? []), voterId])];
      await db.update(t.seats).set({ standInVotes: votes }).where(theSeat);
      return votes;
    });
  }

  /** The bot plays this seat until `until`. */
  grantStandIn(gameId: number, seat: number, until: number): Promise<void> {
    const { seats } = this.h.t;
    return this.h.run(async (db) => {
      await db
        .update(seats)
        .set({ standInUntil: until, standInVotes: [] })
        .where(and(eq(seats.gameId, gameId), eq(seats.seat, seat)));
    });
  }

  /** A member's open seats in a server forget their stand-in and its votes: his time off begins or ends. */
  clearStandIns(guildId: string, userId: string): Promise<void> {
    return this.h.transaction(async ({ db, t }) => {
      const { games, seats } = t;
      // Found on his open seats (a partial index), each changed by its key: never his finished games.
      const open = await db
        .select({ gameId: seats.gameId, seat: seats.seat })
        .from(seats)
        .innerJoin(games, eq(games.id, seats.gameId))
        .where(and(eq(seats.userId, userId), eq(seats.active, true), eq(games.guildId, guildId)));
      for (const { gameId, seat } of open)
        await db
          .update(seats)
          .set({ standInUntil: null, standInVotes: [] })
          .where(and(eq(seats.gameId, gameId), eq(seats.seat, seat)));
    });
  }
}
