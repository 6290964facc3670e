import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from './connection.js';
import { games } from './schema.js';
import { ALL_GUILDS, inShard, type ShardScope } from './shard.js';

/**
 * The servers the bot is in, as far as its games go: the running games of a server the bot was
 * removed from pause (their waits stop, as for a place it cannot post in) until it is added back.
 * Every read is one server's running games, or the servers of the running games (indexed).
 */
export class PresenceStore {
  constructor(
    private readonly db: Db,
    private readonly shard: ShardScope = ALL_GUILDS,
  ) {}

  /** The servers that have running games (of this shard). */
  runningGuilds(): string[] {
    return this.db
      .selectDistinct({ guildId: games.guildId })
      .from(games)
      .where(and(eq(games.status, 'running'), inShard(this.shard)))
      .all()
      .map((row) => row.guildId);
  }

  /** Pauses a server's running games from `at` on (those not paused already); returns how many. */
  pause(guildId: string, at: number): number {
    return this.db
      .update(games)
      .set({ unreachableSince: at })
      .where(and(eq(games.guildId, guildId), eq(games.status, 'running'), isNull(games.unreachableSince)))
      .run().changes;
  }

  /** A server's running games that are paused. */
  paused(guildId: string): number[] {
    return this.db
      .select({ id: games.id })
      .from(games)
      .where(and(eq(games.guildId, guildId), eq(games.status, 'running'), isNotNull(games.unreachableSince)))
      .all()
      .map((row) => row.id);
  }
}
