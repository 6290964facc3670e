/** The ratings' tables on PostgreSQL, as ../rating-schema.ts has them on SQLite (see there). */
import { bigint, boolean, doublePrecision, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

export const ratings = pgTable(
  'ratings',
  {
    guildId: text('guild_id').notNull(),
    gameId: text('game_id').notNull(),
    playerId: text('player_id').notNull(),
    bot: boolean('bot').notNull(),
    mu: doublePrecision('mu').notNull(),
    sigma: doublePrecision('sigma').notNull(),
    ordinal: doublePrecision('ordinal').notNull(),
    played: integer('played').notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.guildId, table.gameId, table.playerId] }),
    index('ratings_board_idx').on(table.guildId, table.gameId, table.ordinal.desc().nullsFirst(), table.playerId),
    index('ratings_player_idx').on(table.guildId, table.playerId),
  ],
);

export const ratingHistory = pgTable(
  'rating_history',
  {
    guildId: text('guild_id').notNull(),
    gameId: text('game_id').notNull(),
    playerId: text('player_id').notNull(),
    gameRowId: integer('game_row_id').notNull(),
    at: bigint('at', { mode: 'number' }).notNull(),
    place: integer('place').notNull(),
    players: integer('players').notNull(),
    ordinal: doublePrecision('ordinal').notNull(),
    change: doublePrecision('change').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.guildId, table.playerId, table.gameRowId] }),
    index('rating_history_game_idx').on(table.guildId, table.playerId, table.gameId, table.at),
    index('rating_history_recent_idx').on(table.guildId, table.playerId, table.at),
  ],
);

export const headToHead = pgTable(
  'head_to_head',
  {
    guildId: text('guild_id').notNull(),
    playerId: text('player_id').notNull(),
    gameId: text('game_id').notNull(),
    opponentId: text('opponent_id').notNull(),
    met: integer('met').notNull(),
    ahead: integer('ahead').notNull(),
    behind: integer('behind').notNull(),
  },
  (table) => [primaryKey({ columns: [table.guildId, table.playerId, table.gameId, table.opponentId] })],
);

export const ratedSeats = pgTable(
  'rated_seats',
  {
    guildId: text('guild_id').notNull(),
    gameRowId: integer('game_row_id').notNull(),
    seat: integer('seat').notNull(),
    gameId: text('game_id').notNull(),
    playerId: text('player_id').notNull(),
    person: boolean('person').notNull(),
    place: integer('place').notNull(),
  },
  (table) => [primaryKey({ columns: [table.guildId, table.gameRowId, table.seat] })],
);
