/**
 * Where bot players think: in a worker thread in the bot (a decision takes up to a second of
 * CPU, which must not hold up anyone's click), in-process in tests and tools.
 */
import type { AnyGameDefinition, Seat } from '../engine/index.js';
import { WorkerPool } from '../worker-pool.js';
import { chooseAction, type Level } from './index.js';

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

export interface Thinker {
  /** The action the bot chooses: one of the seat's legal actions. */
  choose(request: ThinkRequest): Promise<unknown>;
  close(): Promise<void>;
}

/** Makes one decision with the games of `registry`. */
export function decide(registry: Record<string, AnyGameDefinition>, request: ThinkRequest): unknown {
  const def = Object.hasOwn(registry, request.gameId) ? registry[request.gameId] : undefined;
  if (!def) throw new Error(`no game '${request.gameId}'`);
  return chooseAction(def, request.state, request.seat, {
    level: request.level,
    seed: request.seed,
    ...(request.budgetMs !== undefined ? { budgetMs: request.budgetMs } : {}),
  });
}

/** Thinks on the calling thread. */
export function inProcessThinker(registry: Record<string, AnyGameDefinition>): Thinker {
  return { choose: async (request) => decide(registry, request), close: async () => undefined };
}

/** Thinks in one worker thread of low priority (see src/games/bot-worker.ts). */
export class WorkerThinker implements Thinker {
  private readonly pool: WorkerPool<ThinkRequest, unknown>;

  constructor(entry: URL) {
    this.pool = new WorkerPool(entry, 'bot player', 1);
  }

  choose(request: ThinkRequest): Promise<unknown> {
    return this.pool.run(request);
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}

