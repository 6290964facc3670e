import { randomUUID } from 'node:crypto';
import { IllegalAction, seatRangeOf, timeoutActionOf, type AnyGameDefinition, type GameResult, type Seat } from '../engine/index.js';
import { StaleVersion, type GameStore } from '../db/store.js';
import { VersionCache } from '../db/version-cache.js';
import type { ActionOrigin, BotLevel, DeadlinePolicy, GameRow, SeatRow } from '../db/schema.js';
import { applyLogged, isResign, publicEvents, replay, RESIGN_ACTION, startOf, UNDO_ACTION } from './replay.js';
import { latestPendingOf, pendingMoves, stateWithout, undoTarget, type PendingMove } from './undo.js';
import { hiddenFrom, shownState, shownThrough } from './shown.js';
import { lobbyExpired, PING_WINDOW_MS, type LobbyLimits } from './lobby-limits.js';
import type { LobbyRef } from '../db/lobby-store.js';
import { rateFinished } from './ratings.js';
import { holdForTimeOff, standsIn } from './time-off.js';
import { freshWait, NO_WAIT, nextWait, systemClock, type Clock, type WaitTiming } from './time-limits.js';

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

const ok = <T>(value: T): Outcome<T> => ({ ok: true, value });
const refuse = <T>(refusal: Refusal): Outcome<T> => ({ ok: false, refusal });
/** Why a lobby button no longer works: the game started or was cancelled, or the lobby expired. */
const notInLobby = <T>(row: GameRow): Outcome<T> => refuse(lobbyExpired(row) ? 'lobby-expired' : 'not-in-lobby');

/** A running (or finished) game as loaded: row, seats, definition and state. */
export interface LoadedGame {
  row: GameRow;
  seats: SeatRow[];
  def: AnyGameDefinition;
  state: unknown;
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

/** Names of bot players, one per seat a lobby may fill with bots. */
const BOT_NAMES = ['Bram', 'Femke', 'Joost', 'Lotte', 'Sem'];
const BOT_PREFIX = 'Bot ';

/** A bot player's name without "Bot ", for the boards' small name chips ("Bram" rather than "Bot B…"). */
export const givenName = (botName: string): string => (botName.startsWith(BOT_PREFIX) ? botName.slice(BOT_PREFIX.length) : botName);

/** The most time `extend` gives at once: a week, the longest limit offered. */
const MAX_EXTENSION_MS = 7 * 24 * 60 * 60 * 1000;

/** Games whose undo answers are kept: those being played at any moment. */
const UNDO_TARGETS_CACHED = 500;

/** Bound on the steps the bot plays for one absent player in one go; no game needs nearly as many. */
const MAX_TIMEOUT_STEPS = 50;

/**
 * The rules of hosting, with no Discord in it: lobbies, starting, acting, resigning, cancelling.
 * Every change goes through the store in one versioned transaction.
 */
export class GameService {
  private readonly committed: ((gameId: number, change: Change) => void)[] = [];
  /** Per game version, the moves that may still be taken back (see `pending`). */
  private readonly pendingCache = new VersionCache<PendingMove[]>(UNDO_TARGETS_CACHED);
  /** Per game version, the state each viewer is shown while moves may still be taken back (see `shownTo`). */
  private readonly shownCache = new VersionCache<Map<Seat | null, LoadedGame>>(UNDO_TARGETS_CACHED);

  constructor(
    readonly store: GameStore,
    readonly registry: Record<string, AnyGameDefinition>,
    private readonly newSeed: () => string = randomUUID,
    readonly clock: Clock = systemClock,
  ) {}

  /** Calls `listener` after a game starts, after every committed action (a bot player may have to move next) and when it is cancelled. */
  afterCommit(listener: (gameId: number, change: Change) => void): void {
    this.committed.push(listener);
  }

  /** Told once the synchronous transaction around the change (if any) is over, never halfway. */
  tellCommitted(id: number, change: Change): void {
    if (this.committed.length > 0) queueMicrotask(() => this.committed.forEach((listener) => listener(id, change)));
  }

