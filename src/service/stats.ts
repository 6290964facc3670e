/**
 * Statistics from the players' records (src/db/record-store.ts), which a trigger keeps as games
 * finish: a player's record per game for /stats, the best players of a game for /leaderboard.
 * Nothing here reads a stored game.
 */
import type { PlayerRecordRow } from '../db/record-store.js';
import type { GameService } from './game-service.js';
import { hostingOf } from './hosting.js';

/** One player's record in one game. */
export interface GameRecord {
  gameId: string;
  played: number;
  wins: number;
  /** How often each place was reached: places[0] = firsts (up to the last place reached). */
  places: number[];
}

/** A line of a leaderboard. */
export interface Standing {
  userId: string;
  played: number;
  wins: number;
  /** Average place, 1 = always first. */
  averagePlace: number;
  /** Of those games, the ones with bot players at the table, and how many of them he won. */
  againstBots: { played: number; wins: number };
}

/** A user's record per game in a server, in the order he first finished them. */
export async function recordsOf(service: GameService, guildId: string, userId: string): Promise<GameRecord[]> {
  return (await hostingOf(service).store.records.of(guildId, userId)).map((row) => ({
    gameId: row.gameId,
    played: row.played,
    wins: row.wins,
    places: placesOf(row),
  }));
}

/** The best `limit` people of a game in a server: most wins, then the better average place, then more games. */
export async function leaderboard(service: GameService, guildId: string, gameId: string, limit: number): Promise<Standing[]> {
  return (await hostingOf(service).store.records.best(guildId, gameId, limit)).map((row) => ({
    userId: row.userId,
    played: row.played,
    wins: row.wins,
    averagePlace: row.placeSum / row.played,
    againstBots: { played: row.botPlayed, wins: row.botWins },
  }));
}

function placesOf(row: PlayerRecordRow): number[] {
  const places = [row.place1, row.place2, row.place3, row.place4, row.place5];
  while (places.length > 0 && places.at(-1) === 0) places.pop();
  return places;
}
