/**
 * The ratings' tables (migrations/0012): kept by src/service/ratings.ts in the same transaction
 * as a game finishing, and made again from the finished games by `npm run ratings:rebuild`. Every
 * read of /leaderboard and /profile is a few rows of one of these, on an index in its own order.
 */
import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * One skill rating per player, game and server: a person by his user id, a bot by its level
 * (`bot:easy`, `bot:normal`, `bot:hard`: every bot of a level is one player). Variants of a game
 * share its rating.
 */
export const ratings = sqliteTable(
  'ratings',
  {
    guildId: text('guild_id').notNull(),
    /** Registry id of the game (its folder's name under src/games). */
    gameId: text('game_id').notNull(),
    /** A user id, or `bot:<level>`. */
    playerId: text('player_id').notNull(),
    /** The player is a bot level: left out of leaderboards unless asked for. */
    bot: integer('bot', { mode: 'boolean' }).notNull(),
    mu: real('mu').notNull(),
    sigma: real('sigma').notNull(),
    /** The conservative value mu − 3σ, which players see (rounded) and which leaderboards order by. */
    ordinal: real('ordinal').notNull(),
    played: integer('played').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.guildId, table.gameId, table.playerId] }),
    // A game's leaderboard is the first entries of this index; a place is a count along it.
    index('ratings_board_idx').on(table.guildId, table.gameId, sql`${table.ordinal} DESC`, table.playerId),
    // A member's ratings for /profile.
    index('ratings_player_idx').on(table.guildId, table.playerId),
  ],
);

/** A person's rating after each finished game: his profile's trend, chart and last results. */
export const ratingHistory = sqliteTable(
  'rating_history',
  {
    guildId: text('guild_id').notNull(),
    gameId: text('game_id').notNull(),
    playerId: text('player_id').notNull(),
    /** The finished game (games.id), for the link to it. */
    gameRowId: integer('game_row_id').notNull(),
    /** When it finished. */
    at: integer('at').notNull(),
    /** His place (ties share one; whoever left the game is last) among `players`. */
    place: integer('place').notNull(),
    players: integer('players').notNull(),
    /** His conservative value after the game, and how much the game changed it. */
    ordinal: real('ordinal').notNull(),
    change: real('change').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.guildId, table.playerId, table.gameRowId] }),
    // One game's points of a member, newest first (the chart, the trend).
    index('rating_history_game_idx').on(table.guildId, table.playerId, table.gameId, table.at),
    // A member's last results over all games.
    index('rating_history_recent_idx').on(table.guildId, table.playerId, table.at),
  ],
);

/**
 * How a person did against each player he met in a game: how often they met, and how often he
 * finished ahead or behind (the rest were ties). Keyed by the person first, so that his rows over
 * every game are one range of the key: a profile adds them up per opponent. No other index: this
 * is the biggest of the ratings' tables (a row per pair of players who ever met in a game).
 */
export const headToHead = sqliteTable(
  'head_to_head',
  {
    guildId: text('guild_id').notNull(),
    playerId: text('player_id').notNull(),
    gameId: text('game_id').notNull(),
    /** A user id, or `bot:<level>`. */
    opponentId: text('opponent_id').notNull(),
    met: integer('met').notNull(),
    ahead: integer('ahead').notNull(),
    behind: integer('behind').notNull(),
  },
  (table) => [primaryKey({ columns: [table.guildId, table.playerId, table.gameId, table.opponentId] })],
);

/**
 * Scratch space of a rebuild of the ratings (`npm run ratings:rebuild`): the seats of every game it
 * rates, their head-to-head counts made from them at the end in one statement instead of up to
 * twenty upserts per game. Filled and emptied inside the rebuild's transaction: empty otherwise.
 * A table of the schema rather than a temporary one, so that every store has it alike.
 */
export const ratedSeats = sqliteTable(
  'rated_seats',
  {
    /** The set of ratings the game counts in: its server's, or the shared ones. */
    guildId: text('guild_id').notNull(),
    gameRowId: integer('game_row_id').notNull(),
    seat: integer('seat').notNull(),
    gameId: text('game_id').notNull(),
    playerId: text('player_id').notNull(),
    person: integer('person', { mode: 'boolean' }).notNull(),
    place: integer('place').notNull(),
  },
  (table) => [primaryKey({ columns: [table.guildId, table.gameRowId, table.seat] })],
);

export type RatingRow = typeof ratings.$inferSelect;
export type RatingHistoryRow = typeof ratingHistory.$inferSelect;
export type HeadToHeadRow = typeof headToHead.$inferSelect;
