import { and, asc, desc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type Database from 'better-sqlite3';
import type { Db } from './connection.js';
import { botState, games, type BotLevel } from './schema.js';
import { headToHead, ratingHistory, ratings, type HeadToHeadRow, type RatingHistoryRow, type RatingRow } from './rating-schema.js';

/** A finished game as the ratings read it: its result and who sat where. */
export interface FinishedGameRow {
  id: number;
  guildId: string;
  gameId: string;
  finishedAt: number;
  result: { ranking: number[][] } | null;
  seats: { seat: number; userId: string; botLevel: BotLevel | null; resigned: boolean }[];
}

/** A player's rating before a game: what the update starts from. */
export interface StoredRating {
  mu: number;
  sigma: number;
  played: number;
}

/** A rating after a game. */
export interface RatingUpdate {
  playerId: string;
  bot: boolean;
  mu: number;
  sigma: number;
  ordinal: number;
}

/** One person against one other player in one game: who finished ahead (neither: a tie). */
export interface Meeting {
  playerId: string;
  opponentId: string;
  ahead: boolean;
  behind: boolean;
}

/** Where a finished game was played, for a link to it. */
export interface GamePlace {
  id: number;
  guildId: string;
  channelId: string;
  threadId: string | null;
}

/**
 * The ratings shared between servers are kept as those of one more server with this id: no Discord
 * id is a star, so it is never a real server's.
 */
export const SHARED_RATINGS = '*';

/** Set by migrations/0012 when a database with finished games got the ratings' tables: rate them at start. */
export const RATINGS_OWED = 'ratings-rebuild';

/**
 * The ratings per player, game and server, their history and the head-to-head counts. Writes come
 * from src/service/ratings.ts inside the transaction that finishes a game (and from the rebuild);
 * every read is a few rows on an index in its own order, however many games a server finished.
 */
export class RatingStore {
  private prepared?: Record<'game' | 'seats' | 'shares' | 'current' | 'upsert' | 'history' | 'meet', Database.Statement>;

  constructor(private readonly db: Db) {}

  /** A finished game's result and seats (nothing of its state); undefined for a game that did not finish. */
  finishedGame(id: number): FinishedGameRow | undefined {
    const w = this.statements();
    const row = w.game.get(id) as { id: number; guildId: string; gameId: string; finishedAt: number; result: string | null; status: string } | undefined;
    if (!row || row.status !== 'finished') return undefined;
    const seated = (w.seats.all(id) as { seat: number; userId: string; botLevel: BotLevel | null; resigned: number }[]).map((s) => ({ ...s, resigned: s.resigned === 1 }));
    return { id: row.id, guildId: row.guildId, gameId: row.gameId, finishedAt: row.finishedAt, result: row.result === null ? null : (JSON.parse(row.result) as FinishedGameRow['result']), seats: seated };
  }

  /** Whether a server's finished games count in the shared ratings too (its /settings). */
  sharesRatings(guildId: string): boolean {
    return (this.statements().shares.get(guildId) as { shared: number } | undefined)?.shared === 1;
  }

  /** The current ratings of these players in a game and server. */
  current(guildId: string, gameId: string, playerIds: readonly string[]): Map<string, StoredRating> {
    const rows = this.statements().current.all(guildId, gameId, JSON.stringify(playerIds)) as ({ playerId: string } & StoredRating)[];
    return new Map(rows.map((r) => [r.playerId, { mu: r.mu, sigma: r.sigma, played: r.played }]));
  }

  /** Writes the players' new ratings (one more game played each), their history, and who met whom. */
  record(game: Pick<FinishedGameRow, 'id' | 'guildId' | 'gameId' | 'finishedAt'>, updates: readonly RatingUpdate[], history: readonly Omit<RatingHistoryRow, 'guildId' | 'gameId' | 'gameRowId' | 'at'>[], meetings: readonly Meeting[]): void {
    const w = this.statements();
    const { guildId, gameId } = game;
    for (const u of updates) w.upsert.run({ guildId, gameId, playerId: u.playerId, bot: u.bot ? 1 : 0, mu: u.mu, sigma: u.sigma, ordinal: u.ordinal, at: game.finishedAt });
    for (const h of history) w.history.run({ guildId, gameId, playerId: h.playerId, gameRowId: game.id, at: game.finishedAt, place: h.place, players: h.players, ordinal: h.ordinal, change: h.change });
    for (const m of meetings) w.meet.run({ guildId, gameId, playerId: m.playerId, opponentId: m.opponentId, ahead: m.ahead ? 1 : 0, behind: m.behind ? 1 : 0 });
  }

  /** Prepared once: a rebuild runs them for every finished game. */
  private statements() {
    const client = this.db.$client;
    this.prepared ??= {
      game: client.prepare(
        `SELECT id, guild_id AS guildId, game_id AS gameId, coalesce(finished_at, updated_at) AS finishedAt, result, status FROM games WHERE id = ?`,
      ),
      seats: client.prepare('SELECT seat, user_id AS userId, bot_level AS botLevel, resigned FROM seats WHERE game_id = ? ORDER BY seat'),
      shares: client.prepare('SELECT shared_ratings AS shared FROM guild_settings WHERE guild_id = ?'),
      current: client.prepare(
        'SELECT player_id AS playerId, mu, sigma, played FROM ratings WHERE guild_id = ? AND game_id = ? AND player_id IN (SELECT value FROM json_each(?))',
      ),
      upsert: client.prepare(
        `INSERT INTO ratings (guild_id, game_id, player_id, bot, mu, sigma, ordinal, played, updated_at) VALUES (@guildId, @gameId, @playerId, @bot, @mu, @sigma, @ordinal, 1, @at)
         ON CONFLICT (guild_id, game_id, player_id) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma, ordinal = excluded.ordinal, played = played + 1, updated_at = excluded.updated_at`,
      ),
      history: client.prepare(
        `INSERT INTO rating_history (guild_id, game_id, player_id, game_row_id, at, place, players, ordinal, change) VALUES (@guildId, @gameId, @playerId, @gameRowId, @at, @place, @players, @ordinal, @change)`,
      ),
      meet: client.prepare(
        `INSERT INTO head_to_head (guild_id, game_id, player_id, opponent_id, met, ahead, behind) VALUES (@guildId, @gameId, @playerId, @opponentId, 1, @ahead, @behind)
         ON CONFLICT (guild_id, player_id, game_id, opponent_id) DO UPDATE SET met = met + 1, ahead = ahead + excluded.ahead, behind = behind + excluded.behind`,
      ),
    };
    return this.prepared;
  }

  // --- Reads for /leaderboard and /profile ---------------------------------------------------------

  /** The best `limit` players of a game in a server, people only unless `withBots`: the first entries of its index. */
  best(guildId: string, gameId: string, limit: number, withBots: boolean): RatingRow[] {
    return this.db
      .select()
      .from(ratings)
      .where(and(eq(ratings.guildId, guildId), eq(ratings.gameId, gameId), withBots ? undefined : eq(ratings.bot, false)))
      // Exactly the order of ratings_board_idx: the bots (three at most) are passed over on the way.
      .orderBy(desc(ratings.ordinal), asc(ratings.playerId))
      .limit(limit)
      .all();
  }

  /** One player's rating in a game and server. */
  of(guildId: string, gameId: string, playerId: string): RatingRow | undefined {
    return this.db
      .select()
      .from(ratings)
      .where(and(eq(ratings.guildId, guildId), eq(ratings.gameId, gameId), eq(ratings.playerId, playerId)))
      .get();
  }

  /** How many players of the leaderboard stand before this rating: a count along its index, up to his place. */
  ahead(guildId: string, gameId: string, rating: Pick<RatingRow, 'ordinal' | 'playerId'>, withBots: boolean): number {
    const before = or(gt(ratings.ordinal, rating.ordinal), and(eq(ratings.ordinal, rating.ordinal), sql`${ratings.playerId} < ${rating.playerId}`));
    return (
      this.db
        .select({ n: sql<number>`count(*)` })
        .from(ratings)
        .where(and(eq(ratings.guildId, guildId), eq(ratings.gameId, gameId), before, withBots ? undefined : eq(ratings.bot, false)))
        .get()?.n ?? 0
    );
  }

  /** A player's ratings in a server, one per game he played. */
  player(guildId: string, playerId: string): RatingRow[] {
    return this.db
      .select()
      .from(ratings)
      .where(and(eq(ratings.guildId, guildId), eq(ratings.playerId, playerId)))
      .all();
  }

  /** A player's latest `limit` points in one game, newest first. */
  history(guildId: string, playerId: string, gameId: string, limit: number): RatingHistoryRow[] {
    return this.db
      .select()
      .from(ratingHistory)
      .where(and(eq(ratingHistory.guildId, guildId), eq(ratingHistory.playerId, playerId), eq(ratingHistory.gameId, gameId)))
      .orderBy(desc(ratingHistory.at))
      .limit(limit)
      .all();
  }

  /** A player's latest `limit` results over every game, newest first. */
  recent(guildId: string, playerId: string, limit: number): RatingHistoryRow[] {
    return this.db
      .select()
      .from(ratingHistory)
      .where(and(eq(ratingHistory.guildId, guildId), eq(ratingHistory.playerId, playerId)))
      .orderBy(desc(ratingHistory.at))
      .limit(limit)
      .all();
  }

  /**
   * The `limit` players a person met most, in one game or in all of them together: his rows are one
   * range of the key, added up per opponent and sorted, as many as the players he ever met.
   */
  mostMet(guildId: string, playerId: string, gameId: string | undefined, limit: number): Omit<HeadToHeadRow, 'guildId' | 'playerId' | 'gameId'>[] {
    const met = sql<number>`sum(${headToHead.met})`;
    return this.db
      .select({ opponentId: headToHead.opponentId, met, ahead: sql<number>`sum(${headToHead.ahead})`, behind: sql<number>`sum(${headToHead.behind})` })
      .from(headToHead)
      .where(and(eq(headToHead.guildId, guildId), eq(headToHead.playerId, playerId), gameId === undefined ? undefined : eq(headToHead.gameId, gameId)))
      .groupBy(headToHead.opponentId)
      .orderBy(desc(met), asc(headToHead.opponentId))
      .limit(limit)
      .all();
  }

  /** Where these games were played (by id), for links: their rows without state. */
  places(ids: readonly number[]): GamePlace[] {
    if (ids.length === 0) return [];
    return this.db.select({ id: games.id, guildId: games.guildId, channelId: games.channelId, threadId: games.threadId }).from(games).where(inArray(games.id, [...ids])).all();
  }

  // --- Rebuilding ----------------------------------------------------------------------------------

  /** Forgets every rating, its history and the head-to-head counts (the rebuild makes them again). */
  clear(): void {
    this.db.delete(ratings).run();
    this.db.delete(ratingHistory).run();
    this.db.delete(headToHead).run();
  }

  /**
   * For a rebuild: the seats of every game rated go into a temporary table instead of each
   * meeting being counted on its own (tens of writes per game), and `countMeetings` counts them all
   * at once, by the same rule as `record`: per opponent seat, ahead, behind or level.
   */
  logSeatsForMeetings(): (game: Pick<FinishedGameRow, 'id' | 'guildId' | 'gameId'>, seated: readonly { seat: number; playerId: string; person: boolean; place: number }[]) => void {
    const client = this.db.$client;
    // A game is logged once per set of ratings it counts in: its server's, and the shared ones.
    client.exec('CREATE TEMP TABLE IF NOT EXISTS rated_seats (game_row_id INTEGER, seat INTEGER, guild_id TEXT, game_id TEXT, player_id TEXT, person INTEGER, place INTEGER, PRIMARY KEY (guild_id, game_row_id, seat))');
    client.exec('DELETE FROM temp.rated_seats');
    const insert = client.prepare('INSERT INTO temp.rated_seats VALUES (?, ?, ?, ?, ?, ?, ?)');
    return (game, seated) => {
      for (const s of seated) insert.run(game.id, s.seat, game.guildId, game.gameId, s.playerId, s.person ? 1 : 0, s.place);
    };
  }

  /** The head-to-head counts of every seat logged since `logSeatsForMeetings`. */
  countMeetings(): void {
    const client = this.db.$client;
    client.exec(
      `INSERT INTO head_to_head (guild_id, player_id, game_id, opponent_id, met, ahead, behind)
       SELECT a.guild_id, a.player_id, a.game_id, b.player_id, count(*), sum(a.place < b.place), sum(a.place > b.place)
       FROM temp.rated_seats a JOIN temp.rated_seats b ON b.guild_id = a.guild_id AND b.game_row_id = a.game_row_id AND b.seat <> a.seat
       WHERE a.person = 1 GROUP BY 1, 2, 3, 4`,
    );
    client.exec('DROP TABLE temp.rated_seats');
  }

  /** Every finished game's id, in the order they finished (then by number). */
  finishedInOrder(): number[] {
    return this.db
      .select({ id: games.id })
      .from(games)
      .where(eq(games.status, 'finished'))
      .orderBy(asc(sql`coalesce(${games.finishedAt}, ${games.updatedAt})`), asc(games.id))
      .all()
      .map((r) => r.id);
  }

  /** Whether the ratings are owed a rebuild (an upgraded database with finished games). */
  owed(): boolean {
    return this.db.select().from(botState).where(eq(botState.key, RATINGS_OWED)).get() !== undefined;
  }

  /** The rebuild is done. */
  paid(): void {
    this.db.delete(botState).where(eq(botState.key, RATINGS_OWED)).run();
  }
}
