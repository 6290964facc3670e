import { randomUUID } from 'node:crypto';
import { IllegalAction, seatRangeOf, type AnyGameDefinition, type GameResult, type Seat } from '../engine/index.js';
import { StaleVersion, type GameStore } from '../db/store.js';
import type { GameRow, SeatRow } from '../db/schema.js';
import { applyLogged, publicEvents, replay, RESIGN_ACTION } from './replay.js';

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
  | 'illegal';

export type Outcome<T> = { ok: true; value: T } | { ok: false; refusal: Refusal };

const ok = <T>(value: T): Outcome<T> => ({ ok: true, value });
const refuse = <T>(refusal: Refusal): Outcome<T> => ({ ok: false, refusal });

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
}

/**
 * The rules of hosting, with no Discord in it: lobbies, starting, acting, resigning, cancelling.
 * Every change goes through the store in one versioned transaction.
 */
export class GameService {
  constructor(
    readonly store: GameStore,
    readonly registry: Record<string, AnyGameDefinition>,
    private readonly newSeed: () => string = randomUUID,
  ) {}

  definition(gameId: string): AnyGameDefinition | undefined {
    return Object.hasOwn(this.registry, gameId) ? this.registry[gameId] : undefined;
  }

  openLobby(args: { guildId: string; channelId: string; hostId: string; hostName: string; gameId: string; options: unknown; locale: string }): Outcome<GameRow> {
    const def = this.definition(args.gameId);
    if (!def) return refuse('unknown-game');
    const parsed = def.options.safeParse(args.options);
    if (!parsed.success) return refuse('bad-options');
    return ok(this.store.createLobby({ ...args, options: parsed.data, seed: this.newSeed(), rulesVersion: def.rulesVersion }));
  }

  join(id: number, userId: string, displayName: string): Outcome<GameRow> {
    const row = this.store.get(id);
    if (!row) return refuse('game-not-found');
    if (row.status !== 'lobby') return refuse('not-in-lobby');
    const seats = this.store.seatsOf(id);
    if (seats.some((s) => s.userId === userId)) return refuse('already-joined');
    const def = this.definition(row.gameId);
    if (!def || !this.store.join(id, userId, displayName, this.seatRange(def, row.options).max)) return refuse('lobby-full');
    return ok(row);
  }

  leave(id: number, userId: string): Outcome<GameRow> {
    const row = this.store.get(id);
    if (!row) return refuse('game-not-found');
    if (row.status !== 'lobby') return refuse('not-in-lobby');
    if (row.hostId === userId) return refuse('host-cannot-leave');
    if (!this.store.leave(id, userId)) return refuse('not-joined');
    return ok(row);
  }

  start(id: number, userId: string): Outcome<LoadedGame> {
    const row = this.store.get(id);
    if (!row) return refuse('game-not-found');
    if (row.status !== 'lobby') return refuse('not-in-lobby');
    if (row.hostId !== userId) return refuse('not-host');
    const def = this.definition(row.gameId);
    if (!def) return refuse('unknown-game');
    const seats = this.store.seatsOf(id);
    if (seats.length < this.seatRange(def, row.options).min) return refuse('not-enough-players');
    const state = def.setup({ seats: seats.length, seed: row.seed, options: def.options.parse(row.options) });
    if (!this.store.start(id, state)) return refuse('not-in-lobby');
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

  /** A player leaves a running game; the game's rules decide how it goes on. */
  resign(id: number, userId: string): Outcome<ActionOutcome> {
    const game = this.load(id);
    if (!game) return refuse('game-not-found');
    if (game.row.status !== 'running') return refuse('not-running');
    const seat = this.seatOf(game, userId);
    if (seat === undefined) return refuse('not-a-player');
    const outcome = this.commit(game, seat, RESIGN_ACTION);
    if (outcome.ok) this.store.markResigned(id, seat);
    return outcome;
  }

  /** The host, or a member allowed to manage the server, may cancel a lobby or a running game. */
  cancel(id: number, userId: string, canManageServer: boolean): Outcome<GameRow> {
    const row = this.store.get(id);
    if (!row) return refuse('game-not-found');
    if (row.status !== 'lobby' && row.status !== 'running') return refuse('not-running');
    if (row.hostId !== userId && !canManageServer) return refuse('not-host');
    if (!this.store.cancel(id)) return refuse('not-running');
    return ok(this.store.get(id) as GameRow);
  }

  /** Rebuilds the state from the log: must equal the stored snapshot. */
  replay(id: number): unknown {
    const game = this.load(id);
    if (!game) throw new Error(`no game ${id}`);
    return replay(game.def, game.row, game.seats.length, this.store.actionsOf(id));
  }

  private commit(game: LoadedGame, seat: Seat, action: unknown): Outcome<ActionOutcome> {
    const { def, row } = game;
    let next: unknown;
    try {
      next = applyLogged(def, game.state, seat, action);
    } catch (error) {
      if (error instanceof IllegalAction) return refuse('illegal');
      throw error;
    }
    const result = def.isOver(next) ? def.result(next) : null;
    const events = publicEvents(def, next);
    let seq: number;
    try {
      seq = this.store.commitAction(row.id, row.version, {
        seat,
        action,
        publicEvents: events,
        nextState: next,
        ...(result ? { result } : {}),
      });
    } catch (error) {
      if (error instanceof StaleVersion) return refuse('stale');
      throw error;
    }
    const updated: LoadedGame = { ...game, row: { ...row, version: seq, state: next, status: result ? 'finished' : row.status }, state: next };
    return ok({ game: updated, seat, seq, events, result });
  }
}
