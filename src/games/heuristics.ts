import { playHeuristic, type HeuristicPlayer } from '../ai/heuristic.js';
import type { GameDefinition, RngState, Seat } from '../engine/index.js';
import { registry, type GameId, type Registry } from './index.js';

/**
 * Each game's heuristic sparring partner (`src/games/<id>/heuristic.ts`), by game id, from the
 * registry, each typed with its game's view and actions. They are for measuring the bot players
 * (bench/heuristic.ts, bench/bots.ts), not for play.
 */
export const heuristics = Object.fromEntries(Object.entries(registry).map(([id, game]) => [id, game.heuristic])) as { [G in GameId]: Registry[G]['heuristic'] };

/** The game's heuristic choice for `seat`: built from the seat's view and legal actions only. */
export function heuristicChoice<S, A, O, V>(def: GameDefinition<S, A, O, V>, state: S, seat: Seat, rng: RngState): A {
  const player = (heuristics as Record<string, HeuristicPlayer<V, A> | undefined>)[def.id];
  if (!player) throw new Error(`no heuristic player for ${def.id}`);
  return playHeuristic(def, player, state, seat, rng);
}
