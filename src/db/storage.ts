import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Db } from './connection.js';
import type { BotLevel, GameRow, SeatRow } from './schema.js';
import type { AwayRow, Dialect, SqlDb, Tables } from './dialect.js';
import { handleOf } from './sqlite-dialect.js';
import { NoticeStore } from './notice-store.js';
import { ALL_GUILDS, shardKeyOf, type ShardScope } from './shard.js';
import { closeSeats } from './game-end.js';
import type { TimedAction } from './finish-records.js';
import { deepFreeze, VersionCache } from './version-cache.js';
import { WaitStore } from './wait-store.js';
import { LogStore } from './log-store.js';
import { ReachStore } from './reach-store.js';
import { PostStore } from './post-store.js';
import { PingStore } from './ping-store.js';
import { LobbyStore } from './lobby-store.js';
import { MembershipStore } from './membership-store.js';
import { RecordStore } from './record-store.js';
import { RatingStore } from './rating-store.js';
import { TimeOffStore } from './time-off-store.js';
import { commitQueries, type CommittedAction, type NewLobby } from './game-writes.js';
import { OpenGameStore } from './open-game-store.js';
import { SettingsStore } from './settings-store.js';
import { keptWait, type WaitTiming } from './wait-timing.js';

/** Games whose parsed state is kept (its text and the parsed value, a few KB to tens of KB each): the ones being played now. */
const STATES_CACHED = 100;

/** lastPostedSeq of a started game whose opening post has not been made yet. */
export const NOTHING_POSTED = -1;

/** Thrown when a write finds the game no longer at the version it was read at: someone acted first. */
export class StaleVersion extends Error {
  constructor(
    readonly gameId: number,
    readonly expected: number,
  ) {
    super(`game ${gameId} is no longer at version ${expected}`);
    this.name = 'StaleVersion';
  }
}

export type { CommittedAction, NewLobby, UndoTrailEntry } from './game-writes.js';

/**
 * Every read and write of games, seats and the action log. Writes that change a running game
 * happen in one transaction guarded by the game's version.
 */
export class Storage {
  /** The database, or the open transaction this store is the `tx` of. */
  private readonly h: Dialect;

  /** Notices waiting to be posted. */
  readonly notices: NoticeStore;
  /** Deadlines and reminders of the games' waits. */
  readonly waits: WaitStore;
  /** The action log's reads: the public log page by page, a replay's actions, an undo's trail. */
  readonly log: LogStore;
  /** Whether the bot can post for a game: paused while it cannot, and the host told about files once. */
  readonly reach: ReachStore;
  /** What the games' board posts cover and which old ones wait to be trimmed. */
  readonly posts: PostStore;
  /** The running games of servers the bot was removed from. */
  readonly membership: MembershipStore;
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

  /** The `tx` store of each transaction handle (SQLite has one, made once). */
  private readonly txStores = new WeakMap<Dialect, Storage>();

  constructor(
    /** The SQLite database, or a handle on any database (./dialect.ts). */
    db: Db | Dialect,
    private readonly now: () => number = Date.now,
    /** The games this process looks after on its own (posts owed, deadlines, bots): its shard's. */
    private readonly shard: ShardScope = ALL_GUILDS,
    /** Parsed states of the games read lately, by their stored text: every click reads its game, and parsing was most of that. Shared with its transactions' stores. */
    private readonly states = new VersionCache<unknown, string>(STATES_CACHED),
  ) {
    const h = (this.h = handleOf(db));
    this.notices = new NoticeStore(h, now, shard);
    this.waits = new WaitStore(h, shard);
    this.log = new LogStore(h);
    this.reach = new ReachStore(h);
    this.posts = new PostStore(h, shard);
    this.membership = new MembershipStore(h, shard);
    this.records = new RecordStore(h);
    this.ratings = new RatingStore(h);
    this.timeOff = new TimeOffStore(h);
    this.pings = new PingStore(h);
    this.lobbies = new LobbyStore(h, shard);
    this.openGames = new OpenGameStore(h, shard);
    this.settings = new SettingsStore(h, now, shard);
  }

  /** The queries of every click, prepared once per connection: preparing costs more than running them. */
  private hot<R>(name: string, build: (db: SqlDb, t: Tables) => { all(params?: Record<string, unknown>): R[] }) {
    return this.h.prepared(`store.${name}`, build);
  }

