/**
 * Bot players: the one entry point the rest of the bot uses. `chooseAction` returns one of
 * `def.legalActions(state, seat)`, the same for the same seed and the same information set (it
 * searches determinizations of the state only: see ismcts.ts).
 */
import { actionKey, type AnyGameDefinition, type GameDefinition, type Seat } from '../engine/index.js';
import { obviousStepOf, search, type SearchLimits } from './ismcts.js';

export type Level = 'easy' | 'normal' | 'hard' | 'expert';
export const LEVELS: readonly Level[] = ['easy', 'normal', 'hard', 'expert'];

/**
 * How hard each level thinks: a number of search iterations, so a bot is as strong on a busy
 * machine as on an idle one, and its decision repeatable for a seed. The time budget is a cap for
 * safety only (a machine far busier than planned for); the bot logs when it binds. In half of its
 * decisions easy draws its move by the visits of its short search instead of taking the most
 * visited (its slips): without them it played about even with the heuristic players in the games
 * where luck weighs most; drawing every move made it hopeless where there are many moves to choose
 * from (docs/bots.md).
 */
export const LEVEL_LIMITS: Record<Level, SearchLimits> = {
  easy: { iterations: 60, budgetMs: 1000, exploration: 1.4, maxPlayoutSteps: 400, slips: 0.5, solves: false },
  normal: { iterations: 600, budgetMs: 4000, exploration: 0.7, maxPlayoutSteps: 400, slips: 0, solves: true },
  hard: { iterations: 2000, budgetMs: 8000, exploration: 0.7, maxPlayoutSteps: 400, slips: 0, solves: true },
  // For players who want to lose honestly: twice hard's search, within 3 s p95 on an idle two-core machine (docs/bots.md).
  expert: { iterations: 4000, budgetMs: 12000, exploration: 0.7, maxPlayoutSteps: 400, slips: 0, solves: true },
};

export interface ChooseOptions {
  level: Level;
  seed: string;
  /** Overrides the level's time cap (ms); Infinity lets the iterations alone decide. */
  budgetMs?: number;
}

/** A decision and the work behind it: `capped` when the time cap stopped the search before its iterations. */
export interface Decision<A> {
  action: A;
  iterations: number;
  capped: boolean;
}

/** The bot's choice for `seat` in `state`: one of its legal actions. */
export function chooseAction<S, A, O, V>(def: GameDefinition<S, A, O, V>, state: S, seat: Seat, options: ChooseOptions): A {
  return decideAction(def, state, seat, options).action;
}

/**
 * `chooseAction` with the work it took. A forced or obvious step (judged from the seat's view) is
 * taken without a search.
 */
export function decideAction<S, A, O, V>(def: GameDefinition<S, A, O, V>, state: S, seat: Seat, options: ChooseOptions): Decision<A> {
  const legal = def.legalActions(state, seat);
  if (legal.length === 0) throw new Error(`seat ${seat} has nothing to do in game ${def.id}`);
  const obvious = legal.length === 1 ? legal[0] : (obviousStepOf(def as AnyGameDefinition, state, seat, legal) as A | undefined);
  if (obvious !== undefined) return { action: obvious, iterations: 0, capped: false };
  const limits = { ...LEVEL_LIMITS[options.level], ...(options.budgetMs !== undefined ? { budgetMs: options.budgetMs } : {}) };
  if (limits.solves && def.solve && def.determinize) {
    // A position the seat knows completely: any determinization is the real one, as far as the seat can tell.
    const solved = def.solve(def.determinize(state, seat, `${options.seed}/solve`), seat);
    const action = solved === undefined ? undefined : legal.find((candidate) => actionKey(candidate) === actionKey(solved));
    if (action !== undefined) return { action, iterations: 0, capped: false };
  }
  const { key, iterations } = search(def as AnyGameDefinition, state, seat, options.seed, limits);
  const first = legal[0] as A;
  const action = legal.find((candidate) => actionKey(candidate) === key) ?? first;
  return { action, iterations, capped: iterations < limits.iterations };
}
