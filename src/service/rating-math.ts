/**
 * The arithmetic of ratings, pure: Weng-Lin with the Plackett-Luce model (the openskill package,
 * made for free-for-all games with ties), with its defaults (mu 25, sigma 25/3). What players see
 * is the conservative value mu − 3σ on a scale anchored at RATING_START: 1000 + 20 × (mu − 3σ),
 * rounded, never below 0. A newcomer starts at 1000, a first loss shows as a small step down from
 * there (never a negative rating), and it rises as a player's results show more than luck.
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
  const groups = [...ranking.map((g) => g.filter((s) => !left.has(s))), ...ranking.map((g) => g.filter((s) => left.has(s))), missing].filter(
    (g) => g.length > 0,
  );
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

/** Where every shown rating starts: what mu − 3σ = 0 (a newcomer's) reads as. */
export const RATING_START = 1000;
/** Shown points per point of mu − 3σ: a game moves a shown rating by some tens, as players know from Elo. */
export const RATING_SCALE = 20;

/** What players see of a rating (its conservative value): RATING_START + RATING_SCALE × value, rounded, never below 0. */
export const shownRating = (value: number): number => Math.max(0, Math.round(RATING_START + RATING_SCALE * value));

/** How a change of the conservative value reads: the change of the shown rating from `before` to `after`. */
export const shownChange = (before: number, after: number): number => shownRating(after) - shownRating(before);

/**
 * The smallest conservative value shown above `rating`: a leaderboard's place is one more than the
 * players at or over it, so that players shown alike share a place (1, 1, 3).
 */
export const lowestShownAbove = (rating: number): number => (rating + 0.5 - RATING_START) / RATING_SCALE;

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
export function meetingsOf(
  seats: readonly RatedSeat[],
  places: ReadonlyMap<number, number>,
): { playerId: string; opponentId: string; ahead: boolean; behind: boolean }[] {
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