  createLobby(lobby: NewLobby): Promise<GameRow> {
    return this.h.transaction(async ({ db, t }) => {
      const at = this.now();
      const [row] = await db
        .insert(t.games)
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
        .returning();
      if (!row) throw new Error('the new lobby was not stored');
      await db.insert(t.seats).values({ gameId: row.id, seat: 0, userId: lobby.hostId, displayName: lobby.hostName });
      return row;
    });
  }

  /** The database's file (':memory:' for a private one in tests). */
  get file(): string {
    return this.h.file;
  }

  /** Whether a transaction is open: what is read now may yet be rolled back (on a `tx`: always). */
  get inTransaction(): boolean {
    return this.h.inTransaction;
  }

  get(id: number): Promise<GameRow | undefined> {
    const read = this.hot('game', (db, t) =>
      db
        // The state comes as its JSON text, parsed here unless that version was parsed before.
        .select({ ...getTableColumns(t.games), state: this.h.jsonText(t.games.state) })
        .from(t.games)
        .where(eq(t.games.id, sql.placeholder('id')))
        .prepare(),
    );
    return this.h.run(async () => {
      const [row] = await read({ id });
      return row && this.withState(id, row);
    });
  }

  /**
   * A game and its seats (in seat order), in one go where the dialect can (see Dialect.oneTrip),
   * with its people's time off that has not ended at `now` where the dialect reads it in the same go (`away`).
   */
  async getWithSeats(id: number, now = this.now()): Promise<{ row: GameRow; seats: SeatRow[]; away?: AwayRow[] } | undefined> {
    if (!this.h.oneTrip) {
      const row = await this.get(id);
      return row && { row, seats: await this.seatsOf(id) };
    }
    const found = await this.h.oneTrip.gameWithSeats(id, now);
    if (!found) return undefined;
    const row = this.withState(id, found.row as Omit<GameRow, 'state'> & { state: string | null });
    return found.away ? { row, seats: found.seats, away: found.away } : { row, seats: found.seats };
  }

  /** A row read with its state as JSON text, the state parsed unless that version was parsed before. */
  private withState(id: number, row: Omit<GameRow, 'state'> & { state: string | null }): GameRow {
    const json = row.state;
    // Comparing the text is a fraction of parsing it, and the same text is the same state.
    const state = json === null ? null : this.states.get(id, json, () => deepFreeze(JSON.parse(json)));
    return { ...row, state };
  }

  /** The server a game belongs to and its lobby message, without reading its state: checked on every click. */
  ownerOf(id: number): Promise<{ guildId: string; lobbyMessageId: string | null } | undefined> {
    const read = this.hot('owner', (db, t) =>
      db
        .select({ guildId: t.games.guildId, lobbyMessageId: t.games.lobbyMessageId })
        .from(t.games)
        .where(eq(t.games.id, sql.placeholder('id')))
        .prepare(),
    );
    return this.h.run(async () => (await read({ id }))[0]);
  }

  seatsOf(id: number): Promise<SeatRow[]> {
    const read = this.hot('seats', (db, t) =>
      db
        .select()
        .from(t.seats)
        .where(eq(t.seats.gameId, sql.placeholder('id')))
        .orderBy(asc(t.seats.seat))
        .prepare(),
    );
    return this.h.run(() => read({ id }));
  }

  /**
   * Locks `key` until this transaction ends: a read-then-write that no one row guards (see
   * Dialect.lock). Outside a transaction it does nothing.
   */
  lock(key: string): Promise<void> {
    return this.h.lock(key);
  }

  /**
   * Calls `told` once what was written through this store is committed: on a `tx`, after its
   * transaction commits (never, if it rolls back); otherwise in a microtask.
   */
  afterCommit(told: () => void): void {
    this.h.afterCommit(told);
  }

  /** Locks the game's row until this transaction ends: every read-then-write of one game calls it first (SQLite: nothing to do). */
  lockGame(id: number): Promise<void> {
    return this.h.lockGame(id);
  }

  setLobbyMessage(id: number, messageId: string): Promise<void> {
    return this.setGame(id, { lobbyMessageId: messageId });
  }

  /** Links a finished game to the lobby of its rematch. */
  setRematch(id: number, lobbyId: number): Promise<void> {
    return this.setGame(id, { rematchId: lobbyId });
  }

  /** Where the game is played: a thread, or null for the channel itself. */
  setThread(id: number, threadId: string | null): Promise<void> {
    return this.setGame(id, { threadId });
  }

  private setGame(id: number, change: Partial<GameRow>): Promise<void> {
    return this.h.run(async (db) => {
      await db.update(this.h.t.games).set(change).where(eq(this.h.t.games.id, id));
    });
  }

