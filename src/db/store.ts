import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from './connection.js';
import { actions, games, seats, type GameRow, type GameStatus, type SeatRow } from './schema.js';

/** Thrown when a write finds the game no longer at the version it was read at: someone acted first. */
export class StaleVersion extends Error {
  constructor(readonly gameId: number, readonly expected: number) {
    super(`game ${gameId} is no longer at version ${expected}`);
    this.name = 'StaleVersion';
  }
}

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
}

export interface CommittedAction {
  seat: number;
  action: unknown;
  publicEvents: unknown[];
  nextState: unknown;
  /** Present when this action ended the game. */
  result?: unknown;
}

/**
 * Every read and write of games, seats and the action log. Writes that change a running game
 * happen in one transaction guarded by the game's version.
 */
export class GameStore {
  constructor(private readonly db: Db, private readonly now: () => number = Date.now) {}

  createLobby(lobby: NewLobby): GameRow {
    return this.db.transaction((tx) => {
      const at = this.now();
      const row = tx
        .insert(games)
        .values({
          guildId: lobby.guildId,
          channelId: lobby.channelId,
          hostId: lobby.hostId,
          gameId: lobby.gameId,
          options: lobby.options,
          locale: lobby.locale,
          seed: lobby.seed,
          rulesVersion: lobby.rulesVersion,
          status: 'lobby',
          createdAt: at,
          updatedAt: at,
        })
        .returning()
        .get();
      tx.insert(seats).values({ gameId: row.id, seat: 0, userId: lobby.hostId, displayName: lobby.hostName }).run();
      return row;
    });
  }

  get(id: number): GameRow | undefined {
    return this.db.select().from(games).where(eq(games.id, id)).get();
  }

  seatsOf(id: number): SeatRow[] {
    return this.db.select().from(seats).where(eq(seats.gameId, id)).orderBy(asc(seats.seat)).all();
  }

  setLobbyMessage(id: number, messageId: string): void {
    this.db.update(games).set({ lobbyMessageId: messageId }).where(eq(games.id, id)).run();
  }

  setThread(id: number, threadId: string): void {
    this.db.update(games).set({ threadId }).where(eq(games.id, id)).run();
  }

  /** Adds a player to a lobby; false if he is already in or the lobby is full or closed. */
  join(id: number, userId: string, displayName: string, maxSeats: number): boolean {
    return this.db.transaction((tx) => {
      const game = tx.select().from(games).where(eq(games.id, id)).get();
      if (!game || game.status !== 'lobby') return false;
      const current = tx.select().from(seats).where(eq(seats.gameId, id)).all();
      if (current.some((s) => s.userId === userId) || current.length >= maxSeats) return false;
      tx.insert(seats).values({ gameId: id, seat: current.length, userId, displayName }).run();
      tx.update(games).set({ updatedAt: this.now() }).where(eq(games.id, id)).run();
      return true;
    });
  }

  /** Removes a player from a lobby and closes the gap in the seat order. */
  leave(id: number, userId: string): boolean {
    return this.db.transaction((tx) => {
      const game = tx.select().from(games).where(eq(games.id, id)).get();
      if (!game || game.status !== 'lobby') return false;
      const current = tx.select().from(seats).where(eq(seats.gameId, id)).orderBy(asc(seats.seat)).all();
      if (!current.some((s) => s.userId === userId)) return false;
      tx.delete(seats).where(eq(seats.gameId, id)).run();
      const rest = current.filter((s) => s.userId !== userId);
      if (rest.length > 0) {
        tx.insert(seats)
          .values(rest.map((s, seat) => ({ ...s, seat })))
          .run();
      }
      tx.update(games).set({ updatedAt: this.now() }).where(eq(games.id, id)).run();
      return true;
    });
  }

  /** Lobby → running with the initial state; false if the game was not in its lobby any more. */
  start(id: number, initialState: unknown): boolean {
    const changed = this.db
      .update(games)
      .set({ status: 'running', state: initialState, version: 0, updatedAt: this.now() })
      .where(and(eq(games.id, id), eq(games.status, 'lobby')))
      .run();
    return changed.changes === 1;
  }

  /**
   * Appends one action and its resulting state, if and only if the game is still running at
   * `expectedVersion`. Throws StaleVersion otherwise; nothing is written then.
   */
  commitAction(id: number, expectedVersion: number, committed: CommittedAction): number {
    return this.db.transaction((tx) => {
      const at = this.now();
      const finished = committed.result !== undefined;
      const changed = tx
        .update(games)
        .set({
          state: committed.nextState,
          version: expectedVersion + 1,
          updatedAt: at,
          ...(finished ? { status: 'finished' as GameStatus, result: committed.result, finishedAt: at } : {}),
        })
        .where(and(eq(games.id, id), eq(games.version, expectedVersion), eq(games.status, 'running')))
        .run();
      if (changed.changes !== 1) throw new StaleVersion(id, expectedVersion);
      const seq = expectedVersion + 1;
      tx.insert(actions)
        .values({ gameId: id, seq, seat: committed.seat, action: committed.action, publicEvents: committed.publicEvents, createdAt: at })
        .run();
      return seq;
    });
  }

  /** Marks a seat as resigned (the action that records it goes through commitAction). */
  markResigned(id: number, seat: number): void {
    this.db.update(seats).set({ resigned: true }).where(and(eq(seats.gameId, id), eq(seats.seat, seat))).run();
  }

  cancel(id: number): boolean {
    const changed = this.db
      .update(games)
      .set({ status: 'cancelled', updatedAt: this.now(), finishedAt: this.now() })
      .where(and(eq(games.id, id), inArray(games.status, ['lobby', 'running'])))
      .run();
    return changed.changes === 1;
  }

  actionsOf(id: number, afterSeq = 0) {
    return this.db
      .select()
      .from(actions)
      .where(and(eq(actions.gameId, id), gt(actions.seq, afterSeq)))
      .orderBy(asc(actions.seq))
      .all();
  }

  /** Records that the public post now covers everything up to `seq`. */
  markPosted(id: number, seq: number): void {
    this.db
      .update(games)
      .set({ lastPostedSeq: sql`max(${games.lastPostedSeq}, ${seq})` })
      .where(eq(games.id, id))
      .run();
  }

  /** Running or finished games whose latest actions have not been posted yet. */
  unannounced(): GameRow[] {
    return this.db
      .select()
      .from(games)
      .where(and(inArray(games.status, ['running', 'finished']), sql`${games.lastPostedSeq} < ${games.version}`))
      .all();
  }

  /** Lobbies and running games a user sits in, in one server, newest activity first. */
  activeGamesOf(guildId: string, userId: string): { game: GameRow; seat: number }[] {
    return this.db
      .select({ game: games, seat: seats.seat })
      .from(seats)
      .innerJoin(games, eq(games.id, seats.gameId))
      .where(and(eq(seats.userId, userId), eq(games.guildId, guildId), inArray(games.status, ['lobby', 'running'])))
      .orderBy(desc(games.updatedAt))
      .all();
  }

  /** The running game played in a thread (or channel), if any: lets commands used there find it. */
  runningIn(channelId: string): GameRow[] {
    return this.db
      .select()
      .from(games)
      .where(and(inArray(games.status, ['lobby', 'running']), sql`(${games.threadId} = ${channelId} OR (${games.threadId} IS NULL AND ${games.channelId} = ${channelId}))`))
      .orderBy(desc(games.updatedAt))
      .all();
  }
}
