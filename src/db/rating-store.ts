import { and, asc, count, desc, eq, gt, gte, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import { addExcluded, excluded } from './upsert.js';
import type { Db } from './connection.js';
import { handleOf } from './sqlite-dialect.js';
import type { Dialect } from './dialect.js';
import type { BotLevel } from './schema.js';
import type { HeadToHeadRow, RatingHistoryRow, RatingRow } from './rating-schema.js';
import { readSettings, SERVER_SETTINGS } from '../settings/index.js';

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
  private readonly h: Dialect;

  constructor(db: Db | Dialect) {
    this.h = handleOf(db);
  }

  /** The writes of a rated game, prepared once per connection: a rebuild runs them for every finished game. */
  /** The writes, prepared on `h`: the transaction's handle they run in. */
  private writes(h: Dialect) {
    const p = (name: string) => sql.placeholder(name);
    return {
      upsert: h.prepared('ratings.upsert', (db, { ratings }) =>
        db
          .insert(ratings)
          .values({
            guildId: p('guildId'),
            gameId: p('gameId'),
            playerId: p('playerId'),
            bot: p('bot'),
            mu: p('mu'),
            sigma: p('sigma'),
            ordinal: p('ordinal'),
            played: 1,
            updatedAt: p('at'),
          })
          .onConflictDoUpdate({
            target: [ratings.guildId, ratings.gameId, ratings.playerId],
            set: {
              mu: excluded(ratings.mu),
              sigma: excluded(ratings.sigma),
              ordinal: excluded(ratings.ordinal),
              played: sql`${ratings.played} + 1`,
              updatedAt: excluded(ratings.updatedAt),
            },
          })
          .returning({ playerId: ratings.playerId })
          .prepare(),
      ),
      history: h.prepared('ratings.history', (db, { ratingHistory }) =>
        db
          .insert(ratingHistory)
          .values({
            guildId: p('guildId'),
            gameId: p('gameId'),
            playerId: p('playerId'),
            gameRowId: p('gameRowId'),
            at: p('at'),
            place: p('place'),
            players: p('players'),
            ordinal: p('ordinal'),
            change: p('change'),
          })
          .returning({ playerId: ratingHistory.playerId })
          .prepare(),
      ),
      meet: h.prepared('ratings.meet', (db, { headToHead }) =>
        db
          .insert(headToHead)
          .values({
            guildId: p('guildId'),
            gameId: p('gameId'),
            playerId: p('playerId'),
            opponentId: p('opponentId'),
            met: 1,
            ahead: p('ahead'),
            behind: p('behind'),
          })
          .onConflictDoUpdate({
            target: [headToHead.guildId, headToHead.playerId, headToHead.gameId, headToHead.opponentId],
            set: { met: sql`${headToHead.met} + 1`, ahead: addExcluded(headToHead.ahead), behind: addExcluded(headToHead.behind) },
          })
          .returning({ playerId: headToHead.playerId })
          .prepare(),
      ),
      rateSeat: h.prepared('ratings.rateSeat', (db, { ratedSeats }) =>
        db
          .insert(ratedSeats)
          .values({
            guildId: p('guildId'),
            gameRowId: p('gameRowId'),
            seat: p('seat'),
            gameId: p('gameId'),
            playerId: p('playerId'),
            person: p('person'),
            place: p('place'),
          })
          .returning({ seat: ratedSeats.seat })
          .prepare(),
      ),
    };
  }

  /** A finished game's result and seats (nothing of its state); undefined for a game that did not finish. */
  finishedGame(id: number): Promise<FinishedGameRow | undefined> {
    const game = this.h.prepared('ratings.game', (db, { games }) =>
      db
        .select({
          id: games.id,
          guildId: games.guildId,
          gameId: games.gameId,
          finishedAt: sql<number>`coalesce(${games.finishedAt}, ${games.updatedAt})`.mapWith(Number),
          result: games.result,
          status: games.status,
        })
        .from(games)
        .where(eq(games.id, sql.placeholder('id')))
        .prepare(),
    );
    const seated = this.h.prepared('ratings.seats', (db, { seats }) =>
      db
        .select({ seat: seats.seat, userId: seats.userId, botLevel: seats.botLevel, resigned: seats.resigned })
        .from(seats)
        .where(eq(seats.gameId, sql.placeholder('id')))
        .orderBy(asc(seats.seat))
        .prepare(),
    );
    return this.h.run(async () => {
      const [row] = await game({ id });
      if (!row || row.status !== 'finished') return undefined;
      return {
        id: row.id,
        guildId: row.guildId,
        gameId: row.gameId,
        finishedAt: row.finishedAt,
        result: row.result as FinishedGameRow['result'],
        seats: await seated({ id }),
      };
    });
  }

  /**
   * Whether a server's finished games count in the shared ratings too (its /settings): its settings
   * document read through their declarations, as the settings store reads it (no JSON in SQL).
   */
  sharesRatings(guildId: string): Promise<boolean> {
    const shares = this.h.prepared('ratings.shares', (db, { guildSettings }) =>
      db
        .select({ settings: guildSettings.settings })
        .from(guildSettings)
        .where(eq(guildSettings.guildId, sql.placeholder('guildId')))
        .prepare(),
    );
    return this.h.run(async () => readSettings(SERVER_SETTINGS, (await shares({ guildId }))[0]?.settings).sharedRatings);
  }

  /** The current ratings of these players in a game and server. */
  current(guildId: string, gameId: string, playerIds: readonly string[]): Promise<Map<string, StoredRating>> {
    // Prepared per number of players (a game seats five at most).
    const n = playerIds.length;
    const read = this.h.prepared(`ratings.current${n}`, (db, { ratings }) => {
      const players = Array.from({ length: n }, (_, i) => sql.placeholder(`p${i}`));
      return db
        .select({ playerId: ratings.playerId, mu: ratings.mu, sigma: ratings.sigma, played: ratings.played })
        .from(ratings)
        .where(and(eq(ratings.guildId, sql.placeholder('guildId')), eq(ratings.gameId, sql.placeholder('gameId')), inArray(ratings.playerId, players)))
        .prepare();
    });
    return this.h.run(async () => {
      const rows = await read({ guildId, gameId, ...Object.fromEntries(playerIds.map((playerId, i) => [`p${i}`, playerId])) });
      return new Map(rows.map((r) => [r.playerId, { mu: r.mu, sigma: r.sigma, played: r.played }]));
    });
  }

  /** Writes the players' new ratings (one more game played each), their history, and who met whom. */
  record(
    game: Pick<FinishedGameRow, 'id' | 'guildId' | 'gameId' | 'finishedAt'>,
    updates: readonly RatingUpdate[],
    history: readonly Omit<RatingHistoryRow, 'guildId' | 'gameId' | 'gameRowId' | 'at'>[],
    meetings: readonly Meeting[],
  ): Promise<void> {
    const { guildId, gameId } = game;
    return this.h.transaction(async (tx) => {
      const writes = this.writes(tx);
      for (const u of updates)
        await writes.upsert({ guildId, gameId, playerId: u.playerId, bot: u.bot, mu: u.mu, sigma: u.sigma, ordinal: u.ordinal, at: game.finishedAt });
      for (const h of history)
        await writes.history({
          guildId,
          gameId,
          playerId: h.playerId,
          gameRowId: game.id,
          at: game.finishedAt,
          place: h.place,
          players: h.players,
          ordinal: h.ordinal,
          change: h.change,
        });
      for (const m of meetings)
        await writes.meet({ guildId, gameId, playerId: m.playerId, opponentId: m.opponentId, ahead: m.ahead ? 1 : 0, behind: m.behind ? 1 : 0 });
    });
  }

  // --- Reads for /leaderboard and /profile ---------------------------------------------------------

  /** The best `limit` players of a game in a server, people only unless `withBots`: the first entries of its index. */
  best(guildId: string, gameId: string, limit: number, withBots: boolean): Promise<RatingRow[]> {
    const { ratings } = this.h.t;
    return this.h.run(async (db) =>
      db
        .select()
        .from(ratings)
        .where(and(eq(ratings.guildId, guildId), eq(ratings.gameId, gameId), withBots ? undefined : eq(ratings.bot, false)))
        // Exactly the order of ratings_board_idx: the bots (three at most) are passed over on the way.
        .orderBy(desc(ratings.ordinal), asc(ratings.playerId))
        .limit(limit),
    );
  }

  /** One player's rating in a game and server. */
  of(guildId: string, gameId: string, playerId: string): Promise<RatingRow | undefined> {
    const { ratings } = this.h.t;
    return this.h.run(
      async (db) =>
        (
          await db
            .select()
            .from(ratings)
            .where(and(eq(ratings.guildId, guildId), eq(ratings.gameId, gameId), eq(ratings.playerId, playerId)))
        )[0],
    );
  }

  /** How many players of the leaderboard have a rating of at least `ordinal`: a count along its index, up to that value. */
  atLeast(guildId: string, gameId: string, ordinal: number, withBots: boolean): Promise<number> {
    const { ratings } = this.h.t;
    const before = gte(ratings.ordinal, ordinal);
    return this.h.run(
      async (db) =>
        (
          await db
            .select({ n: count() })
            .from(ratings)
            .where(and(eq(ratings.guildId, guildId), eq(ratings.gameId, gameId), before, withBots ? undefined : eq(ratings.bot, false)))
        )[0]?.n ?? 0,
    );
  }

  /** A player's ratings in a server, one per game he played. */
  player(guildId: string, playerId: string): Promise<RatingRow[]> {
    const { ratings } = this.h.t;
    return this.h.run(async (db) =>
      db
        .select()
        .from(ratings)
        .where(and(eq(ratings.guildId, guildId), eq(ratings.playerId, playerId))),
    );
  }

  /** A player's latest `limit` points in one game, newest first. */
  history(guildId: string, playerId: string, gameId: string, limit: number): Promise<RatingHistoryRow[]> {
    const { ratingHistory } = this.h.t;
    return this.h.run(async (db) =>
      db
        .select()
        .from(ratingHistory)
        .where(and(eq(ratingHistory.guildId, guildId), eq(ratingHistory.playerId, playerId), eq(ratingHistory.gameId, gameId)))
        .orderBy(desc(ratingHistory.at))
        .limit(limit),
    );
  }

  /** The points one finished game gave these persons (the primary key's rows). */
  ofGame(guildId: string, gameRowId: number, playerIds: readonly string[]): Promise<RatingHistoryRow[]> {
    const { ratingHistory } = this.h.t;
    if (playerIds.length === 0) return Promise.resolve([]);
    return this.h.run(async (db) =>
      db
        .select()
        .from(ratingHistory)
        .where(and(eq(ratingHistory.guildId, guildId), inArray(ratingHistory.playerId, [...playerIds]), eq(ratingHistory.gameRowId, gameRowId))),
    );
  }

  /** A player's latest `limit` results over every game, newest first. */
  recent(guildId: string, playerId: string, limit: number): Promise<RatingHistoryRow[]> {
    const { ratingHistory } = this.h.t;
    return this.h.run(async (db) =>
      db
        .select()
        .from(ratingHistory)
        .where(and(eq(ratingHistory.guildId, guildId), eq(ratingHistory.playerId, playerId)))
        .orderBy(desc(ratingHistory.at))
        .limit(limit),
    );
  }

  /**
   * The `limit` players a person met most, in one game or in all of them together: his rows are one
   * range of the key, added up per opponent and sorted, as many as the players he ever met.
   */
  mostMet(guildId: string, playerId: string, gameId: string | undefined, limit: number): Promise<Omit<HeadToHeadRow, 'guildId' | 'playerId' | 'gameId'>[]> {
    const { headToHead } = this.h.t;
    // PostgreSQL's sum of integers is a bigint, read as text: mapped to a number alike.
    const met = sql<number>`sum(${headToHead.met})`.mapWith(Number);
    return this.h.run(async (db) =>
      db
        .select({
          opponentId: headToHead.opponentId,
          met,
          ahead: sql<number>`sum(${headToHead.ahead})`.mapWith(Number),
          behind: sql<number>`sum(${headToHead.behind})`.mapWith(Number),
        })
        .from(headToHead)
        .where(and(eq(headToHead.guildId, guildId), eq(headToHead.playerId, playerId), gameId === undefined ? undefined : eq(headToHead.gameId, gameId)))
        .groupBy(headToHead.opponentId)
        .orderBy(desc(met), asc(headToHead.opponentId))
        .limit(limit),
    );
  }

  /** Where these games were played (by id), for links: their rows without state. */
  async places(ids: readonly number[]): Promise<GamePlace[]> {
    if (ids.length === 0) return [];
    const { games } = this.h.t;
    return this.h.run(async (db) =>
      db
        .select({ id: games.id, guildId: games.guildId, channelId: games.channelId, threadId: games.threadId })
        .from(games)
        .where(inArray(games.id, [...ids])),
    );
  }

  // --- Rebuilding ----------------------------------------------------------------------------------

  /** Forgets every rating, its history and the head-to-head counts (the rebuild makes them again). */
  clear(): Promise<void> {
    return this.h.transaction(async ({ db, t }) => {
      await db.delete(t.ratings);
      await db.delete(t.ratingHistory);
      await db.delete(t.headToHead);
    });
  }

  /**
   * For a rebuild: the seats of every game rated go into `rated_seats` instead of each meeting being
   * counted on its own (tens of writes per game), and `countMeetings` counts them all at once, by
   * the same rule as `record`: per opponent seat, ahead, behind or level.
   */
  async logSeatsForMeetings(): Promise<
    (
      game: Pick<FinishedGameRow, 'id' | 'guildId' | 'gameId'>,
      seated: readonly { seat: number; playerId: string; person: boolean; place: number }[],
    ) => Promise<void>
  > {
    // A game is logged once per set of ratings it counts in: its server's, and the shared ones.
    await this.h.run(async (db) => {
      await db.delete(this.h.t.ratedSeats);
    });
    return (game, seated) =>
      this.h.transaction(async (tx) => {
        const { rateSeat } = this.writes(tx);
        for (const s of seated)
          await rateSeat({
            guildId: game.guildId,
            gameRowId: game.id,
            seat: s.seat,
            gameId: game.gameId,
            playerId: s.playerId,
            person: s.person,
            place: s.place,
          });
      });
  }

  /** The head-to-head counts of every seat logged since `logSeatsForMeetings`, in one statement; the log is emptied. */
  countMeetings(): Promise<void> {
    return this.h.transaction(async ({ db, t, alias }) => {
      const [a, b] = [alias(t.ratedSeats, 'a'), alias(t.ratedSeats, 'b')];
      const counted = (when: SQL | undefined, as: string) => sql<number>`sum(CASE WHEN ${when} THEN 1 ELSE 0 END)`.as(as);
      await db.insert(t.headToHead).select(
        db
          .select({
            guildId: a.guildId,
            playerId: a.playerId,
            gameId: a.gameId,
            opponentId: b.playerId,
            met: sql<number>`count(*)`.as('met'),
            ahead: counted(lt(a.place, b.place), 'ahead'),
            behind: counted(gt(a.place, b.place), 'behind'),
          })
          .from(a)
          .innerJoin(b, and(eq(b.guildId, a.guildId), eq(b.gameRowId, a.gameRowId), ne(b.seat, a.seat)))
          .where(eq(a.person, true))
          .groupBy(a.guildId, a.playerId, a.gameId, b.playerId),
      );
      await db.delete(t.ratedSeats);
    });
  }

  /** Every finished game's id, in the order they finished (then by number). */
  finishedInOrder(): Promise<number[]> {
    const { games } = this.h.t;
    return this.h.run(async (db) => {
      const rows = await db
        .select({ id: games.id })
        .from(games)
        .where(eq(games.status, 'finished'))
        .orderBy(asc(sql`coalesce(${games.finishedAt}, ${games.updatedAt})`), asc(games.id));
      return rows.map((r) => r.id);
    });
  }

  /** Whether the ratings are owed a rebuild (an upgraded database with finished games). */
  owed(): Promise<boolean> {
    const { botState } = this.h.t;
    return this.h.run(async (db) => (await db.select({ key: botState.key }).from(botState).where(eq(botState.key, RATINGS_OWED))).length > 0);
  }

  /** The rebuild is done. */
  paid(): Promise<void> {
    const { botState } = this.h.t;
    return this.h.run(async (db) => {
      await db.delete(botState).where(eq(botState.key, RATINGS_OWED));
    });
  }
}
