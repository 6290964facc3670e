import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from './connection.js';
import { AVERAGE_PLACE, playerRecords } from './schema.js';

export type PlayerRecordRow = typeof playerRecords.$inferSelect;

/**
 * The players' records per game and server (kept by a trigger when a game finishes): each read is
 * a few indexed rows, however many games a server has finished and however many members played.
 */
export class RecordStore {
  constructor(private readonly db: Db) {}

  /** A player's records in a server, one per game, in the order he first finished them. */
  of(guildId: string, userId: string): PlayerRecordRow[] {
    return this.db
      .select()
      .from(playerRecords)
      .where(and(eq(playerRecords.guildId, guildId), eq(playerRecords.userId, userId)))
      .orderBy(asc(playerRecords.firstAt), asc(playerRecords.gameId))
      .all();
  }

  /** The best `limit` players of a game in a server: most wins, then the better average place, then more games. */
  best(guildId: string, gameId: string, limit: number): PlayerRecordRow[] {
    return this.db
      .select()
      .from(playerRecords)
      .where(and(eq(playerRecords.guildId, guildId), eq(playerRecords.gameId, gameId)))
      // Exactly the order of player_records_board_idx: the first `limit` entries, no sort.
      .orderBy(desc(playerRecords.wins), AVERAGE_PLACE, desc(playerRecords.played), asc(playerRecords.userId))
      .limit(limit)
      .all();
  }
}