  /** Adds a player to a lobby; false if he is already in or the lobby is full or closed. */
  join(id: number, userId: string, displayName: string, maxSeats: number, botLevel: BotLevel | null = null): Promise<boolean> {
    return this.h.transaction(async (tx) => {
      const { db, t } = tx;
      await tx.lockGame(id);
      const [game] = await db.select({ status: t.games.status }).from(t.games).where(eq(t.games.id, id));
      if (!game || game.status !== 'lobby') return false;
      const current = await db.select().from(t.seats).where(eq(t.seats.gameId, id));
      if (current.some((s) => s.userId === userId) || current.length >= maxSeats) return false;
      await db.insert(t.seats).values({ gameId: id, seat: current.length, userId, displayName, botLevel });
      await db.update(t.games).set({ updatedAt: this.now() }).where(eq(t.games.id, id));
      return true;
    });
  }

  /** Removes a player from a lobby and closes the gap in the seat order. */
  leave(id: number, userId: string): Promise<boolean> {
    return this.h.transaction(async (tx) => {
      const { db, t } = tx;
      await tx.lockGame(id);
      const [game] = await db.select({ status: t.games.status }).from(t.games).where(eq(t.games.id, id));
      if (!game || game.status !== 'lobby') return false;
      const current = await db.select().from(t.seats).where(eq(t.seats.gameId, id)).orderBy(asc(t.seats.seat));
      if (!current.some((s) => s.userId === userId)) return false;
      await db.delete(t.seats).where(eq(t.seats.gameId, id));
      const rest = current.filter((s) => s.userId !== userId);
      if (rest.length > 0) await db.insert(t.seats).values(rest.map((s, seat) => ({ ...s, seat })));
      await db.update(t.games).set({ updatedAt: this.now() }).where(eq(t.games.id, id));
      return true;
    });
  }

  /** Lobby → running with the initial state; false if the game was not in its lobby any more. */
  start(id: number, initialState: unknown, wait: WaitTiming): Promise<boolean> {
    return this.h.run(async (db) => {
      const { games } = this.h.t;
      const changed = await db
        .update(games)
        .set({ status: 'running', state: initialState, version: 0, lastPostedSeq: NOTHING_POSTED, updatedAt: this.now(), lobbyExpiresAt: null, ...wait })
        .where(and(eq(games.id, id), eq(games.status, 'lobby')))
        .returning({ id: games.id });
      return changed.length === 1;
    });
  }

  /**
   * Appends one action and its resulting state, if and only if the game is still running at
   * `expectedVersion`. Throws StaleVersion otherwise; nothing is written then.
   */
  async commitAction(id: number, expectedVersion: number, committed: CommittedAction): Promise<number> {
    // A move that neither ends the game nor takes one back is two writes, done in one go (one
    // statement on PostgreSQL, one turn on SQLite's connection): most of a click's cost is the trips.
    if (this.h.oneTrip && committed.result === undefined && committed.undoes === undefined) {
      const next = expectedVersion + 1;
      const step = {
        id,
        expected: expectedVersion,
        next,
        at: this.now(),
        state: JSON.stringify(committed.nextState),
        ...committed.wait,
        keepWait: keptWait(committed),
      };
      const logged = {
        seat: committed.seat,
        action: committed.action,
        events: committed.publicEvents,
        origin: committed.origin ?? 'player',
        undoable: committed.undoable === true,
      };
      if (!(await this.h.oneTrip.advance({ ...step, ...logged }))) throw new StaleVersion(id, expectedVersion);
      return next;
    }
    return this.h.transaction(async (tx) => {
      const store = this.storeOf(tx);
      // The transaction's own queries: on PostgreSQL the root's would run on another connection
      // of the pool, outside this transaction (and wait for one while every connection is taken).
      const hot = commitQueries(tx);
      const at = this.now();
      const next = expectedVersion + 1;
      const where = { id, expected: expectedVersion, next, at, state: JSON.stringify(committed.nextState), ...committed.wait, keepWait: keptWait(committed) };
      const finishes = committed.result !== undefined;
      const changed = finishes ? await hot.finish({ ...where, result: JSON.stringify(committed.result) }) : await hot.advance(where);
      if (changed.length !== 1) throw new StaleVersion(id, expectedVersion);
      // The records read the log as it was when the game was marked finished, as the triggers did.
      const facts = finishes ? await store.records.factsOf(id, JSON.parse(JSON.stringify(committed.result)) as unknown, at) : undefined;
      if (committed.undoes !== undefined && (await hot.markUndone({ id, seq: committed.undoes })).length !== 1) throw new StaleVersion(id, expectedVersion);
      const origin = committed.origin ?? 'player';
      await hot.logAction({
        id,
        next,
        seat: committed.seat,
        action: committed.action,
        events: committed.publicEvents,
        origin,
        undoable: committed.undoable === true,
        at,
      });
      if (finishes) {
        const finishing: TimedAction = {
          seq: next,
          seat: committed.seat,
          origin,
          undone: false,
          action: JSON.parse(JSON.stringify(committed.action)) as unknown,
          createdAt: at,
        };
        if (facts) await store.records.addFinished(facts, finishing);
        await closeSeats(tx, id);
      }
      return next;
    });
  }