  /** How many of this process's games are being played (an indexed count). */
  countRunning(): number {
    return this.store.countRunning();
  }

  definition(gameId: string): AnyGameDefinition | undefined {
    return Object.hasOwn(this.registry, gameId) ? this.registry[gameId] : undefined;
  }

  openLobby(args: {
    guildId: string;
    channelId: string;
    hostId: string;
    hostName: string;
    gameId: string;
    options: unknown;
    locale: string;
    /** Time per move in ms; null: no limit. */
    timeLimitMs: number | null;
    /** The server's limits; left out (tests, benchmarks): any number of lobbies, none expires. */
    limits?: LobbyLimits;
  }): Outcome<GameRow> {
    const { limits, ...lobby } = args;
    const def = this.definition(lobby.gameId);
    if (!def) return refuse('unknown-game');
    const parsed = def.options.safeParse(lobby.options);
    if (!parsed.success) return refuse('bad-options');
    // Counted and created in one write, so two commands at once cannot both pass the limit.
    return this.store.transaction(() => {
      if (limits && this.openLobbiesOf(lobby.guildId, lobby.hostId, limits.maxOpen).length >= limits.maxOpen) return refuse<GameRow>('too-many-lobbies');
      const lobbyExpiresAt = limits ? this.clock.now() + limits.expiryMs : undefined;
      return ok(this.store.createLobby({ ...lobby, options: parsed.data, seed: this.newSeed(), rulesVersion: def.rulesVersion, ...(lobbyExpiresAt === undefined ? {} : { lobbyExpiresAt }) }));
    });
  }

  /** A member's open lobbies in a server, oldest first, at most `limit`: one indexed read. */
  openLobbiesOf(guildId: string, hostId: string, limit: number): LobbyRef[] {
    return this.store.lobbies.openBy(guildId, hostId, limit);
  }

  /**
   * Of the people an invitation names, those `inviterId` may ping: the ones his lobbies and
   * rematches did not ping within the last few minutes (`PING_WINDOW_MS`). Recorded as pinged now.
   */
  pingable(inviterId: string, inviteeIds: readonly string[]): string[] {
    return this.store.pings.claim(inviterId, inviteeIds, this.clock.now(), PING_WINDOW_MS);
  }

  /** Up to `limit` lobbies (this shard's) whose time to be started ran out, soonest first, without states. */
  dueLobbies(limit: number): GameRow[] {
    return this.store.lobbies.due(this.clock.now(), limit);
  }

  /** Closes a lobby whose time ran out: its row as closed, or undefined when it started or closed meanwhile. */
  expireLobby(id: number): GameRow | undefined {
    return this.store.lobbies.expire(id, this.clock.now()) ? this.store.get(id) : undefined;
  }

  /**
   * A rematch: a new lobby in the same channel for the same game, options, language and time
   * limit, hosted by a person who played the finished game, with its bots seated again. Opened
   * once: while that lobby waits, asking again gives it back (`opened` false).
   */
  rematch(id: number, userId: string, hostName: string, limits?: LobbyLimits): Outcome<{ lobby: GameRow; opened: boolean }> {
    return this.store.transaction(() => {
      const row = this.store.get(id);
      if (!row) return refuse('game-not-found');
      if (row.status !== 'finished') return refuse('not-finished');
      const seats = this.store.seatsOf(id);
      if (!seats.some((s) => s.userId === userId && s.botLevel === null)) return refuse('not-a-player');
      const earlier = row.rematchId === null ? undefined : this.store.get(row.rematchId);
      if (earlier && earlier.status === 'lobby') return ok({ lobby: earlier, opened: false });
      const { guildId, channelId, gameId, options, locale, timeLimitMs } = row;
      const lobby = this.openLobby({ guildId, channelId, hostId: userId, hostName, gameId, options, locale, timeLimitMs, ...(limits ? { limits } : {}) });
      if (!lobby.ok) return refuse(lobby.refusal);
      for (const bot of seats) if (bot.botLevel !== null) this.addBot(lobby.value.id, userId, bot.botLevel, false);
      this.store.setRematch(id, lobby.value.id);
      return ok({ lobby: this.store.get(lobby.value.id) as GameRow, opened: true });
    });
  }

