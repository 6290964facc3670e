/**
 * Whole games of one heuristic player against random players: the measure of a heuristic that its
 * tests assert and bench/heuristic.ts prints. The heuristic takes each seat in turn; every other
 * seat plays uniformly random legal actions. Everything is seeded, so a batch replays exactly.
 */
import { performance } from 'node:perf_hooks';
import { nextUint32, seedRng, type AnyGameDefinition, type Seat } from '../engine/index.js';
import { playHeuristic, type AnyHeuristicPlayer } from './heuristic.js';
import { rewardsOf } from './reward.js';

export interface HeuristicCase {
  seats: number;
  options: unknown;
}

export interface HeuristicFigures {
  games: number;
  /** Games the heuristic won alone or shared first place in. */
  wins: number;
  /** The share of the others it finished ahead of, a tie counting half, averaged over the games. */
  meanReward: number;
  /** Milliseconds per decision of the heuristic (view and legal actions built included). */
  moveMs: { p50: number; p95: number; mean: number };
}

/** Games longer than this are taken for a loop in the rules or the heuristic. */
const MAX_STEPS = 50_000;

const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? 0;

/** Plays `count` games of the heuristic against random players, the heuristic's seat rotating. */
export function playAgainstRandom(def: AnyGameDefinition, player: AnyHeuristicPlayer, c: HeuristicCase, count: number, label = def.id): HeuristicFigures {
  const times: number[] = [];
  let wins = 0;
  let reward = 0;
  for (let game = 0; game < count; game++) {
    const measured = game % c.seats;
    const seed = `heuristic-${label}-${game}`;
    const randomRng = seedRng(`random-players/${seed}`);
    const heuristicRng = seedRng(`heuristic/${seed}`);
    const options: unknown = def.options.parse(c.options);
    let state: unknown = def.setup({ seats: c.seats, seed, options });
    for (let step = 0; !def.isOver(state); step++) {
      if (step > MAX_STEPS) throw new Error(`${label}: a game did not end`);
      const seat = def.toAct(state)[0] as Seat;
      let action: unknown;
      if (seat === measured) {
        const started = performance.now();
        action = playHeuristic(def, player, state, seat, heuristicRng);
        times.push(performance.now() - started);
      } else {
        const legal = def.legalActions(state, seat) as unknown[];
        action = legal[nextUint32(randomRng) % legal.length];
      }
      state = def.apply(state, seat, action);
    }
    const result = def.result(state);
    if (!result) throw new Error(`${label}: no result`);
    if ((result.ranking[0] as Seat[]).includes(measured)) wins++;
    reward += rewardsOf(result)[measured] as number;
  }
  const mean = times.reduce((a, b) => a + b, 0) / Math.max(1, times.length);
  return { games: count, wins, meanReward: reward / count, moveMs: { p50: percentile(times, 0.5), p95: percentile(times, 0.95), mean } };
}
