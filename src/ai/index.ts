/**
 * Bot players: the one entry point the rest of the bot uses. `chooseAction` returns one of
 * `def.legalActions(state, seat)`, the same for the same seed and the same information set (it
 * searches determinizations of the state only: see ismcts.ts).
 */
import type { AnyGameDefinition, GameDefinition, Seat } from '../engine/index.js';
import { actionKey, search, type SearchLimits } from './ismcts.js';

export type Level = 'easy' | 'normal' | 'hard';
export const LEVELS: readonly Level[] = ['easy', 'normal', 'hard'];

/**
 * How hard each level thinks. The iterations make a decision repeatable for a seed; the time
 * budget caps it on a busy machine (easy ~50 ms, normal ~300 ms, hard ~1 s on 2 cores).
 */
export const LEVEL_LIMITS: Record<Level, SearchLimits> = {
  easy: { iterations: 60, budgetMs: 50, exploration: 1.4, maxPlayoutSteps: 400 },
  normal: { iterations: 1500, budgetMs: 300, exploration: 0.7, maxPlayoutSteps: 400 },
  hard: { iterations: 6000, budgetMs: 1000, exploration: 0.7, maxPlayoutSteps: 400 },
};

export interface ChooseOptions {
  level: Level;
  seed: string;
  /** Overrides the level's time budget (ms); Infinity lets the iterations alone decide. */
  budgetMs?: number;
}

/** The bot's choice for `seat` in `state`: one of its legal actions. */
export function chooseAction<S, A, O, V>(def: GameDefinition<S, A, O, V>, state: S, seat: Seat, options: ChooseOptions): A {
  const legal = def.legalActions(state, seat);
  if (legal.length === 0) throw new Error(`seat ${seat} has nothing to do in game ${def.id}`);
  if (legal.length === 1) return legal[0] as A;
  const limits = { ...LEVEL_LIMITS[options.level], ...(options.budgetMs !== undefined ? { budgetMs: options.budgetMs } : {}) };
  const { key } = search(def as AnyGameDefinition, state, seat, options.seed, limits);
  return legal.find((action) => actionKey(action) === key) ?? (legal[0] as A);
}
