import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import type { BotLevel } from '../settings/bot-levels.js';
import type { StoredSettings } from '../settings/declare.js';

/** Lobby → running → finished, or cancelled from the lobby or mid-game. */
export type GameStatus = 'lobby' | 'running' | 'finished' | 'cancelled';

// The settings' values are declared in src/settings (one module each); the games' rows name a bot's level.
export { BOT_LEVELS, type BotLevel } from '../settings/bot-levels.js';
export { DEADLINE_POLICIES, type DeadlinePolicy } from '../settings/timeout.js';

/**
 * Who made a logged move: the player himself, the bot when his time ran out, a bot player in its
 * own seat, the bot standing in for a player away whom the others let it play for, or the bot
 * taking out of the game a player who left the server (under the policy that removes absent players).
 */
export type ActionOrigin = 'player' | 'timeout' | 'bot' | 'stand-in' | 'left';

/** A board post in Discord and the lines it keeps once a newer one has gone out. */
export interface PostRef {
  channelId: string;
  messageId: string;
  summary: string;
}

/**
 * A game that owes a post (moves not yet posted) or a trim (earlier posts to cut down). Written as
 * literal SQL so that the query and its partial index (games_owing_idx) say exactly the same,
 * which SQLite needs to use the index.
 */
export const OWES_A_POST = sql.raw(`((status IN ('running', 'finished') AND last_posted_seq < version) OR posts_to_trim <> '[]')`);

/** A seat of a game in its lobby or running (see `seats.active`): literal SQL, as its partial index says it. */
export const SEAT_ACTIVE = sql.raw('active = 1');

/** A player's average place (1 = always first), in the leaderboard's order: literal SQL, as its index says it. */
export const AVERAGE_PLACE = sql.raw('(CAST(place_sum AS REAL) / played)');

/** One hosted game: where it lives in Discord, how it was set up and its current snapshot. */
export const games = sqliteTable(
  'games',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    guildId: text('guild_id').notNull(),
    /**
     * The guild id shifted right by 22 bits (src/db/shard.ts), written with the game: its shard is
     * this modulo the number of shards, so that no SQL dialect has to shift a text id.
     */
    shardKey: integer('shard_key').notNull().default(0),
    channelId: text('channel_id').notNull(),
    /** The thread the game is played in; null while in the lobby or when threads are not allowed. */
    threadId: text('thread_id'),
    lobbyMessageId: text('lobby_message_id'),
    hostId: text('host_id').notNull(),
    /** Registry id of the game (its folder's name under src/games). */
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
    /** Time each player has for a move, in ms; null: no limit. Chosen at creation. */
    timeLimitMs: integer('time_limit_ms'),
    /** Since when the game waits for the players it waits for now (ms since the epoch). */
    waitingSince: integer('waiting_since'),
    /** When the current wait runs out; null when there is no limit (or nothing to wait for). */
    deadlineAt: integer('deadline_at'),
    /** When to remind the awaited players (half the time); null once reminded. */
    reminderAt: integer('reminder_at'),
    /** Players who agreed to cancel the running game (user ids). */
    cancelVotes: text('cancel_votes', { mode: 'json' }).$type<string[]>().notNull().default([]),
    /**
     * Since when the bot can post nowhere for this game (its thread and channel are gone or closed
     * to the bot); null while it can. The game's deadlines pause meanwhile.
     */
    unreachableSince: integer('unreachable_since'),
    /** The latest board post, trimmed to its summary when the next one goes out (quiet threads). */
    boardPost: text('board_post', { mode: 'json' }).$type<PostRef>(),
    /** Earlier board posts still to be edited down to their summary: no image, no button. */
    postsToTrim: text('posts_to_trim', { mode: 'json' }).$type<PostRef[]>().notNull().default([]),
    /** The lobby of the rematch opened from this finished game, if any: it is opened once. */
    rematchId: integer('rematch_id'),
    /**
     * When a lobby nobody started closes by itself. Set while the game is in its lobby; cleared when
     * it starts or is cancelled, kept when it expired (a cancelled game with it set expired).
     */
    lobbyExpiresAt: integer('lobby_expires_at'),
    /**
     * When the host was told that the bot may not attach files in the game's place (its boards go
     * out in words meanwhile); null until then. He is told once per game.
     */
    attachFilesToldAt: integer('attach_files_told_at'),
  },
  (table) => [
    index('games_status_idx').on(table.status),
    index('games_guild_idx').on(table.guildId, table.status),
    index('games_deadline_idx').on(table.deadlineAt),
    index('games_reminder_idx').on(table.reminderAt),
    index('games_thread_idx').on(table.threadId),
    // Due lobbies, a page at a time, for the scheduler.
    index('games_lobby_expiry_idx').on(table.status, table.lobbyExpiresAt),
    // A member's open lobbies in a server, counted on every /game new and Rematch.
    index('games_host_idx').on(table.hostId, table.status, table.guildId),
    // The few games that owe a post or a trim, looked for every minute among all the finished ones.
    index('games_owing_idx').on(table.id).where(OWES_A_POST),
    // The lobbies and running games of a channel where games are played without threads: a
    // command there finds its game among those, not among every game ever played there.
    index('games_channel_idx').on(table.channelId, table.status),
  ],
);

/**
 * A server's settings as one JSON object by key, read through their declarations (src/settings):
 * a value missing or not as declared reads as its default, a key no longer declared is left out.
 * A server without a row has every default.
 */
export const guildSettings = sqliteTable('guild_settings', {
  guildId: text('guild_id').primaryKey(),
  settings: text('settings', { mode: 'json' }).$type<StoredSettings>().notNull().default({}),
  updatedAt: integer('updated_at').notNull(),
});

