import { and, asc, desc, eq, getTableColumns, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import { isUndo } from './action-marks.js';
import type { Db } from './connection.js';
import { actions, games, seats, type BotLevel, type GameRow, type SeatRow } from './schema.js';
import { NoticeStore } from './notice-store.js';
import { ALL_GUILDS, shardKeyOf, type ShardScope } from './shard.js';
import { seatsCloser } from './game-end.js';
import type { TimedAction } from './finish-records.js';
import { deepFreeze, VersionCache } from './version-cache.js';
import { WaitStore } from './wait-store.js';
import { LogStore } from './log-store.js';
import { PostStore } from './post-store.js';
import { PingStore } from './ping-store.js';
import { LobbyStore } from './lobby-store.js';
import { PresenceStore } from './presence-store.js';
import { RecordStore } from './record-store.js';
import { RatingStore } from './rating-store.js';
import { TimeOffStore } from './time-off-store.js';
import type { CommittedAction, NewLobby, UndoTrailEntry } from './game-writes.js';
import { OpenGameStore } from './open-game-store.js';
import { SettingsStore } from './settings-store.js';
import type { WaitTiming } from './wait-timing.js';

/** Games whose parsed state is kept (its text and the parsed value, a few KB to tens of KB each): the ones being played now. */
const STATES_CACHED = 100;

/** lastPostedSeq of a started game whose opening post has not been made yet. */
export const NOTHING_POSTED = -1;

/** Thrown when a write finds the game no longer at the version it was read at: someone acted first. */
export class StaleVersion extends Error {
  constructor(readonly gameId: number, readonly expected: number) {
    super(`game ${gameId} is no longer at version ${expected}`);
    this.name = 'StaleVersion';
  }
}

export type { CommittedAction, NewLobby, UndoTrailEntry } from './game-writes.js';

/**
 * Every read and write of games, seats and the action log. Writes that change a running game
 * happen in one transaction guarded by the game's version.
 */
export class GameStore {
  /** The queries of every click, prepared once: preparing costs more than running them. */
  private readonly hot;

  /** Notices waiting to be posted. */
  readonly notices: NoticeStore;
  /** Deadlines and reminders of the games' waits. */
  readonly waits: WaitStore;
  /** The public log's reads, page by page. */
  readonly log: LogStore;
  /** What the games' board posts cover and which old ones wait to be trimmed. */
  readonly posts: PostStore;
  /** The running games of servers the bot was removed from. */
  readonly presence: PresenceStore;
  /** The players' records per game and server (/stats, /profile). */
  readonly records: RecordStore;
  /** The ratings per game and server, their history and head-to-head counts (/leaderboard, /profile). */
  readonly ratings: RatingStore;
  /** Members' time off, and the stand-ins the others agreed to. */
  readonly timeOff: TimeOffStore;
  /** Who was pinged by whose invitation in the last few minutes. */
  readonly pings: PingStore;
  /** Open lobbies: per member, and those past their time. */
  readonly lobbies: LobbyStore;
  /** The lobbies and running games found by member, place or bot players, and how many run. */
  readonly openGames: OpenGameStore;
  /** Server and user settings, and the bot's heartbeat. */
  readonly settings: SettingsStore;

  /** Marks a game's seats no longer open, as it ends. */
  private readonly closeSeats: (id: number) => void;

  /** Parsed states of the games read lately, by their stored text: every click reads its game, and parsing was most of that. */
  private readonly states = new VersionCache<unknown, string>(STATES_CACHED);

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
    /** The games this process looks after on its own (posts owed, deadlines, bots): its shard's. */
    shard: ShardScope = ALL_GUILDS,
  ) {
    this.notices = new NoticeStore(db, now, shard);
    this.waits = new WaitStore(db, shard);
    this.log = new LogStore(db);
    this.posts = new PostStore(db, (work) => this.transaction(work), shard);
    this.presence = new PresenceStore(db, shard);
    this.records = new RecordStore(db);
    this.ratings = new RatingStore(db);
    this.timeOff = new TimeOffStore(db);
    this.pings = new PingStore(db);
    this.lobbies = new LobbyStore(db, shard);
    this.openGames = new OpenGameStore(db, shard);
    this.settings = new SettingsStore(db, now);
    this.closeSeats = seatsCloser(db);
    const id = sql.placeholder('id');
    // update().set() takes placeholders only inside sql``, which bypasses the columns' JSON
    // mapping: the state and result are passed already serialised (see commitAction).
    const param = (name: string) => sql`${sql.placeholder(name)}`;
    const advance = {
      state: param('state'),
      version: param('next'),
      updatedAt: param('at'),
      waitingSince: param('waitingSince'),
      deadlineAt: param('deadlineAt'),
      reminderAt: param('reminderAt'),
    };
    const atVersion = and(eq(games.id, id), eq(games.version, sql.placeholder('expected')), eq(games.status, 'running'));
    this.hot = {
      // The state comes as its JSON text, parsed in `get` unless that version was parsed before.
      game: db
        .select({ ...getTableColumns(games), state: sql<string | null>`${games.state}` })
        .from(games)
        .where(eq(games.id, id))
        .prepare(),
      owner: db.select({ guildId: games.guildId, lobbyMessageId: games.lobbyMessageId }).from(games).where(eq(games.id, id)).prepare(),
      seats: db.select().from(seats).where(eq(seats.gameId, id)).orderBy(asc(seats.seat)).prepare(),
      advance: db.update(games).set(advance).where(atVersion).prepare(),
      finish: db
        .update(games)
        .set({ ...advance, status: 'finished', result: param('result'), finishedAt: param('at') })
        .where(atVersion)
        .prepare(),
      logAction: db
        .insert(actions)
        .values({
          gameId: id,
          seq: sql.placeholder('next'),
          seat: sql.placeholder('seat'),
          action: sql.placeholder('action'),
          publicEvents: sql.placeholder('events'),
          origin: sql.placeholder('origin'),
          undoable: sql.placeholder('undoable'),
          createdAt: sql.placeholder('at'),
        })
        .prepare(),
      markUndone: db
        .update(actions)
        .set({ undone: true })
        .where(and(eq(actions.gameId, id), eq(actions.seq, sql.placeholder('seq')), eq(actions.undone, false)))
        .prepare(),
      undoTrail: db
        .select({ seq: actions.seq, seat: actions.seat, origin: actions.origin, undoable: actions.undoable, undone: actions.undone, action: actions.action })
        .from(actions)
        .where(and(eq(actions.gameId, id), lte(actions.seq, sql.placeholder('upTo'))))
        .orderBy(desc(actions.seq))
        .limit(16)
        .prepare(),
      actionsAfter: db
        .select()
        .from(actions)
        .where(and(eq(actions.gameId, id), gt(actions.seq, sql.placeholder('after'))))
        .orderBy(asc(actions.seq))
        .prepare(),
    };
  }

  createLobby(lobby: NewLobby): GameRow {
    return this.write((tx) => {
      const at = this.now();
      const row = tx
        .insert(games)
        .values({
          guildId: lobby.guildId,
          shardKey: shardKeyOf(lobby.guildId),
          channelId: lobby.channelId,
          hostId: lobby.hostId,
          gameId: lobby.gameId,
          options: lobby.options,
          locale: lobby.locale,
          seed: lobby.seed,
          rulesVersion: lobby.rulesVersion,
          timeLimitMs: lobby.timeLimitMs,
          lobbyExpiresAt: lobby.lobbyExpiresAt ?? null,
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

  /** The database's file (':memory:' for a private one in tests). */
  get file(): string {
    return this.db.$client.name;
  }

  /** Whether a transaction is open: what is read now may yet be rolled back. */
  get inTransaction(): boolean {
    return this.db.$client.inTransaction;
  }

  get(id: number): GameRow | undefined {
    const row = this.hot.game.get({ id });
    if (!row) return undefined;
    const json = row.state;
    // Comparing the text is a fraction of parsing it, and the same text is the same state.
    const state = json === null ? null : this.states.get(id, json, () => deepFreeze(JSON.parse(json)));
    return { ...row, state };
  }

  /** The server a game belongs to and its lobby message, without reading its state: checked on every click. */
  ownerOf(id: number): { guildId: string; lobbyMessageId: string | null } | undefined {
    return this.hot.owner.get({ id });
  }

  seatsOf(id: number): SeatRow[] {
    return this.hot.seats.all({ id });
  }

  setLobbyMessage(id: number, messageId: string): void {
    this.db.update(games).set({ lobbyMessageId: messageId }).where(eq(games.id, id)).run();
  }

  /** Links a finished game to the lobby of its rematch. */
  setRematch(id: number, lobbyId: number): void {
    this.db.update(games).set({ rematchId: lobbyId }).where(eq(games.id, id)).run();
  }

  /** Where the game is played: a thread, or null for the channel itself. */
  setThread(id: number, threadId: string | null): void {
    this.db.update(games).set({ threadId }).where(eq(games.id, id)).run();
  }

  /** Adds a player to a lobby; false if he is already in or the lobby is full or closed. */
  join(id: number, userId: string, displayName: string, maxSeats: number, botLevel: BotLevel | null = null): boolean {
    return this.write((tx) => {
      const game = tx.select().from(games).where(eq(games.id, id)).get();
      if (!game || game.status !== 'lobby') return false;
      const current = tx.select().from(seats).where(eq(seats.gameId, id)).all();
      if (current.some((s) => s.userId === userId) || current.length >= maxSeats) return false;
      tx.insert(seats).values({ gameId: id, seat: current.length, userId, displayName, botLevel }).run();
      tx.update(games).set({ updatedAt: this.now() }).where(eq(games.id, id)).run();
      return true;
    });
  }

  /** Removes a player from a lobby and closes the gap in the seat order. */
  leave(id: number, userId: string): boolean {
    return this.write((tx) => {
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
  start(id: number, initialState: unknown, wait: WaitTiming): boolean {
    const changed = this.db
      .update(games)
      .set({ status: 'running', state: initialState, version: 0, lastPostedSeq: NOTHING_POSTED, updatedAt: this.now(), lobbyExpiresAt: null, ...wait })
      .where(and(eq(games.id, id), eq(games.status, 'lobby')))
      .run();
    return changed.changes === 1;
  }

  /**
   * Appends one action and its resulting state, if and only if the game is still running at
   * `expectedVersion`. Throws StaleVersion otherwise; nothing is written then.
   */
  commitAction(id: number, expectedVersion: number, committed: CommittedAction): number {
    return this.write(() => {
      const at = this.now();
      const next = expectedVersion + 1;
      const where = { id, expected: expectedVersion, next, at, state: JSON.stringify(committed.nextState), ...committed.wait };
      const finishes = committed.result !== undefined;
      const changed = finishes ? this.hot.finish.run({ ...where, result: JSON.stringify(committed.result) }) : this.hot.advance.run(where);
      if (changed.changes !== 1) throw new StaleVersion(id, expectedVersion);
      // The records read the log as it was when the game was marked finished, as the triggers did.
      const facts = finishes ? this.records.factsOf(id, JSON.parse(JSON.stringify(committed.result)) as unknown, at) : undefined;
      if (committed.undoes !== undefined && this.hot.markUndone.run({ id, seq: committed.undoes }).changes !== 1) throw new StaleVersion(id, expectedVersion);
      const undoable = committed.undoable === true ? 1 : 0;
      const origin = committed.origin ?? 'player';
      this.hot.logAction.run({ id, next, seat: committed.seat, action: committed.action, events: committed.publicEvents, origin, undoable, at });
      if (finishes) {
        const finishing: TimedAction = { seq: next, seat: committed.seat, origin, undone: false, action: JSON.parse(JSON.stringify(committed.action)) as unknown, createdAt: at };
        if (facts) this.records.addFinished(facts, finishing);
        this.closeSeats(id);
      }
      return next;
    });
  }

  /** Marks a seat as resigned (the action that records it goes through commitAction). */
  markResigned(id: number, seat: number): void {
    this.db.update(seats).set({ resigned: true }).where(and(eq(seats.gameId, id), eq(seats.seat, seat))).run();
  }

  /** Records when the bot learned that a seat's player left the server. */
  markLeft(id: number, seat: number, at: number): void {
    this.db.update(seats).set({ leftAt: at }).where(and(eq(seats.gameId, id), eq(seats.seat, seat))).run();
  }

  /** A player marked as gone is a member again: his seat is his, and the bot stops playing it. */
  markBack(id: number, seat: number): void {
    this.db.update(seats).set({ leftAt: null, standInUntil: null, standInVotes: [] }).where(and(eq(seats.gameId, id), eq(seats.seat, seat))).run();
  }

  /**
   * Cancels a lobby or a running game. Its last board post (with its image, its call to move and
   * its panel button) is superseded by the cancellation: it is owed a trim like any earlier post.
   */
  cancel(id: number): boolean {
    return this.write(() => {
      const open = and(eq(games.id, id), inArray(games.status, ['lobby', 'running']));
      const posts = this.db.select({ boardPost: games.boardPost, postsToTrim: games.postsToTrim }).from(games).where(open).get();
      if (!posts) return false;
      const postsToTrim = posts.boardPost ? [...posts.postsToTrim, posts.boardPost] : posts.postsToTrim;
      const changed = this.db
        .update(games)
        .set({ status: 'cancelled', updatedAt: this.now(), finishedAt: this.now(), deadlineAt: null, reminderAt: null, lobbyExpiresAt: null, boardPost: null, postsToTrim })
        .where(open)
        .run();
      if (changed.changes !== 1) return false;
      this.closeSeats(id);
      return true;
    });
  }

  actionsOf(id: number, afterSeq = 0) {
    return this.hot.actionsAfter.all({ id, after: afterSeq });
  }

  /**
   * A game's logged actions newest first, read lazily: deciding an undo stops at the first action
   * that cannot be passed over, usually within a few rows.
   */
  *undoTrail(id: number): Generator<UndoTrailEntry> {
    for (let upTo = Number.MAX_SAFE_INTEGER; upTo > 0; ) {
      const rows = this.hot.undoTrail.all({ id, upTo });
      for (const { action, ...row } of rows) yield { ...row, undo: isUndo(action) };
      if (rows.length < 16) return;
      upTo = (rows[rows.length - 1] as { seq: number }).seq - 1;
    }
  }

  // --- Reaching the players ----------------------------------------------------------------------

  /** Records that the bot can post nowhere for this game (from `at` on, if not already). */
  markUnreachable(id: number, at: number): void {
    this.db.update(games).set({ unreachableSince: at }).where(and(eq(games.id, id), isNull(games.unreachableSince))).run();
  }

  /**
   * Records that the host was told the bot may not attach files in the game's place. Returns
   * whether this was the first time (he is told once per game).
   */
  markAttachFilesTold(id: number, at: number): boolean {
    return this.db.update(games).set({ attachFilesToldAt: at }).where(and(eq(games.id, id), isNull(games.attachFilesToldAt))).run().changes === 1;
  }

  /**
   * The bot can post for this game again: its wait gets back the time it was paused (counted from
   * when the wait began, if that was later). Returns the time given back, 0 if it was not paused.
   */
  markReachable(id: number, now: number): number {
    return this.transaction(() => {
      const row = this.get(id);
      if (!row || row.unreachableSince === null) return 0;
      const paused = Math.max(0, now - Math.max(row.unreachableSince, row.waitingSince ?? row.unreachableSince));
      this.db
        .update(games)
        .set({
          unreachableSince: null,
          deadlineAt: row.deadlineAt === null ? null : row.deadlineAt + paused,
          reminderAt: row.reminderAt === null ? null : row.reminderAt + paused,
        })
        .where(eq(games.id, id))
        .run();
      return paused;
    });
  }

  /** The answer to a player's move did not reach him (or, with null, his panel has told him since). */
  setUnanswered(id: number, seat: number, version: number | null): void {
    this.db.update(seats).set({ unansweredVersion: version }).where(and(eq(seats.gameId, id), eq(seats.seat, seat))).run();
  }

  /**
   * Runs `work` in one transaction (nested calls join it). It takes the write lock at once, so that
   * a busy database fails at the start (nothing written) rather than halfway.
   */
  transaction<T>(work: () => T): T {
    return this.db.$client.transaction(work).immediate();
  }

  /** A drizzle transaction that takes the write lock at once (see `transaction`). */
  private write<T>(work: (tx: Parameters<Parameters<Db['transaction']>[0]>[0]) => T): T {
    return this.db.transaction(work, { behavior: 'immediate' });
  }

  /** Adds a player's agreement to cancel; returns everyone who agreed so far. */
  addCancelVote(id: number, userId: string): string[] {
    return this.write((tx) => {
      const row = tx.select({ votes: games.cancelVotes }).from(games).where(eq(games.id, id)).get();
      const votes = [...new Set([...(row?.votes ?? []), userId])];
      tx.update(games).set({ cancelVotes: votes }).where(eq(games.id, id)).run();
      return votes;
    });
  }
}
