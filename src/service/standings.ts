/**
 * What /leaderboard and /profile show, read from the aggregates kept as games finish (the
 * ratings, their history, the head-to-head counts, the players' records): a few rows on an
 * index each, however many games a server finished, and never a stored game's state.
 */
import type { GamePlace } from '../db/rating-store.js';

/** Where the ratings shared between servers are kept: pass it as the server to read them. */
export { SHARED_RATINGS } from '../db/rating-store.js';
import type { GameService } from './game-service.js';
import { hostingOf } from './hosting.js';
import { isBotIdentity, lowestShownAbove, shownChange, shownRating } from './rating-math.js';

/** A line of a rating leaderboard. */
export interface RatedStanding {
  /** 1 for the best; players shown with the same rating share a place (1, 1, 3). */
  place: number;
  /** A user id, or `bot:<level>`. */
  playerId: string;
  rating: number;
  played: number;
}

export interface RatingBoard {
  top: RatedStanding[];
  /** The viewer's own line when he is rated but not among the top; null otherwise. */
  viewer: RatedStanding | null;
  /** Whether the viewer has a rating in this game at all. */
  viewerRated: boolean;
}

/** The best `limit` of a game in a server by rating (people only unless `withBots`), and where `viewerId` stands. */
export async function ratingBoard(
  service: GameService,
  guildId: string,
  gameId: string,
  options: { limit: number; withBots: boolean; viewerId: string },
): Promise<RatingBoard> {
  const { ratings } = hostingOf(service).store;
  const best = (await ratings.best(guildId, gameId, options.limit, options.withBots)).map((row) => ({
    playerId: row.playerId,
    rating: shownRating(row.ordinal),
    played: row.played,
  }));
  // The best come first, so a place is one more than those before it shown higher: ties share it.
  const top = best.map((s) => ({ place: best.findIndex((o) => o.rating === s.rating) + 1, ...s }));
  const mine = await ratings.of(guildId, gameId, options.viewerId);
  if (!mine || top.some((s) => s.playerId === options.viewerId)) return { top, viewer: null, viewerRated: mine !== undefined };
  const rating = shownRating(mine.ordinal);
  const place = (await ratings.atLeast(guildId, gameId, lowestShownAbove(rating), options.withBots)) + 1;
  return { top, viewer: { place, playerId: mine.playerId, rating, played: mine.played }, viewerRated: true };
}

/** Points of the chart per game, and games a trend is told over. */
export const CHART_POINTS = 60;
export const TREND_GAMES = 10;
const RECENT_RESULTS = 5;
const RIVALS = 5;

/** A point of a rating's history: after the game that finished at `at`. */
export interface RatingPoint {
  at: number;
  rating: number;
}

/** One game of a profile. */
export interface GameProfile {
  gameId: string;
  rating: number;
  played: number;
  wins: number;
  /** 1 = always first; null without records (a game rated but never finished as a person: none). */
  averagePlace: number | null;
  /** His own moves' mean time, each from the move before it (ms); null before a timed move. */
  averageMoveMs: number | null;
  /** How the shown rating moved over his last `trendGames` games (at most TREND_GAMES). */
  trend: number;
  trendGames: number;
  /** The rating before the first point, then after each game, oldest first (the last CHART_POINTS games). */
  points: RatingPoint[];
}

export interface RecentResult {
  gameId: string;
  gameRowId: number;
  at: number;
  place: number;
  players: number;
  /** How the game changed his shown rating. */
  change: number;
  /** Where it was played; undefined if the game is gone. */
  where: GamePlace | undefined;
}

export interface Rival {
  /** A user id, or `bot:<level>`. */
  playerId: string;
  bot: boolean;
  met: number;
  ahead: number;
  behind: number;
}

export interface Profile {
  /** His games, the most played first. */
  games: GameProfile[];
  recent: RecentResult[];
  rivals: Rival[];
}

/** A member's profile in a server: every game he is rated in, or only `gameId`. */
export async function profileOf(service: GameService, guildId: string, userId: string, gameId?: string): Promise<Profile> {
  const { ratings, records } = hostingOf(service).store;
  const record = new Map((await records.of(guildId, userId)).map((r) => [r.gameId, r]));
  const rated = (await ratings.player(guildId, userId))
    .filter((r) => gameId === undefined || r.gameId === gameId)
    .sort((a, b) => b.played - a.played || a.gameId.localeCompare(b.gameId));
  const games: GameProfile[] = [];
  for (const r of rated) {
    const newest = await ratings.history(guildId, userId, r.gameId, CHART_POINTS);
    const oldest = newest.at(-1);
    // Where the chart starts: his rating before the oldest game shown (RATING_START before his first game).
    const start = oldest ? { at: oldest.at, rating: shownRating(oldest.ordinal - oldest.change) } : undefined;
    const points = [...(start ? [start] : []), ...newest.map((h) => ({ at: h.at, rating: shownRating(h.ordinal) })).reverse()];
    const trendGames = Math.min(TREND_GAMES, newest.length);
    const before = points[points.length - 1 - trendGames];
    const kept = record.get(r.gameId);
    games.push({
      gameId: r.gameId,
      rating: shownRating(r.ordinal),
      played: r.played,
      wins: kept?.wins ?? 0,
      averagePlace: kept && kept.played > 0 ? kept.placeSum / kept.played : null,
      averageMoveMs: kept && kept.moves > 0 ? kept.moveMs / kept.moves : null,
      trend: before ? shownRating(r.ordinal) - before.rating : 0,
      trendGames,
      points,
    });
  }
  const history = gameId === undefined ? await ratings.recent(guildId, userId, RECENT_RESULTS) : await ratings.history(guildId, userId, gameId, RECENT_RESULTS);
  const places = new Map((await ratings.places(history.map((h) => h.gameRowId))).map((p) => [p.id, p]));
  const recent = history.map((h) => ({
    gameId: h.gameId,
    gameRowId: h.gameRowId,
    at: h.at,
    place: h.place,
    players: h.players,
    change: shownChange(h.ordinal - h.change, h.ordinal),
    where: places.get(h.gameRowId),
  }));
  const rivals = (await ratings.mostMet(guildId, userId, gameId, RIVALS)).map((m) => ({
    playerId: m.opponentId,
    bot: isBotIdentity(m.opponentId),
    met: m.met,
    ahead: m.ahead,
    behind: m.behind,
  }));
  return { games, recent, rivals };
}

/** How one finished game moved a person's shown rating: where it stands now, and by how much. */
export interface RatingMove {
  rating: number;
  change: number;
}

/** How a finished game moved each person's rating in its server, by user id (bots are not told). */
export async function ratingMovesOf(service: GameService, guildId: string, gameRowId: number, userIds: readonly string[]): Promise<Map<string, RatingMove>> {
  const rows = await hostingOf(service).store.ratings.ofGame(guildId, gameRowId, userIds);
  return new Map(rows.map((h) => [h.playerId, { rating: shownRating(h.ordinal), change: shownChange(h.ordinal - h.change, h.ordinal) }]));
}
