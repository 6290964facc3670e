import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from './connection.js';
import { handleOf } from './sqlite-dialect.js';
import type { Dialect } from './dialect.js';
import { ALL_GUILDS, inShard, type ShardScope } from './shard.js';

/**
 * The servers the bot is in, as far as its games go: the running games of a server the bot was
 * removed from pause (their waits stop, as for a place it cannot post in) until it is added back.
 * Every read is one server's running games, or the servers of the running games (indexed).
 */
export class MembershipStore {
  private readonly h: Dialect;

  constructor(
    db: Db | Dialect,
    private readonly shard: ShardScope = ALL_GUILDS,
  ) {
    this.h = handleOf(db);
  }

  /** The servers that have running games (of this shard). */
  runningGuilds(): Promise<string[]> {
    const { games } = this.h.t;
    return this.h.run(async (db) => {
      const rows = await db
        .selectDistinct({ guildId: games.guildId })
        .from(games)
        .where(and(eq(games.status, 'running'), inShard(this.shard, games)));
      return rows.map((row) => row.guildId);
    });
  }

  /** Pauses a server's running games from `at` on (those not paused already); returns how many. */
  pause(guildId: string, at: number): Promise<number> {
    const { games } = this.h.t;
    return this.h.run(async (db) => {
      const paused = await db
        .update(games)
        .set({ unreachableSince: at })
        .where(and(eq(games.guildId, guildId), eq(games.status, 'running'), isNull(games.unreachableSince)))
        .returning({ id: games.id });
      return paused.length;
    });
  }

  /** A server's running games that are paused. */
  paused(guildId: string): Promise<number[]> {
    const { games } = this.h.t;
    return this.h.run(async (db) => {
      const rows = await db
        .select({ id: games.id })
        .from(games)
        .where(and(eq(games.guildId, guildId), eq(games.status, 'running'), isNotNull(games.unreachableSince)));
      return rows.map((row) => row.id);
    });
  }
}