/** A member's own settings (reminders by direct message, pings), one JSON object as a server's. */
export const userSettings = sqliteTable('user_settings', {
  userId: text('user_id').primaryKey(),
  settings: text('settings', { mode: 'json' }).$type<StoredSettings>().notNull().default({}),
});

/** Small facts about the bot itself, by key: when it was last known to be running. */
export const botState = sqliteTable('bot_state', {
  key: text('key').primaryKey(),
  value: integer('value').notNull(),
});

/**
 * Who was pinged by whose invitation (a lobby or a rematch) and when: within the window
 * (`PING_WINDOW_MS`, src/service/lobby-limits.ts) the same inviter names him without pinging him again. Rows older
 * than the window are pruned on every write, so the table holds the last few minutes only.
 */
export const invitePings = sqliteTable(
  'invite_pings',
  {
    inviterId: text('inviter_id').notNull(),
    inviteeId: text('invitee_id').notNull(),
    pingedAt: integer('pinged_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.inviterId, table.inviteeId] }), index('invite_pings_at_idx').on(table.pingedAt)],
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
    /**
     * The version a move of this player's brought the game to when the answer to his click did not
     * reach him; his next panel says that the move was made. Null otherwise.
     */
    unansweredVersion: integer('unanswered_version'),
    /** A bot player's level; null for a person. A bot's user id is `bot:<n>`, never a Discord id. */
    botLevel: text('bot_level').$type<BotLevel>(),
    /**
     * The game is in its lobby or running. Cleared in the write that finishes or cancels the game
     * (src/db/game-end.ts), so that a member's open games are found on the partial index below
     * without reading the thousands he may have finished.
     */
    active: integer('active', { mode: 'boolean' }).notNull().default(true),
    /** While his time off lasts: the players who agreed to let the bot play for him (user ids). */
    standInVotes: text('stand_in_votes', { mode: 'json' }).$type<string[]>().notNull().default([]),
    /** Until when the bot plays this seat for its player, away with the others' agreement; null: not. */
    standInUntil: integer('stand_in_until'),
    /**
     * When the bot learned that this player left the server (a check answered Unknown Member, or the
     * member event): the game no longer waits for him nor needs his agreement; null while he is a member.
     */
    leftAt: integer('left_at'),
  },
  (table) => [
    primaryKey({ columns: [table.gameId, table.seat] }),
    index('seats_user_idx').on(table.userId),
    index('seats_active_idx').on(table.userId).where(SEAT_ACTIVE),
  ],
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
    /** Who made the move: the player, or the bot for a player whose time ran out. */
    origin: text('origin').$type<ActionOrigin>().notNull().default('player'),
    /** The move showed nothing new and kept the turn (the game's `undoable`): it may be taken back. */
    undoable: integer('undoable', { mode: 'boolean' }).notNull().default(false),
    /** Taken back by a later undo: replay and the public log pass over it. */
    undone: integer('undone', { mode: 'boolean' }).notNull().default(false),
    createdAt: integer('created_at')
      .notNull()
      .default(sql`(unixepoch() * 1000)`),
  },
  (table) => [primaryKey({ columns: [table.gameId, table.seq] })],
);

/**
 * Public notices (a cancellation, a request to cancel, more time) waiting to be posted in a game's
 * place: kept until Discord took them, so that a failure or a restart does not lose them.
 */
export const notices = sqliteTable(
  'notices',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    /** User ids the notice may ping. */
    mentions: text('mentions', { mode: 'json' }).$type<string[]>().notNull().default([]),
    createdAt: integer('created_at').notNull(),
  },
  // Asked before every board post; notices of a server that removed the bot wait here meanwhile.
  (table) => [index('notices_game_idx').on(table.gameId)],
);

/**
 * Each person's record per game and server, added to in the write that finishes a game
 * (src/db/finish-records.ts), so that /stats and /leaderboard read a few rows instead of every finished game.
 * Places are counted up to fifth: no game seats more than five.
 */
export const playerRecords = sqliteTable(
  'player_records',
  {
    guildId: text('guild_id').notNull(),
    /** Registry id of the game (its folder's name under src/games). */
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
    /** Of those, the games with bot players at the table, and the ones he won. */
    botPlayed: integer('bot_played').notNull(),
    botWins: integer('bot_wins').notNull(),
    /** When he first finished this game here (orders /stats). */
    firstAt: integer('first_at').notNull(),
    /**
     * His own moves in those games (not the bot's for him, not the first move of a game) and the
     * time they took together, each from the move before it: /profile's average.
     */
    moves: integer('moves').notNull().default(0),
    moveMs: integer('move_ms').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.guildId, table.gameId, table.userId] }),
    index('player_records_user_idx').on(table.guildId, table.userId),
    // A game's leaderboard in its own order: the best ten are the first ten entries, however many
    // members have played it (RecordStore.best orders by exactly these).
    index('player_records_board_idx').on(table.guildId, table.gameId, sql`${table.wins} DESC`, AVERAGE_PLACE, sql`${table.played} DESC`, table.userId),
  ],
);

export type GameRow = typeof games.$inferSelect;
export type NoticeRow = typeof notices.$inferSelect;
export type SeatRow = typeof seats.$inferSelect;
export type ActionRow = typeof actions.$inferSelect;
export type GuildSettingsRow = typeof guildSettings.$inferSelect;

// The ratings', time off's and hosts' tables live in files of their own; drizzle-kit reads them through this one.
export * from './rating-schema.js';
export * from './time-off-schema.js';
export * from './cluster-schema.js';