  join(id: number, userId: string, displayName: string): Outcome<GameRow> {
    const row = this.store.get(id);
    if (!row) return refuse('game-not-found');
    if (row.status !== 'lobby') return notInLobby(row);
    const seats = this.store.seatsOf(id);
    if (seats.some((s) => s.userId === userId)) return refuse('already-joined');
    const def = this.definition(row.gameId);
    if (!def || !this.store.join(id, userId, displayName, this.seatRange(def, row.options).max)) return refuse('lobby-full');
    return ok(row);
  }

  /**
   * The host (or a member who may manage the server) adds a bot player to his lobby. Bots get
   * names of their own and user ids `bot:<n>`, which no Discord user has.
   */
  addBot(id: number, userId: string, level: BotLevel, canManageServer: boolean): Outcome<SeatRow> {
    const row = this.store.get(id);
    if (!row) return refuse('game-not-found');
    if (row.status !== 'lobby') return notInLobby(row);
    if (row.hostId !== userId && !canManageServer) return refuse('not-host');
    const def = this.definition(row.gameId);
    if (!def) return refuse('unknown-game');
    // A bot needs the game's determinization to think; games without one have no bot players yet.
    if (!def.determinize) return refuse('no-bots');
    const seats = this.store.seatsOf(id);
    const names = new Set(seats.map((s) => s.displayName));
    const name = BOT_NAMES.map((n) => BOT_PREFIX + n).find((n) => !names.has(n)) ?? `${BOT_PREFIX}${seats.length + 1}`;
    let n = 1;
    while (seats.some((s) => s.userId === `bot:${n}`)) n++;
    if (!this.store.join(id, `bot:${n}`, name, this.seatRange(def, row.options).max, level)) return refuse('lobby-full');
    return ok(this.store.seatsOf(id).find((s) => s.userId === `bot:${n}`) as SeatRow);
  }

  /** The host (or a member who may manage the server) takes a bot out of his lobby. */
  removeBot(id: number, userId: string, botUserId: string, canManageServer: boolean): Outcome<GameRow> {
    const row = this.store.get(id);
    if (!row) return refuse('game-not-found');
    if (row.status !== 'lobby') return notInLobby(row);
    if (row.hostId !== userId && !canManageServer) return refuse('not-host');
    const bot = this.store.seatsOf(id).find((s) => s.userId === botUserId);
    if (!bot || bot.botLevel === null) return refuse('not-a-bot');
    if (!this.store.leave(id, botUserId)) return refuse('not-joined');
    return ok(row);
  }

  leave(id: number, userId: string): Outcome<GameRow> {
    const row = this.store.get(id);
    if (!row) return refuse('game-not-found');
    if (row.status !== 'lobby') return notInLobby(row);
    if (row.hostId === userId) return refuse('host-cannot-leave');
    if (!this.store.leave(id, userId)) return refuse('not-joined');
    return ok(row);
  }

  /**
   * Starts a lobby. `untimedAlone`: a game of one person against bots gets no time per move (nobody
   * waits for him) unless its lobby's time limit differs from this one, the server's default.
   */
  start(id: number, userId: string, untimedAlone?: { defaultLimitMs: number | null }): Outcome<LoadedGame> {
    const row = this.store.get(id);
    if (!row) return refuse('game-not-found');
    if (row.status !== 'lobby') return notInLobby(row);
    if (row.hostId !== userId) return refuse('not-host');
    const def = this.definition(row.gameId);
    if (!def) return refuse('unknown-game');
    const seats = this.store.seatsOf(id);
    if (seats.length < this.seatRange(def, row.options).min) return refuse('not-enough-players');
    const state = def.setup({ seats: seats.length, seed: row.seed, options: def.options.parse(row.options), rulesVersion: row.rulesVersion });
    const people = seats.filter((s) => s.botLevel === null).length;
    const alone = untimedAlone !== undefined && people === 1 && people < seats.length && row.timeLimitMs === untimedAlone.defaultLimitMs;
    const limitMs = alone ? null : row.timeLimitMs;
    const started = this.store.transaction(() => {
      if (alone) this.store.waits.untime(id);
      // The first to move may be away: his wait begins when he is back.
      const now = this.clock.now();
      return this.store.start(id, state, holdForTimeOff(this.store, { row, seats, def, state }, def.toAct(state), freshWait(now, limitMs), now));
    });
    if (!started) return refuse('not-in-lobby');
    this.tellCommitted(id, 'start');
    return ok(this.load(id) as LoadedGame);
  }

