/**
 * The seam between the store and its database. The store (./storage.ts and its sub-stores) is
 * written once, as awaited drizzle builders over the tables and the handle given here; what
 * differs between SQLite and PostgreSQL (how a transaction is opened, how a game's row is locked,
 * how raw SQL returns rows, how queries are prepared, a column's JSON as text) is this handle's.
 * ./sqlite-dialect.ts is the SQLite side; a PostgreSQL side is one more file of the same shape.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AnyColumn } from 'drizzle-orm';
import type { BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core';
import { alias } from 'drizzle-orm/sqlite-core';
import type { RunResult } from 'better-sqlite3';
import type * as schema from './schema.js';
import type { SeatRow } from './schema.js';
import { actions, AVERAGE_PLACE, botState, games, guildSettings, invitePings, notices, OWES_A_POST, playerRecords, seats, userSettings } from './schema.js';
import { headToHead, ratedSeats, ratingHistory, ratings } from './rating-schema.js';
import { timeOff } from './time-off-schema.js';
import { botCounters, identifySlots } from './cluster-schema.js';

/** What the store builds its queries on: the drizzle database or an open transaction of it. */
export type SqlDb = BaseSQLiteDatabase<'sync', RunResult, typeof schema>;

/**
 * The tables and the few literal expressions the store names (those a partial index spells out).
 * Typed as the SQLite schema's: drizzle's builders are typed per dialect, and writing the store
 * twice to satisfy the types is what this seam avoids. The PostgreSQL side passes its own tables
 * (../pg/schema.ts: the same names, columns and JS types, checked by its drift test) at run time.
 */
export const sqliteTables = {
  games,
  seats,
  actions,
  notices,
  playerRecords,
  invitePings,
  botState,
  guildSettings,
  userSettings,
  timeOff,
  ratings,
  ratingHistory,
  headToHead,
  ratedSeats,
  identifySlots,
  botCounters,
  /**
   * The database's clock now, in ms: what every host sharing a PostgreSQL database reads alike
   * (its clock_timestamp()). On SQLite, which runs in this process, it is this machine's clock.
   */
  nowMs: sql<number>`CAST(unixepoch('subsec') * 1000 AS INTEGER)`,
  /** A game that owes a post or a trim, as its partial index says it. */
  owesAPost: OWES_A_POST,
  /** A player's average place, as the leaderboard's index says it. */
  averagePlace: AVERAGE_PLACE,
};

export type Tables = typeof sqliteTables;

/** A query prepared once: its rows for these placeholder values. */
export interface PreparedRows<R> {
  all(params?: Record<string, unknown>): R[];
}

/** A member's time off as read with his game. */
export interface AwayRow {
  userId: string;
  startsAt: number;
  until: number;
}

/** A game's next action, as `OneTrip.advance` writes it (state, action and events not yet serialised but the state). */
export interface AdvanceStep {
  id: number;
  expected: number;
  next: number;
  at: number;
  /** The state after the action, as JSON text. */
  state: string;
  waitingSince: number | null;
  deadlineAt: number | null;
  reminderAt: number | null;
  /** 1: the wait goes on, its columns are left as they are (the three above unused); 0: they are written. */
  keepWait: 0 | 1;
  seat: number;
  action: unknown;
  events: unknown;
  origin: string;
  undoable: boolean;
}

/**
 * A click's two store calls in one go each: on PostgreSQL one statement each, where every
 * statement is a round trip to the server (./pg/one-trip.ts); on SQLite one turn on the
 * connection, without awaits between the statements (./sqlite-one-trip.ts). Its results are the
 * store's plain path's (./one-trip.test.ts), and the store falls back on that path without it.
 */
export interface OneTrip {
  /**
   * A game's row (its state as JSON text), its seats in seat order, and where that saves a round
   * trip (PostgreSQL) its people's time off that has not ended by `now` (what a move asks next:
   * is the player to act away?).
   */
  gameWithSeats(id: number, now: number): Promise<{ row: Record<string, unknown> & { state: string | null }; seats: SeatRow[]; away?: AwayRow[] } | undefined>;
  /** The version-guarded move of a running game and its log entry, all or nothing, in one statement: false when the game was not at `expected`. */
  advance(step: AdvanceStep): Promise<boolean>;
}

/** One database (or one open transaction of it) as the store uses it. */
export interface Dialect {
  /** The drizzle database, or the transaction when this handle is one. */
  readonly db: SqlDb;
  readonly t: Tables;
  /** Where the data lives (SQLite's file, ':memory:' in tests). */
  readonly file: string;
  /** On a transaction's handle: true. On the root: whether one of its transactions is open now. */
  readonly inTransaction: boolean;
  /**
   * Runs one store call's statements. The root waits its turn (SQLite: while a transaction is
   * open on the one connection, nothing else may run on it) and refuses to run from inside its
   * own open transaction; a transaction's handle runs them at once.
   */
  run<T>(work: (db: SqlDb) => Promise<T>): Promise<T>;
  /**
   * Runs `work` in one transaction that holds the write lock from its start; commits when it
   * resolves, rolls back when it rejects (and rethrows). On a transaction's handle: joins it.
   */
  transaction<T>(work: (tx: Dialect) => Promise<T>): Promise<T>;
  /**
   * Calls `told` once what this handle wrote is committed: on a transaction's handle after its
   * commit (never, if it is rolled back); on the root, in a microtask.
   */
  afterCommit(told: () => void): void;
  /** Locks one game's row until the transaction ends (PostgreSQL's FOR UPDATE; nothing on SQLite). */
  lockGame(id: number): Promise<void>;
  /**
   * Takes a lock named `key` until the transaction ends, for a read-then-write that no one row
   * guards (a player's ratings in a game, a member's lobbies): PostgreSQL's advisory transaction
   * lock; nothing on SQLite, whose transactions take turns anyway, nor outside a transaction.
   */
  lock: (key: string) => Promise<void>;
  /** Raw SQL's rows. */
  rows<R>(query: SQL): Promise<R[]>;
  /**
   * A query of the clicks' path, prepared once per connection under `name` (building and
   * preparing cost more than running it): its rows for the given placeholder values. A query that
   * writes returns its changed rows through `.returning(…)`.
   */
  prepared<R>(name: string, build: (db: SqlDb, t: Tables) => PreparedRows<R>): (params?: Record<string, unknown>) => Promise<R[]>;
  /** A JSON column's stored text, unparsed (the state cache compares texts). */
  jsonText(column: AnyColumn): SQL<string>;
  /**
   * A column the planner must not look for on its index (SQLite picks the status index for
   * `status = 'running'` and sorts every running game; the moment's own index is the right one).
   */
  unindexed(column: AnyColumn): SQL;
  /** A second name for a table, to join it to itself. */
  alias: typeof alias;
  /** A click's read and write in one go each. */
  readonly oneTrip?: OneTrip;
}

/** Whether a value is a handle rather than a bare drizzle database. */
export function isDialect(value: unknown): value is Dialect {
  return typeof value === 'object' && value !== null && 't' in value && 'lockGame' in value;
}
