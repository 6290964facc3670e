import { and, asc, eq, getTableColumns, isNotNull, lte, sql } from 'drizzle-orm';
import type { Db } from './connection.js';
import { games, type GameRow } from './schema.js';
import { ALL_GUILDS, inShard, type ShardScope } from './shard.js';
import { seatsCloser } from './game-end.js';

/** Where a lobby is, enough to link to it. */
export interface LobbyRef {
  id: number;
  guildId: string;
  channelId: string;
  lobbyMessageId: string | null;
}

/** A lobby's row without the columns only a started game fills (state, result, posts). */
const lobbyColumns = {
  ...getTableColumns(games),
  state: sql<null>`NULL`,
  result: sql<null>`NULL`,
};

/** Open lobbies: how many a member has, and which ones are past their time (of this shard's servers). */
export class LobbyStore {
  private readonly closeSeats;

  constructor(
    private readonly db: Db,
    private readonly shard: ShardScope = ALL_GUILDS,
  ) {
    this.closeSeats = seatsCloser(db);
  }

  /** A member's open lobbies in a server, oldest first, at most `limit` (on the host index). */
  openBy(guildId: string, hostId: string, limit: number): LobbyRef[] {
    return this.db
      .select({ id: games.id, guildId: games.guildId, channelId: games.channelId, lobbyMessageId: games.lobbyMessageId })
      .from(games)
      .where(and(eq(games.hostId, hostId), eq(games.status, 'lobby'), eq(games.guildId, guildId)))
      .orderBy(asc(games.id))
      .limit(limit)
      .all();
  }

  /** Up to `limit` lobbies whose time ran out by `now`, soonest first (on the expiry index). */
  due(now: number, limit: number): GameRow[] {
    return this.db
      .select(lobbyColumns)
      .from(games)
      .where(and(eq(games.status, 'lobby'), isNotNull(games.lobbyExpiresAt), lte(games.lobbyExpiresAt, now), inShard(this.shard)))
      .orderBy(asc(games.lobbyExpiresAt))
      .limit(limit)
      .all() as GameRow[];
  }

  /** Closes a lobby whose time ran out; false if it started, was cancelled or got more time meanwhile. */
  expire(id: number, now: number): boolean {
    return this.db.transaction(
      () => {
        const expired =
          this.db
            .update(games)
            .set({ status: 'cancelled', updatedAt: now, finishedAt: now })
            .where(and(eq(games.id, id), eq(games.status, 'lobby'), lte(games.lobbyExpiresAt, now)))
            .run().changes === 1;
        if (expired) this.closeSeats(id);
        return expired;
      },
      { behavior: 'immediate' },
    );
  }
}