  /** Marks a seat as resigned (the action that records it goes through commitAction). */
  markResigned(id: number, seat: number): Promise<void> {
    return this.setSeat(id, seat, { resigned: true });
  }

  /** Records when the bot learned that a seat's player left the server. */
  markLeft(id: number, seat: number, at: number): Promise<void> {
    return this.setSeat(id, seat, { leftAt: at });
  }

  /** A player marked as gone is a member again: his seat is his, and the bot stops playing it. */
  markBack(id: number, seat: number): Promise<void> {
    return this.setSeat(id, seat, { leftAt: null, standInUntil: null, standInVotes: [] });
  }

  /** The answer to a player's move did not reach him (or, with null, his panel has told him since). */
  setUnanswered(id: number, seat: number, version: number | null): Promise<void> {
    return this.setSeat(id, seat, { unansweredVersion: version });
  }

  private setSeat(id: number, seat: number, change: Partial<SeatRow>): Promise<void> {
    return this.h.run(async (db) => {
      const { seats } = this.h.t;
      await db
        .update(seats)
        .set(change)
        .where(and(eq(seats.gameId, id), eq(seats.seat, seat)));
    });
  }

  /**
   * Cancels a lobby or a running game. Its last board post (with its image, its call to move and
   * its panel button) is superseded by the cancellation: it is owed a trim like any earlier post.
   */
  cancel(id: number): Promise<boolean> {
    return this.h.transaction(async (tx) => {
      const { db, t } = tx;
      await tx.lockGame(id);
      const open = and(eq(t.games.id, id), inArray(t.games.status, ['lobby', 'running']));
      const [posts] = await db.select({ boardPost: t.games.boardPost, postsToTrim: t.games.postsToTrim }).from(t.games).where(open);
      if (!posts) return false;
      const postsToTrim = posts.boardPost ? [...posts.postsToTrim, posts.boardPost] : posts.postsToTrim;
      const changed = await db
        .update(t.games)
        .set({
          status: 'cancelled',
          updatedAt: this.now(),
          finishedAt: this.now(),
          deadlineAt: null,
          reminderAt: null,
          lobbyExpiresAt: null,
          boardPost: null,
          postsToTrim,
        })
        .where(open)
        .returning({ id: t.games.id });
      if (changed.length !== 1) return false;
      await closeSeats(tx, id);
      return true;
    });
  }

  /**
   * Runs `work` in one transaction, given `tx`: a store whose every read and write is in it (and
   * only `tx` may be used inside). Commits when `work` resolves, rolls back when it rejects (the
   * error is rethrown). It takes the write lock at once, so that a busy database fails at the
   * start (nothing written) rather than halfway. On a `tx`, joins its transaction.
   */
  transaction<T>(work: (tx: Storage) => Promise<T>): Promise<T> {
    return this.h.transaction((tx) => work(this.storeOf(tx)));
  }

  /** The store over a transaction's handle (this one, on a `tx`). */
  private storeOf(tx: Dialect): Storage {
    if (tx === this.h) return this;
    let store = this.txStores.get(tx);
    if (!store) this.txStores.set(tx, (store = new Storage(tx, this.now, this.shard, this.states)));
    return store;
  }

  /** Adds a player's agreement to cancel; returns everyone who agreed so far. */
  addCancelVote(id: number, userId: string): Promise<string[]> {
    return this.h.transaction(async (tx) => {
      const { db, t } = tx;
      await tx.lockGame(id);
      const [row] = await db.select({ votes: t.games.cancelVotes }).from(t.games).where(eq(t.games.id, id));
      const votes = [...new Set([...(row?.votes ?? []), userId])];
      await db.update(t.games).set({ cancelVotes: votes }).where(eq(t.games.id, id));
      return votes;
    });
  }
}
