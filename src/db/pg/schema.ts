/**
 * The PostgreSQL schema: the same tables, columns, keys and indexes as the SQLite schema
 * (../schema.ts, which documents each of them), in PostgreSQL's own types: jsonb for JSON,
 * boolean, bigint for times and durations in ms (an int4 ends in 1970 + 25 days), double
 * precision for real, identity columns for the ids. Its migrations are migrations-pg/
 * (`npm run db:generate:pg`), applied by ./migrate.ts. tests/unit/pg-schema.pg.test.ts fails
 * when the two schemas drift apart.
 *
 * Not here: what SQLite's triggers computed (players' records in migrations 0008 and 0014, seats
 * no longer active in 0010): the store does it in TypeScript, in the same transaction, for both
 * (../finish-records.ts, ../game-end.ts).
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { StoredSettings } from '../../settings/declare.js';
import type { ActionOrigin, BotLevel, GameStatus, PostRef } from '../schema.js';

/** A time or a duration in ms: bigint, read as a number. */
const ms = (name: string) => bigint(name, { mode: 'number' });

/** A game that owes a post or a trim: literal SQL, as its partial index says it (see ../schema.ts). */
export const OWES_A_POST = sql.raw(`((status IN ('running', 'finished') AND last_posted_seq < version) OR posts_to_trim <> '[]'::jsonb)`);

/** A seat of a game in its lobby or running: literal SQL, as its partial index says it. */
export const SEAT_ACTIVE = sql.raw('active');

/** A player's average place, in the leaderboard's order: literal SQL, as its index says it. */
export const AVERAGE_PLACE = sql.raw('(CAST(place_sum AS double precision) / played)');

export const games = pgTable(
  'games',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    guildId: text('guild_id').notNull(),
    /** `guild_id >> 22`, up to 2^42: bigint. */
    shardKey: bigint('shard_key', { mode: 'number' }).notNull().default(0),
    channelId: text('channel_id').notNull(),
    threadId: text('thread_id'),
    lobbyMessageId: text('lobby_message_id'),
    hostId: text('host_id').notNull(),
    gameId: text('game_id').notNull(),
    options: jsonb('options').notNull(),
    locale: text('locale').notNull().default('en'),
    seed: text('seed').notNull(),
    rulesVersion: integer('rules_version').notNull(),
    status: text('status').$type<GameStatus>().notNull().default('lobby'),
    version: integer('version').notNull().default(0),
    state: jsonb('state'),
    lastPostedSeq: integer('last_posted_seq').notNull().default(0),
    result: jsonb('result'),
    createdAt: ms('created_at').notNull(),
    updatedAt: ms('updated_at').notNull(),
    finishedAt: ms('finished_at'),
    timeLimitMs: ms('time_limit_ms'),
    waitingSince: ms('waiting_since'),
    deadlineAt: ms('deadline_at'),
    reminderAt: ms('reminder_at'),
    cancelVotes: jsonb('cancel_votes').$type<string[]>().notNull().default([]),
    unreachableSince: ms('unreachable_since'),
    boardPost: jsonb('board_post').$type<PostRef>(),
    postsToTrim: jsonb('posts_to_trim').$type<PostRef[]>().notNull().default([]),
    rematchId: integer('rematch_id'),
    lobbyExpiresAt: ms('lobby_expires_at'),
    attachFilesToldAt: ms('attach_files_told_at'),
  },
  (table) => [
    index('games_status_idx').on(table.status),
    index('games_guild_idx').on(table.guildId, table.status),
    index('games_deadline_idx').on(table.deadlineAt),
    index('games_reminder_idx').on(table.reminderAt),
    index('games_thread_idx').on(table.threadId),
    index('games_lobby_expiry_idx').on(table.status, table.lobbyExpiresAt),
    index('games_host_idx').on(table.hostId, table.status, table.guildId),
    index('games_owing_idx').on(table.id).where(OWES_A_POST),
    index('games_channel_idx').on(table.channelId, table.status),
  ],
);

