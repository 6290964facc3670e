import type { Seat } from './contract.js';

/** The seat after `seat`, clockwise. */
export function nextSeat(seat: Seat, seats: number): Seat {
  return (seat + 1) % seats;
}

/** All seats 0 .. n-1. */
export function allSeats(n: number): Seat[] {
  return Array.from({ length: n }, (_, i) => i);
}

/**
 * Places from sort keys: seats are ordered by `compare` (negative: a before b) and seats that
 * compare equal share a place. Used for every final ranking.
 */
export function rankSeats(seats: Seat[], compare: (a: Seat, b: Seat) => number): Seat[][] {
  const sorted = [...seats].sort((a, b) => compare(a, b) || a - b);
  const places: Seat[][] = [];
  for (const seat of sorted) {
    const last = places[places.length - 1];
    if (last && compare(last[0] as Seat, seat) === 0) last.push(seat);
    else places.push([seat]);
  }
  return places;
}

/** Ranking by score, highest first, equal scores sharing a place. */
export function rankByScore(scores: number[]): Seat[][] {
  return rankSeats(allSeats(scores.length), (a, b) => (scores[b] as number) - (scores[a] as number));
}

/**
 * The finishing places a player's record counts one by one (player_records' place_1 … place_5 in
 * src/db/schema.ts, checked by src/db/finish-records.test.ts): no game may seat more players, or
 * the places past these would be lost (defineGame refuses it).
 */
export const RECORDED_PLACES = 5;
