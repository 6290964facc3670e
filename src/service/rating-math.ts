/**
 * The arithmetic of ratings, pure: Weng-Lin with the Plackett-Luce model (the openskill package,
 * made for free-for-all games with ties), with its defaults (mu 25, sigma 25/3). What players see
 * is the conservative value mu − 3σ, rounded: it starts at 0 and rises as a player's results show
 * more than luck.
 */
import { ordinal, rate, rating as newRating, type Rating } from 'openskill';
import type { BotLevel } from '../db/schema.js';

/** A seat as the ratings see it. */
export interface RatedSeat {
  seat: number;
  userId: string;
  botLevel: BotLevel | null;
  /** He left the game before its end (resigned, or removed when his time ran out). */
  left: boolean;
}

/** Who a seat is rated as: a person by his user id, a bot by its level, every bot of a level alike. */
export function ratedAs(seat: Pick<RatedSeat, 'userId' | 'botLevel'>): string {
  return seat.botLevel === null ? seat.userId : `bot:${seat.botLevel}`;
}

/** The rated identity of a bot level's players. */
export const isBotIdentity = (playerId: string): boolean => playerId.startsWith('bot:');

/**
 * Each seat's place from the game's final ranking (places best first, tied seats grouped), with
 * everyone who left the game behind everyone who stayed to its end: a game's rules may rank a
 * player who left by what he had, but leaving never beats finishing. Among those who left, and among
 * those who stayed, the game's own order holds. A group's place is one more than the seats before it.
 */
export function placesOf(ranking: readonly (readonly number[])[], seats: readonly RatedSeat[]): Map<number, number> {
  const left = new Set(seats.filter((s) => s.left).map((s) => s.seat));
  const ranked = new Set(ranking.flat());
  // A seat the ranking forgot (it never should) counts as having left.
  const missing = seats.filter((s) => !ranked.has(s.seat)).map((s) => s.seat);
  const groups = [...ranking.map((g) => g.filter((s) => !left.has(s))), ...ranking.map((g) => g.filter((s) => left.has(s))), missing].filter((g) => g.length > 0);
  const places = new Map<number, number>();
  let before = 0;
  for (const group of groups) {
    for (const seat of group) places.set(seat, before + 1);
    before += group.length;
  }
  return places;
}

/** A player's rating before and after one game. */
export interface RatingChange {
  playerId: string;
  bot: boolean;
  before: Rating;
  after: Rating;
}

/** The conservative value of a rating: mu − 3σ. */
export const conservative = (r: Rating): number => ordinal(r);

/** What players see of a rating. */
export const shownRating = (value: number): number => Math.round(value);

/**
 * The new ratings after one game. Each seat is a team of one, ranked by its place (ties share a
 * rank). Where one bot level sits twice, both seats start from its rating and their changes add
 * up, as if it had played each seat as a game of its own against the same table.
 */
export function rateGame(seats: readonly RatedSeat[], places: ReadonlyMap<number, number>, current: (playerId: string) => Rating | undefined): RatingChange[] {
  const players = seats.map((s) => ratedAs(s));
  if (new Set(players).size < 2) return [];
  const before = new Map(players.map((p) => [p, current(p) ?? newRating()]));
  const teams = players.map((p) => [before.get(p) as Rating]);
  const rank = seats.map((s) => places.get(s.seat) as number);
  const rated = rate(teams, { rank });
  const changes = new Map<string, RatingChange>();
  players.forEach((playerId, i) => {
    const start = before.get(playerId) as Rating;
    const next = (rated[i] as Rating[])[0] as Rating;
    const seen = changes.get(playerId);
    if (!seen) {
      changes.set(playerId, { playerId, bot: isBotIdentity(playerId), before: start, after: { mu: next.mu, sigma: next.sigma } });
      return;
    }
    // The second seat of the same bot level: its change in mu adds up, its uncertainty shrinks again.
    seen.after = { mu: seen.after.mu + (next.mu - start.mu), sigma: seen.after.sigma * (next.sigma / start.sigma) };
  });
  return [...changes.values()];
}

/** What one person's game says of him against each other seat: ahead, behind, or level. */
export function meetingsOf(seats: readonly RatedSeat[], places: ReadonlyMap<number, number>): { playerId: string; opponentId: string; ahead: boolean; behind: boolean }[] {
  const meetings = [];
  for (const me of seats) {
    if (me.botLevel !== null) continue;
    const mine = places.get(me.seat) as number;
    for (const other of seats) {
      if (other.seat === me.seat) continue;
      const theirs = places.get(other.seat) as number;
      meetings.push({ playerId: me.userId, opponentId: ratedAs(other), ahead: mine < theirs, behind: mine > theirs });
    }
  }
  return meetings;
}