  /** How many players a game with these stored options takes. */
  seatRange(def: AnyGameDefinition, options: unknown): { min: number; max: number } {
    return seatRangeOf(def, def.options.parse(options));
  }

  load(id: number): LoadedGame | undefined {
    const row = this.store.get(id);
    if (!row) return undefined;
    const def = this.definition(row.gameId);
    if (!def) return undefined;
    return { row, seats: this.store.seatsOf(id), def, state: row.state };
  }

  seatOf(game: LoadedGame, userId: string): Seat | undefined {
    return game.seats.find((s) => s.userId === userId && !s.resigned)?.seat;
  }

  /** The bot players who must act now, and the seats the bot stands in for (in the order the game lists them). */
  botsToAct(game: LoadedGame): Seat[] {
    if (game.row.status !== 'running') return [];
    const now = this.clock.now();
    return (game.def.toAct(game.state) as Seat[]).filter((seat) => {
      const row = game.seats[seat];
      return row !== undefined && ((row.botLevel !== null && !row.resigned) || standsIn(row, now));
    });
  }

  /**
   * A bot player's move, chosen by the search for the state at `expectedVersion`. Refused like a
   * person's when the game moved on meanwhile or the action is not legal; logged with origin 'bot',
   * or 'stand-in' in the seat of a player away whom the others let the bot play for.
   */
  actAsBot(id: number, seat: Seat, expectedVersion: number, action: unknown): Outcome<ActionOutcome> {
    const game = this.load(id);
    if (!game) return refuse('game-not-found');
    if (game.row.status !== 'running') return refuse('not-running');
    const row = game.seats[seat];
    const standIn = row !== undefined && standsIn(row, this.clock.now());
    if (!row || ((row.botLevel === null || row.resigned) && !standIn)) return refuse('not-a-bot');
    if (game.row.version !== expectedVersion) return refuse('stale');
    if (!game.def.toAct(game.state).includes(seat)) return refuse('not-your-turn');
    return this.commit(game, seat, action, standIn ? 'stand-in' : 'bot');
  }

  /**
   * Plays the action at `actionIndex` of the seat's legal actions, as shown to the user at
   * `expectedVersion`. Refuses when the game moved on since, or the action is not legal.
   */
  act(id: number, userId: string, expectedVersion: number, actionIndex: number): Outcome<ActionOutcome> {
    const game = this.load(id);
    if (!game) return refuse('game-not-found');
    if (game.row.status !== 'running') return refuse('not-running');
    const seat = this.seatOf(game, userId);
    if (seat === undefined) return refuse('not-a-player');
    if (game.row.version !== expectedVersion) return refuse('stale');
    if (!game.def.toAct(game.state).includes(seat)) return refuse('not-your-turn');
    const action = game.def.legalActions(game.state, seat)[actionIndex];
    if (action === undefined) return refuse('illegal');
    return this.commit(game, seat, action);
  }

  /** The move `seat` may take back now (the panel then offers "Undo"): its seq, or null. */
  undoableMove(game: LoadedGame, seat: Seat): number | null {
    return latestPendingOf(this.pending(game), seat);
  }

  /**
   * The moves of a running game that may still be taken back, newest first. Read once per version:
   * every panel and board asks, and the log only changes with the version (within a transaction,
   * that version may yet be rolled back).
   */
  private pending(game: LoadedGame): PendingMove[] {
    if (game.row.status !== 'running' || game.def.undoable === undefined) return [];
    const read = () => pendingMoves(this.store.undoTrail(game.row.id));
    return this.store.inTransaction ? read() : this.pendingCache.get(game.row.id, game.row.version, read);
  }

