import type { AnyGameDefinition, GameResult, Seat } from '../engine/index.js';
import type { DeadlinePolicy, GameRow, SeatRow } from '../db/schema.js';
import type { TimeOffRow } from '../db/time-off-schema.js';
import { lobbyExpired } from './lobby-limits.js';

// What the service answers: the games as loaded and the outcome of each request, shared by its
// parts (lobbies, play, votes, waits) and read by the Discord layer.

/** Why a request was turned down; each maps to one plain-words message for the user. */
export type Refusal =
  | 'game-not-found'
  | 'unknown-game'
  | 'bad-options'
  | 'not-in-lobby'
  | 'already-joined'
  | 'lobby-full'
  | 'not-joined'
  | 'host-cannot-leave'
  | 'not-host'
  | 'not-enough-players'
  | 'not-a-player'
  | 'not-running'
  | 'not-your-turn'
  | 'stale'
  | 'illegal'
  | 'no-deadline'
  | 'already-agreed'
  | 'not-a-bot'
  | 'no-bots'
  | 'nothing-to-undo'
  | 'not-finished'
  | 'too-many-lobbies'
  | 'lobby-expired'
  // Time off and stand-ins (./time-off.ts).
  | 'no-time-off'
  | 'bad-days'
  | 'already-away'
  | 'too-much-time-off'
  | 'not-away'
  | 'nobody-away'
  | 'stand-in-yourself'
  | 'already-voted';

export type Outcome<T> = { ok: true; value: T } | { ok: false; refusal: Refusal };

export const ok = <T>(value: T): Outcome<T> => ({ ok: true, value });
export const refuse = <T>(refusal: Refusal): Outcome<T> => ({ ok: false, refusal });
/** Why a lobby button no longer works: the game started or was cancelled, or the lobby expired. */
export const notInLobby = <T>(row: GameRow): Outcome<T> => refuse(lobbyExpired(row) ? 'lobby-expired' : 'not-in-lobby');

/**
 * How a click made on an earlier panel is judged at the version the game has now (the Discord
 * layer's, which knows what the panel said): the index, among `seat`'s legal actions in `game`,
 * of the choice that means what the clicked one meant; null when none does any more.
 */
export type SameChoice = (game: LoadedGame, seat: Seat) => Promise<number | null>;

/** A running (or finished) game as loaded: row, seats, definition and state. */
export interface LoadedGame {
  row: GameRow;
  seats: SeatRow[];
  def: AnyGameDefinition;
  state: unknown;
  /**
   * Its people's time off as read with it, at the moment `at` (where the store reads it in the
   * same go: ../db/dialect.ts, OneTrip). A move made just after uses it instead of reading again
   * (./away-waits.ts); an older one reads.
   */
  away?: { at: number; rows: readonly Pick<TimeOffRow, 'userId' | 'startsAt' | 'until'>[] };
}

/** What an accepted action did, for the announcer. */
export interface ActionOutcome {
  game: LoadedGame;
  seat: Seat;
  seq: number;
  /** The public events of this step, from which the game's presenter decides whether to post. */
  events: unknown[];
  result: GameResult | null;
  /** The seats the game waited for before this step. */
  waitedFor: Seat[];
}

/** What a request to cancel did: cancelled, or one more player agreed and others still must. */
export interface CancelOutcome {
  cancelled: boolean;
  row: GameRow;
  /** Players who agreed so far, and those whose agreement is still needed (user ids). */
  agreed: string[];
  needed: string[];
}

/** Moves chosen by a bot player for absent seats, step by step, from the state the deadline passed in. */
export type StandInPlan = ReadonlyMap<Seat, readonly unknown[]>;

/** What the bot did when a deadline passed. */
export interface TimeoutOutcome {
  game: LoadedGame;
  /** The seats whose time ran out. */
  seats: Seat[];
  policy: DeadlinePolicy;
}

/** What a committed change did: started a game, wrote an action to its log, cancelled it, or let the bot stand in for a player away. */
export type Change = 'start' | 'action' | 'cancel' | 'stand-in';
