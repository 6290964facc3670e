/** Members' time off on PostgreSQL, as ../time-off-schema.ts has it on SQLite (see there). */
import { bigint, index, integer, pgTable, text } from 'drizzle-orm/pg-core';

export const timeOff = pgTable(
  'time_off',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    guildId: text('guild_id').notNull(),
    userId: text('user_id').notNull(),
    startsAt: bigint('starts_at', { mode: 'number' }).notNull(),
    until: bigint('until', { mode: 'number' }).notNull(),
    endedAt: bigint('ended_at', { mode: 'number' }),
    reason: text('reason'),
  },
  (table) => [index('time_off_member_idx').on(table.guildId, table.userId, table.startsAt)],
);
