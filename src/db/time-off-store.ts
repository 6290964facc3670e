import { and, desc, eq, gt, gte, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from './connection.js';
import { games, seats, SEAT_ACTIVE } from './schema.js';
import { timeOff, type TimeOffRow } from './time-off-schema.js';

/**
 * Members' time off, and what it does to their seats: the others' agreement to let the bot play
 * for an away player, and the stand-in it grants. Reads are a member's own few rows, on his key.
 */
export class TimeOffStore {
  constructor(private readonly db: Db) {}

  add(row: Omit<TimeOffRow, 'id' | 'endedAt'>): TimeOffRow {
    return this.db.insert(timeOff).values(row).returning().get();
  }

  /** The time off of these members in a server that lasts at `now` (one each at most). */
  current(guildId: string, userIds: readonly string[], now: number): TimeOffRow[] {
    if (userIds.length === 0) return [];
    return this.db
      .select()
      .from(timeOff)
      .where(and(eq(timeOff.guildId, guildId), inArray(timeOff.userId, [...userIds]), lte(timeOff.startsAt, now), gt(timeOff.until, now), isNull(timeOff.endedAt)))
      .all();
  }

  /** A member's time off in a server that began at `from` or later, the latest first. */
  since(guildId: string, userId: string, from: number): TimeOffRow[] {
    return this.db
      .select()
      .from(timeOff)
      .where(and(eq(timeOff.guildId, guildId), eq(timeOff.userId, userId), gte(timeOff.startsAt, from)))
      .orderBy(desc(timeOff.startsAt))
      .all();
  }

  /** Ends a time off early. */
  end(id: number, at: number): void {
    this.db.update(timeOff).set({ endedAt: at }).where(eq(timeOff.id, id)).run();
  }

  /**
   * Moves the current wait of a running game by `ms` (back for a negative one), if the game is
   * still at `version`: its deadline and its reminder, if not sent.
   */
  shiftWait(id: number, version: number, ms: number): boolean {
    return (
      this.db
        .update(games)
        .set({ deadlineAt: sql`${games.deadlineAt} + ${ms}`, reminderAt: sql`${games.reminderAt} + ${ms}` })
        .where(and(eq(games.id, id), eq(games.version, version), eq(games.status, 'running'), isNotNull(games.deadlineAt)))
        .run().changes === 1
    );
  }

  /** Adds a player's agreement to let the bot play a seat; returns everyone who agreed so far. */
  addStandInVote(gameId: number, seat: number, voterId: string): string[] {
    const row = this.db.select({ votes: seats.standInVotes }).from(seats).where(and(eq(seats.gameId, gameId), eq(seats.seat, seat))).get();
    const votes = [...new Set([...(row?.votes ?? []), voterId])];
    this.db.update(seats).set({ standInVotes: votes }).where(and(eq(seats.gameId, gameId), eq(seats.seat, seat))).run();
    return votes;
  }

  /** The bot plays this seat until `until`. */
  grantStandIn(gameId: number, seat: number, until: number): void {
    this.db.update(seats).set({ standInUntil: until, standInVotes: [] }).where(and(eq(seats.gameId, gameId), eq(seats.seat, seat))).run();
  }

  /** A member's open seats in a server forget their stand-in and its votes: his time off begins or ends. */
  clearStandIns(guildId: string, userId: string): void {
    // Found on his open seats (a partial index), each changed by its key: never his finished games.
    const open = this.db
      .select({ gameId: seats.gameId, seat: seats.seat })
      .from(seats)
      .innerJoin(games, eq(games.id, seats.gameId))
      .where(and(eq(seats.userId, userId), SEAT_ACTIVE, eq(games.guildId, guildId)))
      .all();
    for (const { gameId, seat } of open) this.db.update(seats).set({ standInUntil: null, standInVotes: [] }).where(and(eq(seats.gameId, gameId), eq(seats.seat, seat))).run();
  }
}