  /**
   * The game as `viewer` (a seat; null: spectators, posts, the public log) may be shown it: without
   * the other seats' moves that may still be taken back, and with `row.version` the last move whose
   * events he may read. For showing only: acting always goes by the real game.
   */
  shownTo(game: LoadedGame, viewer: Seat | null): LoadedGame {
    const hidden = hiddenFrom(this.pending(game), viewer);
    if (hidden.size === 0) return game;
    const compute = (): LoadedGame => {
      const start = startOf(game.def, game.row, game.seats.length);
      const state = shownState(game.def, start, this.store.actionsOf(game.row.id), hidden);
      return { ...game, state, row: { ...game.row, version: shownThrough(game.row.version, hidden) } };
    };
    if (this.store.inTransaction) return compute();
    const shown = this.shownCache.get(game.row.id, game.row.version, () => new Map<Seat | null, LoadedGame>());
    if (!shown.has(viewer)) shown.set(viewer, compute());
    return shown.get(viewer) as LoadedGame;
  }

  /**
   * Takes back the player's move `seq` (his panel's "Undo"), if it is still his latest in force and
   * showed nothing new and kept the turn (see ./undo.ts): the others' secret choices made since do
   * not stand in the way. Logged as an undo; the state is rebuilt from the log without the move.
   */
  undo(id: number, userId: string, seq: number): Outcome<ActionOutcome> {
    const game = this.load(id);
    if (!game) return refuse('game-not-found');
    if (game.row.status !== 'running') return refuse('not-running');
    const seat = this.seatOf(game, userId);
    if (seat === undefined) return refuse('not-a-player');
    const target = undoTarget(this.store.undoTrail(id), seat);
    if (target === null) return refuse('nothing-to-undo');
    if (target !== seq) return refuse('stale');
    const next = stateWithout(game.def, startOf(game.def, game.row, game.seats.length), this.store.actionsOf(id), target);
    if (next === null) return refuse('nothing-to-undo');
    return this.record(game, seat, UNDO_ACTION, next, 'player', { undoes: target });
  }

  /** Whether this user may resign from this game now (asked before he confirms). */
  mayResign(id: number, userId: string): Outcome<LoadedGame> {
    const game = this.load(id);
    if (!game) return refuse('game-not-found');
    if (game.row.status !== 'running') return refuse('not-running');
    if (this.seatOf(game, userId) === undefined) return refuse('not-a-player');
    return ok(game);
  }

  /** A player leaves a running game; the game's rules decide how it goes on. */
  resign(id: number, userId: string): Outcome<ActionOutcome> {
    const may = this.mayResign(id, userId);
    if (!may.ok) return refuse(may.refusal);
    const game = may.value;
    const seat = this.seatOf(game, userId) as Seat;
    return this.store.transaction(() => {
      const outcome = this.commit(game, seat, RESIGN_ACTION);
      if (outcome.ok) this.store.markResigned(id, seat);
      return outcome;
    });
  }

  /**
   * Cancels a game. A lobby: its host (or a member who may manage the server) closes it. A running
   * game ends by agreement: each player still in it asks to cancel, and the last one's request
   * cancels it; a member who may manage the server cancels it at once.
   */
  cancel(id: number, userId: string, canManageServer: boolean): Outcome<CancelOutcome> {
    const may = this.mayCancel(id, userId, canManageServer);
    if (!may.ok) return refuse(may.refusal);
    const row = may.value;
    if (row.status === 'lobby' || canManageServer) {
      if (!this.store.cancel(id)) return refuse('not-running');
      this.tellCommitted(id, 'cancel');
      return ok({ cancelled: true, row: this.store.get(id) as GameRow, agreed: [], needed: [] });
    }
    const players = this.store.seatsOf(id).filter((s) => !s.resigned && s.botLevel === null);
    // The agreement and, when it is the last one, the cancelling are one write.
    return this.store.transaction(() => {
      const agreed = this.store.addCancelVote(id, userId);
      const needed = players.map((s) => s.userId).filter((user) => !agreed.includes(user));
      if (needed.length === 0 && !this.store.cancel(id)) return refuse<CancelOutcome>('not-running');
      if (needed.length === 0) this.tellCommitted(id, 'cancel');
      return ok({ cancelled: needed.length === 0, row: this.store.get(id) as GameRow, agreed, needed });
    });
  }