export const guildSettings = pgTable('guild_settings', {
  guildId: text('guild_id').primaryKey(),
  settings: jsonb('settings').$type<StoredSettings>().notNull().default({}),
  updatedAt: ms('updated_at').notNull(),
});

export const userSettings = pgTable('user_settings', {
  userId: text('user_id').primaryKey(),
  settings: jsonb('settings').$type<StoredSettings>().notNull().default({}),
});

/** Small facts about the bot itself by key (times in ms, a process id): bigint. */
export const botState = pgTable('bot_state', {
  key: text('key').primaryKey(),
  value: ms('value').notNull(),
});

export const invitePings = pgTable(
  'invite_pings',
  {
    inviterId: text('inviter_id').notNull(),
    inviteeId: text('invitee_id').notNull(),
    pingedAt: ms('pinged_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.inviterId, table.inviteeId] }), index('invite_pings_at_idx').on(table.pingedAt)],
);

export const seats = pgTable(
  'seats',
  {
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    seat: integer('seat').notNull(),
    userId: text('user_id').notNull(),
    displayName: text('display_name').notNull(),
    resigned: boolean('resigned').notNull().default(false),
    unansweredVersion: integer('unanswered_version'),
    botLevel: text('bot_level').$type<BotLevel>(),
    active: boolean('active').notNull().default(true),
    standInVotes: jsonb('stand_in_votes').$type<string[]>().notNull().default([]),
    standInUntil: ms('stand_in_until'),
    leftAt: ms('left_at'),
  },
  (table) => [
    primaryKey({ columns: [table.gameId, table.seat] }),
    index('seats_user_idx').on(table.userId),
    index('seats_active_idx').on(table.userId).where(SEAT_ACTIVE),
  ],
);

export const actions = pgTable(
  'actions',
  {
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    seat: integer('seat').notNull(),
    action: jsonb('action').notNull(),
    publicEvents: jsonb('public_events').notNull(),
    origin: text('origin').$type<ActionOrigin>().notNull().default('player'),
    undoable: boolean('undoable').notNull().default(false),
    undone: boolean('undone').notNull().default(false),
    // The moment of the insert, as SQLite's unixepoch() gives it (not the transaction's start).
    createdAt: ms('created_at')
      .notNull()
      .default(sql`(extract(epoch from clock_timestamp()) * 1000)::bigint`),
  },
  (table) => [primaryKey({ columns: [table.gameId, table.seq] })],
);

export const notices = pgTable(
  'notices',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    mentions: jsonb('mentions').$type<string[]>().notNull().default([]),
    createdAt: ms('created_at').notNull(),
  },
  (table) => [index('notices_game_idx').on(table.gameId)],
);

// Descending index columns say NULLS FIRST, as a plain `ORDER BY … DESC` has them (drizzle's `.desc()`
// alone would write NULLS LAST, an order the leaderboard's query could not read from the index).
export const playerRecords = pgTable(
  'player_records',
  {
    guildId: text('guild_id').notNull(),
    gameId: text('game_id').notNull(),
    userId: text('user_id').notNull(),
    played: integer('played').notNull(),
    wins: integer('wins').notNull(),
    placeSum: integer('place_sum').notNull(),
    place1: integer('place_1').notNull(),
    place2: integer('place_2').notNull(),
    place3: integer('place_3').notNull(),
    place4: integer('place_4').notNull(),
    place5: integer('place_5').notNull(),
    botPlayed: integer('bot_played').notNull(),
    botWins: integer('bot_wins').notNull(),
    firstAt: ms('first_at').notNull(),
    moves: integer('moves').notNull().default(0),
    /** The time of all his moves together: more than an int4 holds after 25 days. */
    moveMs: ms('move_ms').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.guildId, table.gameId, table.userId] }),
    index('player_records_user_idx').on(table.guildId, table.userId),
    index('player_records_board_idx').on(
      table.guildId,
      table.gameId,
      table.wins.desc().nullsFirst(),
      AVERAGE_PLACE,
      table.played.desc().nullsFirst(),
      table.userId,
    ),
  ],
);

export * from './rating-schema.js';
export * from './time-off-schema.js';
export * from './cluster-schema.js';
