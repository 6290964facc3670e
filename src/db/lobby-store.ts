import { and, asc, eq, getTableColumns, isNotNull, lte, sql } from 'drizzle-orm';
import type { Db } from './connection.js';
import { handleOf } from './sqlite-dialect.js';
import type { Dialect, Tables } from './dialect.js';
import type { GameRow } from './schema.js';
import { ALL_GUILDS, inShard, type ShardScope } from './shard.js';
import { closeSeats } from './game-end.js';

/** Where a lobby is, enough to link to it. */
export interface LobbyRef {
  id: number;
  guildId: string;
  channelId: string;
  lobbyMessageId: string | null;
}

/** A lobby's row without the columns only a started game fills (state, result, posts). */
const lobbyColumns = ({ games }: Tables) => ({
  ...getTableColumns(games),
  state: sql<null>`NULL`,
  result: sql<null>`NULL`,
});

/** Open lobbies: how many a member has, and which ones are past their time (of this shard's servers). */
export class LobbyStore {
  private readonly h: Dialect;

  constructor(
    db: Db | Dialect,
    private readonly shard: ShardScope = ALL_GUILDS,
  ) {
    this.h = handleOf(db);
  }

  /** A member's open lobbies in a server, oldest first, at most `limit` (on the host index). */
  openBy(guildId: string, hostId: string, limit: number): Promise<LobbyRef[]> {
    const { games } = this.h.t;
    return this.h.run(async (db) =>
      db
        .select({ id: games.id, guildId: games.guildId, channelId: games.channelId, lobbyMessageId: games.lobbyMessageId })
        .from(games)
        .where(and(eq(games.hostId, hostId), eq(games.status, 'lobby'), eq(games.guildId, guildId)))
        .orderBy(asc(games.id))
        .limit(limit),
    );
  }

  /** Up to `limit` lobbies whose time ran out by `now`, soonest first (on the expiry index). */
  due(now: number, limit: number): Promise<GameRow[]> {
    const { games } = this.h.t;
    return this.h.run(
      async (db) =>
        (await db
          .select(lobbyColumns(this.h.t))
          .from(games)
          .where(and(eq(games.status, 'lobby'), isNotNull(games.lobbyExpiresAt), lte(games.lobbyExpiresAt, now), inShard(this.shard, games)))
          .orderBy(asc(games.lobbyExpiresAt))
          .limit(limit)) as GameRow[],
    );
  }

  /** Closes a lobby whose time ran out; false if it started, was cancelled or got more time meanwhile. */
  expire(id: number, now: number): Promise<boolean> {
    return this.h.transaction(async (tx) => {
      const { games } = tx.t;
      const expired = await tx.db
        .update(games)
        .set({ status: 'cancelled', updatedAt: now, finishedAt: now })
        .where(and(eq(games.id, id), eq(games.status, 'lobby'), lte(games.lobbyExpiresAt, now)))
        .returning({ id: games.id });
      if (expired.length !== 1) return false;
      await closeSeats(tx, id);
      return true;
    });
  }
}