  /** Whether this user may cancel the game, or ask to (checked before he is asked to confirm). */
  mayCancel(id: number, userId: string, canManageServer: boolean): Outcome<GameRow> {
    const row = this.store.get(id);
    if (!row) return refuse('game-not-found');
    if (row.status !== 'lobby' && row.status !== 'running') return refuse(lobbyExpired(row) ? 'lobby-expired' : 'not-running');
    if (row.status === 'lobby' && row.hostId !== userId && !canManageServer) return refuse('not-host');
    if (row.status === 'lobby' || canManageServer) return ok(row);
    // Bots have no say: the people still in the game decide.
    const players = this.store.seatsOf(id).filter((s) => !s.resigned && s.botLevel === null);
    if (!players.some((s) => s.userId === userId)) return refuse('not-a-player');
    if (row.cancelVotes.includes(userId)) return refuse('already-agreed');
    return ok(row);
  }

  /** The host (or a member who may manage the server) gives the players of a running game more time. */
  extend(id: number, userId: string, ms: number, canManageServer: boolean): Outcome<GameRow> {
    // More time only, and never more than the longest limit offered: a deadline never moves into the past.
    if (!Number.isSafeInteger(ms) || ms <= 0 || ms > MAX_EXTENSION_MS) return refuse('bad-options');
    const row = this.store.get(id);
    if (!row) return refuse('game-not-found');
    if (row.status !== 'running') return refuse('not-running');
    if (row.hostId !== userId && !canManageServer) return refuse('not-host');
    if (row.deadlineAt === null) return refuse('no-deadline');
    const deadlineAt = row.deadlineAt + ms;
    // A reminder still to come moves along; one already sent comes again if half the limit is left.
    const half = Math.floor((row.timeLimitMs ?? 0) / 2);
    const reminderAt = row.reminderAt !== null ? row.reminderAt + ms : deadlineAt - half > this.clock.now() ? deadlineAt - half : null;
    if (!this.store.waits.setDeadline(id, row.version, deadlineAt, reminderAt)) return refuse('stale');
    return ok(this.store.get(id) as GameRow);
  }

  /**
   * A running game whose deadline has passed: each player it waits for either gets a safe legal
   * move made for him, or is removed from the game. `endsMove` tells from a step's public events
   * whether his move is complete (the game's presenter knows: the step that closes a turn).
   * Returns what was done; nothing when the game moved on in the meantime.
   */
  expire(id: number, policy: DeadlinePolicy, endsMove: (events: unknown[]) => boolean = () => false, plan?: StandInPlan): Outcome<TimeoutOutcome> {
    // Every step for every absent player is one write: all of it happens, or none.
    return this.store.transaction(() => this.expireNow(id, policy, endsMove, plan));
  }

