/**
 * What several hosts sharing one database coordinate through it (docs/scaling.md, "Several
 * hosts"). The leases are PostgreSQL's only: on SQLite one set of shards holds the file's lock and
 * acts for every shard. The identify slots and counters serve the shard processes of one SQLite
 * file alike (../discord/identify-throttler.ts, ../discord/invalid-requests.ts). All are in both schemas
 * so that the two stay one (the drift test).
 */
import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * Which process acts for each shard: its owner (one id per process), the host it runs on (for the
 * logs), the epoch (one more at every change of owner: a stale owner's writes name an older one
 * and are refused) and when the lease ends, in the database's clock (ms). Renewed well before.
 */
export const shardLeases = sqliteTable('shard_leases', {
  shard: integer('shard').primaryKey(),
  /** SHARD_COUNT of the owner: hosts with another count would route servers elsewhere. */
  shardCount: integer('shard_count').notNull(),
  owner: text('owner').notNull(),
  host: text('host').notNull(),
  epoch: integer('epoch').notNull(),
  takenAt: integer('taken_at').notNull(),
  expiresAt: integer('expires_at').notNull(),
});

/**
 * When each of Discord's identify buckets (shard id % max_concurrency) may identify next, in the
 * database's clock (ms): Discord allows one identify per bucket every 5 s for the whole bot.
 */
export const identifySlots = sqliteTable('identify_slots', {
  bucket: integer('bucket').primaryKey(),
  nextAt: integer('next_at').notNull(),
});

/** Counts kept for the whole bot per time window (Discord's invalid requests per 10 minutes). */
export const botCounters = sqliteTable(
  'bot_counters',
  {
    name: text('name').notNull(),
    /** The window's start (ms). */
    windowAt: integer('window_at').notNull(),
    count: integer('count').notNull(),
  },
  (table) => [primaryKey({ columns: [table.name, table.windowAt] })],
);

export type ShardLeaseRow = typeof shardLeases.$inferSelect;
