/** Members' time off (`/away`, migrations/0013): while it lasts his turns wait (src/service/time-off.ts). */
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

export const timeOff = sqliteTable(
  'time_off',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    guildId: text('guild_id').notNull(),
    userId: text('user_id').notNull(),
    startsAt: integer('starts_at').notNull(),
    /** When it ends as asked. */
    until: integer('until').notNull(),
    /** When he ended it early (`/away end`); null otherwise. */
    endedAt: integer('ended_at'),
    /** What he said about it, shown beside his name while it lasts. */
    reason: text('reason'),
  },
  // A member's time off in a server, the latest last: whether he is away now, and the days he took lately.
  (table) => [index('time_off_member_idx').on(table.guildId, table.userId, table.startsAt)],
);

export type TimeOffRow = typeof timeOff.$inferSelect;
