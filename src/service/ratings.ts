/**
 * Keeping the ratings: when a game finishes, in the same transaction, every player's rating for
 * that game and server moves by the final ranking (src/service/rating-math.ts), a person's history
 * gets a point and his head-to-head counts grow. Every way a game finishes (a move, a resignation,
 * a timeout, a removal) is a commit of its result through GameService, which calls `rateFinished`;
 * a cancelled game has no result and changes no rating. A server that shares its ratings
 * (`/settings shared-ratings`) has its games rated a second time in the shared ratings, kept as
 * those of the server SHARED_RATINGS. `rebuildRatings` makes all of it again from the finished
 * games alone, in the order they finished, through the same function (the shared ratings from the
 * games of the servers that share theirs at the time of the rebuild).
 */
import type { Storage } from '../db/storage.js';
import { SHARED_RATINGS, type FinishedGameRow } from '../db/rating-store.js';
import type { Logger } from '../logger.js';
import type { Seat } from '../engine/index.js';
import { conservative, meetingsOf, placesOf, rateGame, ratedAs, type RatedSeat } from './rating-math.js';

/** In a rebuild: where each game's seats go, for the head-to-head counts made at the end. */
type SeatLog = Awaited<ReturnType<Storage['ratings']['logSeatsForMeetings']>>;

/**
 * Rates a game that has just finished (or, in a rebuild, finished long ago). `leaving`: the seat
 * whose resignation ended it, not yet marked as resigned when this runs.
 */
export async function rateFinished(store: Storage, id: number, leaving: Seat | null = null, seatLog?: SeatLog): Promise<void> {
  const game = await store.ratings.finishedGame(id);
  if (!game?.result) return;
  const seats: RatedSeat[] = game.seats.map((s) => ({ seat: s.seat, userId: s.userId, botLevel: s.botLevel, left: s.resigned || s.seat === leaving }));
  const places = placesOf(game.result.ranking, seats);
  await rateIn(store, game, seats, places, seatLog);
  if (await store.ratings.sharesRatings(game.guildId)) await rateIn(store, { ...game, guildId: SHARED_RATINGS }, seats, places, seatLog);
}

/** Rates a finished game in one set of ratings: its server's (`game.guildId`), or the shared ones. */
async function rateIn(store: Storage, game: FinishedGameRow, seats: RatedSeat[], places: Map<Seat, number>, seatLog?: SeatLog): Promise<void> {
  const players = [...new Set(seats.map(ratedAs))];
  // Two games of one server and game finishing at once: the second reads what the first rated.
  await store.lock(`ratings:${game.guildId}:${game.gameId}`);
  const current = await store.ratings.current(game.guildId, game.gameId, players);
  const changes = rateGame(seats, places, (playerId) => current.get(playerId));
  if (changes.length === 0) return;
  const updates = changes.map((c) => ({ playerId: c.playerId, bot: c.bot, mu: c.after.mu, sigma: c.after.sigma, ordinal: conservative(c.after) }));
  const byPlayer = new Map(changes.map((c) => [c.playerId, c]));
  const history = seats
    .filter((s) => s.botLevel === null)
    .map((s) => {
      const change = byPlayer.get(s.userId);
      const after = change ? conservative(change.after) : 0;
      return {
        playerId: s.userId,
        place: places.get(s.seat) as number,
        players: seats.length,
        ordinal: after,
        change: change ? after - conservative(change.before) : 0,
      };
    });
  await seatLog?.(
    game,
    seats.map((s) => ({ seat: s.seat, playerId: ratedAs(s), person: s.botLevel === null, place: places.get(s.seat) as number })),
  );
  await store.ratings.record(game, updates, history, seatLog ? [] : meetingsOf(seats, places));
}

/**
 * Makes every rating again from the stored results: all of it is forgotten, then each finished
 * game is rated in the order the games finished, in one transaction (a failure changes nothing).
 * For a change of the rating rules, or a database restored from before ratings.
 */
export async function rebuildRatings(store: Storage): Promise<{ games: number }> {
  return store.transaction(async (tx) => {
    await tx.ratings.clear();
    const ids = await tx.ratings.finishedInOrder();
    const seatLog = await tx.ratings.logSeatsForMeetings();
    for (const id of ids) await rateFinished(tx, id, null, seatLog);
    await tx.ratings.countMeetings();
    await tx.ratings.paid();
    return { games: ids.length };
  });
}

/** Rebuilds the ratings if an upgrade left them owed (migrations/0012 on a database with finished games). */
export async function rebuildIfOwed(store: Storage): Promise<{ games: number } | null> {
  return (await store.ratings.owed()) ? rebuildRatings(store) : null;
}

/** At start, before anything else writes: the ratings an upgrade left owed, logged once made. */
export async function rateOwedGames(store: Storage, logger: Pick<Logger, 'info'>): Promise<void> {
  const started = performance.now();
  const rebuilt = await rebuildIfOwed(store);
  if (rebuilt) logger.info({ games: rebuilt.games, ms: Math.round(performance.now() - started) }, 'ratings made from the finished games');
}
