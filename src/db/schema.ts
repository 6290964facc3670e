import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/** Lobby → running → finished, or cancelled from the lobby or mid-game. */
export type GameStatus = 'lobby' | 'running' | 'finished' | 'cancelled';

/** One hosted game: where it lives in Discord, how it was set up and its current snapshot. */
export const games = sqliteTable(
  'games',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    guildId: text('guild_id').notNull(),
    channelId: text('channel_id').notNull(),
    /** The thread the game is played in; null while in the lobby or when threads are not allowed. */
    threadId: text('thread_id'),
    lobbyMessageId: text('lobby_message_id'),
    hostId: text('host_id').notNull(),
    /** Registry id of the game, e.g. 'cartagena'. */
    gameId: text('game_id').notNull(),
    options: text('options', { mode: 'json' }).notNull(),
    /** Language of the public posts. */
    locale: text('locale').notNull().default('en'),
    seed: text('seed').notNull(),
    rulesVersion: integer('rules_version').notNull(),
    status: text('status').$type<GameStatus>().notNull().default('lobby'),
    /** Number of actions applied; the snapshot below is the state after exactly that many. */
    version: integer('version').notNull().default(0),
    state: text('state', { mode: 'json' }),
    /** Sequence number of the last action whose events went into a public post. */
    lastPostedSeq: integer('last_posted_seq').notNull().default(0),
    result: text('result', { mode: 'json' }),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
    finishedAt: integer('finished_at'),
  },
  (table) => [index('games_status_idx').on(table.status), index('games_guild_idx').on(table.guildId, table.status)],
);

/** Who sits where: lobby members in joining order, then the seats of the running game. */
export const seats = sqliteTable(
  'seats',
  {
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    seat: integer('seat').notNull(),
    userId: text('user_id').notNull(),
    displayName: text('display_name').notNull(),
    /** Set when the player resigned; the game goes on (or ends) without him. */
    resigned: integer('resigned', { mode: 'boolean' }).notNull().default(false),
  },
  (table) => [primaryKey({ columns: [table.gameId, table.seat] }), index('seats_user_idx').on(table.userId)],
);

/** The append-only log: replaying it from the game's seed reproduces the snapshot. */
export const actions = sqliteTable(
  'actions',
  {
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    seat: integer('seat').notNull(),
    action: text('action', { mode: 'json' }).notNull(),
    /** What a spectator may know of what happened (from the engine's spectator view). */
    publicEvents: text('public_events', { mode: 'json' }).notNull(),
    createdAt: integer('created_at').notNull().default(sql`(unixepoch() * 1000)`),
  },
  (table) => [primaryKey({ columns: [table.gameId, table.seq] })],
);

export type GameRow = typeof games.$inferSelect;
export type SeatRow = typeof seats.$inferSelect;
export type ActionRow = typeof actions.$inferSelect;
