/** The tables several hosts coordinate through, as ../cluster-schema.ts has them (see there). */
import { bigint, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

const ms = (name: string) => bigint(name, { mode: 'number' });

export const shardLeases = pgTable('shard_leases', {
  shard: integer('shard').primaryKey(),
  shardCount: integer('shard_count').notNull(),
  owner: text('owner').notNull(),
  host: text('host').notNull(),
  epoch: integer('epoch').notNull(),
  takenAt: ms('taken_at').notNull(),
  expiresAt: ms('expires_at').notNull(),
});

export const identifySlots = pgTable('identify_slots', {
  bucket: integer('bucket').primaryKey(),
  nextAt: ms('next_at').notNull(),
});

export const botCounters = pgTable(
  'bot_counters',
  {
    name: text('name').notNull(),
    windowAt: ms('window_at').notNull(),
    count: integer('count').notNull(),
  },
  (table) => [primaryKey({ columns: [table.name, table.windowAt] })],
);
