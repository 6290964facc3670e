import type { GameResult, Seat } from '../engine/index.js';
import type { GameRow, SeatRow } from '../db/schema.js';

/** A finished game as statistics read it. */
export interface FinishedGame {
  game: Pick<GameRow, 'gameId' | 'result'>;
  seats: (Pick<SeatRow, 'seat' | 'userId' | 'displayName'> & Partial<Pick<SeatRow, 'botLevel'>>)[];
}

/** The place (1 = first) of every seat in a result; tied seats share a place. */
export function placesOf(result: GameResult): Map<Seat, number> {
  const places = new Map<Seat, number>();
  let place = 1;
  for (const group of result.ranking) {
    for (const seat of group) places.set(seat, place);
    place += group.length;
  }
  return places;
}

/** One player's record in one game. */
export interface GameRecord {
  gameId: string;
  played: number;
  wins: number;
  /** How often each place was reached: places[0] = firsts. */
  places: number[];
}

/** A user's record per game, in the order the games were first played. */
export function recordsOf(finished: FinishedGame[], userId: string): GameRecord[] {
  const records = new Map<string, GameRecord>();
  for (const { game, seats } of finished) {
    const mine = seats.find((s) => s.userId === userId);
    if (!mine || !game.result) continue;
    const place = placesOf(game.result as GameResult).get(mine.seat);
    if (place === undefined) continue;
    const record = records.get(game.gameId) ?? { gameId: game.gameId, played: 0, wins: 0, places: [] };
    record.played++;
    if (place === 1) record.wins++;
    record.places[place - 1] = (record.places[place - 1] ?? 0) + 1;
    records.set(game.gameId, record);
  }
  return [...records.values()].map((r) => ({ ...r, places: Array.from(r.places, (n) => n ?? 0) }));
}

/** A line of a leaderboard. */
export interface Standing {
  userId: string;
  name: string;
  played: number;
  wins: number;
  /** Average place, 1 = always first. */
  averagePlace: number;
  /** Of those games, the ones with bot players at the table, and how many of them he won. */
  againstBots: { played: number; wins: number };
}

/**
 * The players of one game's finished matches, best first: most wins, then the better average
 * place, then more games played.
 */
export function leaderboard(finished: FinishedGame[]): Standing[] {
  const standings = new Map<string, Standing & { placeSum: number }>();
  for (const { game, seats } of finished) {
    if (!game.result) continue;
    const places = placesOf(game.result as GameResult);
    const withBots = seats.some((s) => s.botLevel);
    for (const seat of seats) {
      // The leaderboard ranks people; games against bots count for the people in them.
      if (seat.botLevel) continue;
      const place = places.get(seat.seat);
      if (place === undefined) continue;
      const standing = standings.get(seat.userId) ?? {
        userId: seat.userId,
        name: seat.displayName,
        played: 0,
        wins: 0,
        averagePlace: 0,
        placeSum: 0,
        againstBots: { played: 0, wins: 0 },
      };
      standing.played++;
      standing.placeSum += place;
      if (place === 1) standing.wins++;
      if (withBots) {
        standing.againstBots.played++;
        if (place === 1) standing.againstBots.wins++;
      }
      standing.name = seat.displayName;
      standings.set(seat.userId, standing);
    }
  }
  return [...standings.values()]
    .map(({ placeSum, ...s }) => ({ ...s, averagePlace: placeSum / s.played }))
    .sort((a, b) => b.wins - a.wins || a.averagePlace - b.averagePlace || b.played - a.played);
}
