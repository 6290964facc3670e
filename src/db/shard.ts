/**
 * Which shard of the bot a process is. Discord sends each guild's events and interactions to
 * one shard, `(guild_id >> 22) % shard_count`; the process of that shard also owns the guild's
 * games for everything nobody clicks: deadlines, reminders, posts owed, bot players. With one
 * shard (the default) a process owns every game.
 */
import { sql, type SQL } from 'drizzle-orm';
import { games } from './schema.js';

export interface ShardScope {
  id: number;
  count: number;
}

/** One process for all guilds. */
export const ALL_GUILDS: ShardScope = { id: 0, count: 1 };

/** The shard a guild belongs to (Discord's rule); ids that are not snowflakes belong to shard 0. */
export function shardOfGuild(guildId: string, count: number): number {
  if (count <= 1 || !/^\d{1,20}$/.test(guildId)) return 0;
  return Number((BigInt(guildId) >> 22n) % BigInt(count));
}

/** The same rule as an SQL condition on `games`; none when one shard owns everything. */
export function inShard(scope: ShardScope): SQL | undefined {
  if (scope.count <= 1) return undefined;
  // SQLite integers are 64-bit: a snowflake fits, and text that is not a number casts to 0 (shard 0).
  return sql`((CAST(${games.guildId} AS INTEGER) >> 22) % ${scope.count}) = ${scope.id}`;
}
