import { and, eq, sql } from 'drizzle-orm';
import type { Dialect, SqlDb, Tables } from './dialect.js';
import type { ActionOrigin } from './schema.js';
import { waitWrites, type WaitTiming } from './wait-timing.js';

// What the store's writes of games and actions take, the prepared writes of a commit, and what deciding an undo reads (./storage.ts).

export interface NewLobby {
  guildId: string;
  channelId: string;
  hostId: string;
  hostName: string;
  gameId: string;
  options: unknown;
  locale: string;
  seed: string;
  rulesVersion: number;
  /** Time per move in ms; null: no limit. */
  timeLimitMs: number | null;
  /** When the lobby closes unless it started; left out (tests of the store), it waits for ever. */
  lobbyExpiresAt?: number;
}

export interface CommittedAction {
  seat: number;
  action: unknown;
  publicEvents: unknown[];
  nextState: unknown;
  /** Present when this action ended the game. */
  result?: unknown;
  /** The wait that follows this action (none once the game is over). */
  wait: WaitTiming;
  /**
   * The wait goes on as it was (the same players awaited): its columns are left as the database
   * has them, so that a shift made since the game was read (time off, a pause while the bot could
   * not hear its players) is kept.
   */
  waitGoesOn?: boolean;
  /** 'timeout' when the bot moved for a player whose time ran out. */
  origin?: ActionOrigin;
  /** The move showed nothing new and kept the turn: its player may take it back. */
  undoable?: boolean;
  /** This is an undo: the seq of the action it takes back, marked undone in the same write. */
  undoes?: number;
}

/** What deciding an undo needs of one logged action. */
export interface UndoTrailEntry {
  seq: number;
  seat: number;
  origin: ActionOrigin;
  undoable: boolean;
  undone: boolean;
  /** The action is itself an undo. */
  undo: boolean;
}

/** The prepared writes of a commit that is not made in one go (`Dialect.oneTrip`), on `h`'s connection. */
export function commitQueries(h: Dialect) {
  const hot = <R>(name: string, build: (db: SqlDb, t: Tables) => { all(params?: Record<string, unknown>): R[] }) => h.prepared(`store.${name}`, build);
  // update().set() takes placeholders only inside sql``, which bypasses the columns' JSON
  // mapping: the state and result are passed already serialised.
  const param = (name: string) => sql`${sql.placeholder(name)}`;
  const advance = (t: Tables) => ({
    state: param('state'),
    version: param('next'),
    updatedAt: param('at'),
    ...waitWrites(t.games),
  });
  const atVersion = (t: Tables) => and(eq(t.games.id, sql.placeholder('id')), eq(t.games.version, sql.placeholder('expected')), eq(t.games.status, 'running'));
  return {
    advance: hot('advance', (db, t) => db.update(t.games).set(advance(t)).where(atVersion(t)).returning({ id: t.games.id }).prepare()),
    finish: hot('finish', (db, t) =>
      db
        .update(t.games)
        .set({ ...advance(t), status: 'finished', result: param('result'), finishedAt: param('at') })
        .where(atVersion(t))
        .returning({ id: t.games.id })
        .prepare(),
    ),
    logAction: hot('logAction', (db, t) =>
      db
        .insert(t.actions)
        .values({
          gameId: sql.placeholder('id'),
          seq: sql.placeholder('next'),
          seat: sql.placeholder('seat'),
          action: sql.placeholder('action'),
          publicEvents: sql.placeholder('events'),
          origin: sql.placeholder('origin'),
          undoable: sql.placeholder('undoable'),
          createdAt: sql.placeholder('at'),
        })
        .returning({ seq: t.actions.seq })
        .prepare(),
    ),
    markUndone: hot('markUndone', (db, t) =>
      db
        .update(t.actions)
        .set({ undone: true })
        .where(and(eq(t.actions.gameId, sql.placeholder('id')), eq(t.actions.seq, sql.placeholder('seq')), eq(t.actions.undone, false)))
        .returning({ seq: t.actions.seq })
        .prepare(),
    ),
  };
}