  private expireNow(id: number, policy: DeadlinePolicy, endsMove: (events: unknown[]) => boolean, plan: StandInPlan | undefined): Outcome<TimeoutOutcome> {
    const game = this.load(id);
    if (!game) return refuse('game-not-found');
    const { row } = game;
    if (row.status !== 'running') return refuse('not-running');
    if (row.deadlineAt === null || row.deadlineAt > this.clock.now()) return refuse('no-deadline');
    const absent = game.def.toAct(game.state) as Seat[];
    let current = game;
    const timedOut: Seat[] = [];
    for (const seat of absent) {
      if (current.row.status !== 'running') break;
      timedOut.push(seat);
      if (policy === 'remove') {
        const outcome = this.commit(current, seat, RESIGN_ACTION, 'timeout');
        if (!outcome.ok) return refuse(outcome.refusal);
        this.store.markResigned(id, seat);
        current = outcome.value.game;
        continue;
      }
      // Safe steps while the decision is still his, until his move is over: a move may take
      // several steps (a turn of several actions), but the next move (leading the next
      // trick he won) gets its own time.
      for (let step = 0; step < MAX_TIMEOUT_STEPS && current.row.status === 'running' && current.def.toAct(current.state).includes(seat); step++) {
        // The bot player's choice where one was made for this very state, else the game's safe move.
        const planned = plan?.get(seat)?.[step];
        const legal = planned !== undefined && current.def.legalActions(current.state, seat).some((a: unknown) => JSON.stringify(a) === JSON.stringify(planned));
        const action = legal ? planned : timeoutActionOf(current.def, current.state, seat);
        if (action === undefined) break;
        const outcome = this.commit(current, seat, action, 'timeout');
        if (!outcome.ok) return refuse(outcome.refusal);
        current = outcome.value.game;
        if (endsMove(outcome.value.events)) break;
      }
    }
    return ok({ game: current, seats: timedOut, policy });
  }

  /**
   * The answer to a move did not reach the player (the move itself was made): his next panel says
   * so. Called with null once it has.
   */
  noteUnanswered(id: number, seat: Seat, version: number | null): void {
    this.store.setUnanswered(id, seat, version);
  }

  /** Rebuilds the state from the log: must equal the stored snapshot. */
  replay(id: number): unknown {
    const game = this.load(id);
    if (!game) throw new Error(`no game ${id}`);
    return replay(game.def, game.row, game.seats.length, this.store.actionsOf(id));
  }

  private commit(game: LoadedGame, seat: Seat, action: unknown, origin: ActionOrigin = 'player'): Outcome<ActionOutcome> {
    let next: unknown;
    try {
      next = applyLogged(game.def, game.state, seat, action);
    } catch (error) {
      if (error instanceof IllegalAction) return refuse('illegal');
      throw error;
    }
    const undoable = !isResign(action) && (game.def.undoable?.(game.state, next, seat) ?? false);
    return this.record(game, seat, action, next, origin, { undoable });
  }

  /** Stores `next` as the state after `action` and logs it; an undo records what it took back. */
  private record(game: LoadedGame, seat: Seat, action: unknown, next: unknown, origin: ActionOrigin, undo: { undoable?: boolean; undoes?: number }): Outcome<ActionOutcome> {
    const { def, row } = game;
    const result = def.isOver(next) ? def.result(next) : null;
    // An undo tells nothing new: the restored state's events are those of a step already told.
    const events = undo.undoes === undefined ? publicEvents(def, next) : [];
    const current: WaitTiming = { waitingSince: row.waitingSince, deadlineAt: row.deadlineAt, reminderAt: row.reminderAt };
    const waitedFor = def.toAct(game.state) as Seat[];
    const now = this.clock.now();
    const fresh = result ? NO_WAIT : nextWait(current, waitedFor, def.toAct(next), seat, now, row.timeLimitMs);
    // A wait that begins for a player away waits until he is back.
    const wait = fresh === current || fresh === NO_WAIT ? fresh : holdForTimeOff(this.store, game, def.toAct(next), fresh, now);
    const commit = () =>
      this.store.commitAction(row.id, row.version, { seat, action, publicEvents: events, nextState: next, wait, origin, ...undo, ...(result ? { result } : {}) });
    let seq: number;
    try {
      // A game that ends is rated in the same write: no way of finishing can forget the ratings.
      seq = result
        ? this.store.transaction(() => {
            const finished = commit();
            rateFinished(this.store, row.id, isResign(action) ? seat : null);
            return finished;
          })
        : commit();
    } catch (error) {
      if (error instanceof StaleVersion) return refuse('stale');
      throw error;
    }
    const updated: LoadedGame = { ...game, row: { ...row, ...wait, version: seq, state: next, status: result ? 'finished' : row.status }, state: next };
    this.tellCommitted(row.id, 'action');
    return ok({ game: updated, seat, seq, events, result, waitedFor });
  }
}
