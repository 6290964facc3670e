/**
 * Where bot players think: in a worker thread in the bot (a decision takes up to a second of
 * CPU, which must not hold up anyone's click), in-process in tests and tools.
 */
import type { AnyGameDefinition, Seat } from '../engine/index.js';
import { WorkerPool } from '../worker-pool.js';
import { decideAction, type Decision, type Level } from './index.js';
import { planStandIn } from './stand-in.js';

/** One decision to make: plain data, so that it can cross to a worker. */
export interface ThinkRequest {
  /** Registry id of the game. */
  gameId: string;
  state: unknown;
  seat: Seat;
  level: Level;
  seed: string;
  budgetMs?: number;
}

/** The moves to make for absent seats (see stand-in.ts). */
export interface StandInRequest {
  gameId: string;
  state: unknown;
  seats: Seat[];
  level: Level;
  seed: string;
}

/**
 * `game` is the hosted game's id: decisions wait for the worker taking turns game by game, so a
 * game with many moves to make (bots only) never holds up another game's. The absent players'
 * moves all share one turn: ten thousand timeouts are one more game in the rotation, not ten
 * thousand.
 */
export interface Thinker {
  /** The action the bot chooses (one of the seat's legal actions), with the work it took. */
  choose(request: ThinkRequest, game: number): Promise<Decision<unknown>>;
  /** The bot's moves for seats whose time ran out, per seat. */
  standIn(request: StandInRequest): Promise<[Seat, unknown[]][]>;
  close(): Promise<void>;
}

/** Whether a step ends a player's move: the game's own judgement, given the state after it. */
export type EndsMove = (gameId: string, state: unknown) => boolean;

function gameOf(registry: Record<string, AnyGameDefinition>, gameId: string): AnyGameDefinition {
  const def = Object.hasOwn(registry, gameId) ? registry[gameId] : undefined;
  if (!def) throw new Error(`no game '${gameId}'`);
  return def;
}

/** Makes one decision with the games of `registry`. */
export function decide(registry: Record<string, AnyGameDefinition>, request: ThinkRequest): Decision<unknown> {
  const def = gameOf(registry, request.gameId);
  return decideAction(def, request.state, request.seat, {
    level: request.level,
    seed: request.seed,
    ...(request.budgetMs !== undefined ? { budgetMs: request.budgetMs } : {}),
  });
}

/** Plans the moves for absent seats with the games of `registry`. */
export function decideStandIn(registry: Record<string, AnyGameDefinition>, endsMove: EndsMove, request: StandInRequest): [Seat, unknown[]][] {
  const def = gameOf(registry, request.gameId);
  return planStandIn(def, request.state, request.seats, request, (state) => endsMove(request.gameId, state));
}

/** One job for the thinking worker. */
export type ThinkJob = { kind: 'choose'; request: ThinkRequest } | { kind: 'stand-in'; request: StandInRequest };

/** Does one job: the worker's whole work. */
export function work(registry: Record<string, AnyGameDefinition>, endsMove: EndsMove, job: ThinkJob): unknown {
  return job.kind === 'choose' ? decide(registry, job.request) : decideStandIn(registry, endsMove, job.request);
}

/** Thinks on the calling thread. */
export function inProcessThinker(registry: Record<string, AnyGameDefinition>, endsMove: EndsMove): Thinker {
  return {
    choose: async (request) => decide(registry, request),
    standIn: async (request) => decideStandIn(registry, endsMove, request),
    close: async () => undefined,
  };
}

/** The one key of every absent player's moves in the worker's queue. */
const STAND_INS = 'absent players';

/** How long the thinking worker is kept without work before it is stopped (its memory given back). */
const IDLE_MS = 10 * 60_000;

/**
 * Thinks in one worker thread of low priority (see src/games/bot-worker.ts), started at the first
 * decision and stopped after `idleMs` without one: a bot serving no bot players and no absent
 * player does not hold a second JavaScript heap (tens of MB). Starting it again costs about a
 * second, once.
 */
export class WorkerThinker implements Thinker {
  private pool: WorkerPool<ThinkJob, unknown> | null = null;
  private idleTimer: NodeJS.Timeout | null = null;
  private running = 0;

  constructor(
    private readonly entry: URL,
    private readonly idleMs = IDLE_MS,
  ) {}

  async choose(request: ThinkRequest, game: number): Promise<Decision<unknown>> {
    return (await this.run({ kind: 'choose', request }, game)) as Decision<unknown>;
  }

  async standIn(request: StandInRequest): Promise<[Seat, unknown[]][]> {
    return (await this.run({ kind: 'stand-in', request }, STAND_INS)) as [Seat, unknown[]][];
  }

  /** Decisions asked for and not made yet: waiting for the worker or being thought out. */
  get queueLength(): number {
    return this.running;
  }

  /** Whether the worker is up now (for tests and logs). */
  get started(): boolean {
    return this.pool !== null;
  }

  async close(): Promise<void> {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    const pool = this.pool;
    this.pool = null;
    await pool?.close();
  }

  private async run(job: ThinkJob, key: number | string): Promise<unknown> {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    this.pool ??= new WorkerPool(this.entry, 'bot player', 1);
    this.running++;
    try {
      return await this.pool.run(job, { key });
    } finally {
      this.running--;
      if (this.running === 0) this.stopWhenIdle();
    }
  }

  private stopWhenIdle(): void {
    this.idleTimer = setTimeout(() => {
      this.idleTimer = null;
      if (this.running > 0) return;
      const pool = this.pool;
      this.pool = null;
      void pool?.close();
    }, this.idleMs);
    this.idleTimer.unref();
  }
}
