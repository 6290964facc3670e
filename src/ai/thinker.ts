/**
 * Where bot players think: in a worker thread in the bot (a decision takes up to a second of
 * CPU, which must not hold up anyone's click), in-process in tests and tools.
 */
import type { AnyGameDefinition, Seat } from '../engine/index.js';
import { WorkerPool } from '../worker-pool.js';
import { chooseAction, type Level } from './index.js';
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

export interface Thinker {
  /** The action the bot chooses: one of the seat's legal actions. */
  choose(request: ThinkRequest): Promise<unknown>;
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
export function decide(registry: Record<string, AnyGameDefinition>, request: ThinkRequest): unknown {
  const def = gameOf(registry, request.gameId);
  return chooseAction(def, request.state, request.seat, {
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

/** Thinks in one worker thread of low priority (see src/games/bot-worker.ts). */
export class WorkerThinker implements Thinker {
  private readonly pool: WorkerPool<ThinkJob, unknown>;

  constructor(entry: URL) {
    this.pool = new WorkerPool(entry, 'bot player', 1);
  }

  choose(request: ThinkRequest): Promise<unknown> {
    return this.pool.run({ kind: 'choose', request });
  }

  async standIn(request: StandInRequest): Promise<[Seat, unknown[]][]> {
    return (await this.pool.run({ kind: 'stand-in', request })) as [Seat, unknown[]][];
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}

