/**
 * Which shard of the bot a process is. Discord sends each guild's events and interactions to
 * one shard, `(guild_id >> 22) % shard_count`; the process of that shard also owns the guild's
 * games for everything nobody clicks: deadlines, reminders, posts owed, bot players. With one
 * shard (the default) a process owns every game.
 *
 * Each game stores `guild_id >> 22` (`games.shard_key`, written by the store with the game), so
 * that the condition in SQL is a remainder that every dialect computes alike, with no text id to
 * cast and shift.
 */
import { sql, type SQL } from 'drizzle-orm';
import { games } from './schema.js';

export interface ShardScope {
  id: number;
  count: number;
}

/** One process for all guilds. */
export const ALL_GUILDS: ShardScope = { id: 0, count: 1 };

/** `guild_id >> 22`, the part of a snowflake shards are counted on; ids that are not snowflakes get 0 (shard 0). */
export function shardKeyOf(guildId: string): number {
  if (!/^\d{1,20}$/.test(guildId)) return 0;
  return Number(BigInt(guildId) >> 22n);
}

/** The shard a guild belongs to (Discord's rule); ids that are not snowflakes belong to shard 0. */
export function shardOfGuild(guildId: string, count: number): number {
  if (count <= 1) return 0;
  return shardKeyOf(guildId) % count;
}

/** The same rule as an SQL condition on `games` (the store's own table, of its dialect); none when one shard owns everything. */
export function inShard(scope: ShardScope, table: { shardKey: typeof games.shardKey } = games): SQL | undefined {
  if (scope.count <= 1) return undefined;
  return sql`(${table.shardKey} % ${scope.count}) = ${scope.id}`;
}
