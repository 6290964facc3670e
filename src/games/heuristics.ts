import { playHeuristic, type HeuristicPlayer } from '../ai/heuristic.js';
import type { GameDefinition, RngState, Seat } from '../engine/index.js';
import type { GameId, games } from './index.js';
import { cartagenaHeuristic } from './cartagena/heuristic.js';
import { freibeuterHeuristic } from './freibeuter/heuristic.js';
import { halunkenHeuristic } from './halunken/heuristic.js';
import { honderdenHeuristic } from './honderden/heuristic.js';
import { shanghaienHeuristic } from './shanghaien/heuristic.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- only to read a definition's action and view types */
type ActionOf<D> = D extends GameDefinition<any, infer A, any, any> ? A : never;
type ViewOf<D> = D extends GameDefinition<any, any, any, infer V> ? V : never;
/* eslint-enable @typescript-eslint/no-explicit-any */

/**
 * Each game's heuristic sparring partner (`src/games/<id>/heuristic.ts`), by game id: one entry per
 * game of the registry, each typed with its game's view and actions. They are for measuring the
 * bot players (bench/heuristic.ts, bench/bots.ts), not for play.
 */
export const heuristics: { [K in GameId]: HeuristicPlayer<ViewOf<(typeof games)[K]>, ActionOf<(typeof games)[K]>> } = {
  cartagena: cartagenaHeuristic,
  freibeuter: freibeuterHeuristic,
  halunken: halunkenHeuristic,
  honderden: honderdenHeuristic,
  shanghaien: shanghaienHeuristic,
};

/** The game's heuristic choice for `seat`: built from the seat's view and legal actions only. */
export function heuristicChoice<S, A, O, V>(def: GameDefinition<S, A, O, V>, state: S, seat: Seat, rng: RngState): A {
  const player = (heuristics as Record<string, HeuristicPlayer<V, A> | undefined>)[def.id];
  if (!player) throw new Error(`no heuristic player for ${def.id}`);
  return playHeuristic(def, player, state, seat, rng);
}
