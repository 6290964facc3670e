/**
 * One bot level against a game's heuristic players, seats rotated, with 95 % Wilson intervals and
 * the time per decision: the measure for tuning a game's search (estimate, playout policy).
 *
 *   npx tsx bench/bot-vs-heuristic.ts [--plain] <case label prefix> <level> <games> [first game=0]
 *
 * e.g. `npx tsx bench/bot-vs-heuristic.ts Shanghaien normal 20`. Games `first`..`first + games - 1`
 * are the same games as in `bench/bots.ts --against-heuristic` (same seeds), so two processes can
 * share a run (0..9 and 10..19). `--plain` searches without the game's estimate, playout cut-off and
 * playout policy (uniformly random playouts to the end): the figure before them.
 */
import { performance } from 'node:perf_hooks';
import { chooseAction, LEVELS, type Level } from '../src/ai/index.js';
import { rewardsOf } from '../src/ai/reward.js';
import { nextUint32, seedRng, type AnyGameDefinition, type Seat } from '../src/engine/index.js';
import { heuristicChoice } from '../src/games/heuristics.js';
import { games } from '../src/games/index.js';
import { BOT_CASES } from './bots.js';

/** The 95 % Wilson score interval of `k` successes in `n`. */
export function wilson(k: number, n: number, z = 1.96): [number, number] {
  if (n === 0) return [0, 1];
  const p = k / n;
  const centre = (p + (z * z) / (2 * n)) / (1 + (z * z) / n);
  const half = (z / (1 + (z * z) / n)) * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n));
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? 0;

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const plain = args[0] === '--plain';
  const [label = 'Shanghaien', level = 'normal', count = '20', first = '0'] = plain ? args.slice(1) : args;
  const c = BOT_CASES.find((bc) => bc.label.startsWith(label));
  if (!c || !LEVELS.includes(level as Level)) throw new Error('usage: bot-vs-heuristic.ts <case label> <level> <games> [first]');
  const full = games[c.id] as AnyGameDefinition;
  const def: AnyGameDefinition = plain ? { ...full, estimate: undefined, playoutSteps: undefined, playoutAction: undefined } : full;
  const times: number[] = [];
  let wins = 0;
  let reward = 0;
  let margin = 0;
  for (let game = Number(first); game < Number(first) + Number(count); game++) {
    const measured = game % c.seats;
    const seed = `bots-${c.label}-${game}`;
    const rng = seedRng(`random-players/${seed}`);
    const heuristicRng = seedRng(`heuristic-players/${seed}`);
    let state = def.setup({ seats: c.seats, seed, options: def.options.parse(c.options) });
    for (let step = 0; !def.isOver(state); step++) {
      const seat = (def.toAct(state) as Seat[])[0] as Seat;
      const legal = def.legalActions(state, seat) as unknown[];
      let action: unknown;
      if (legal.length === 1) action = legal[nextUint32(rng) % legal.length];
      else if (seat !== measured) action = heuristicChoice(def, state, seat, heuristicRng);
      else {
        const started = performance.now();
        action = chooseAction(def, state, seat, { level: level as Level, seed: `${seed}/${step}/${seat}`, budgetMs: Infinity });
        times.push(performance.now() - started);
      }
      state = def.apply(state, seat, action);
    }
    const result = def.result(state);
    if (!result) throw new Error('no result');
    const won = (result.ranking[0] as Seat[]).includes(measured);
    if (won) wins++;
    const r = rewardsOf(result)[measured] as number;
    reward += r;
    const others = result.scores.filter((_, s) => s !== measured);
    margin += (result.scores[measured] as number) - Math.max(...others);
    console.log(`game ${game} seat ${measured}: scores ${result.scores.join('/')} ${won ? 'won' : 'lost'} reward ${r.toFixed(2)}`);
  }
  const n = Number(count);
  const [lo, hi] = wilson(wins, n);
  const [rlo, rhi] = wilson(reward, n);
  console.log(
    `${c.label} ${level}${plain ? ' (plain)' : ''} vs heuristic: wins ${wins}/${n} = ${(wins / n).toFixed(2)} [${lo.toFixed(2)}, ${hi.toFixed(2)}], ` +
      `reward ${(reward / n).toFixed(2)} [${rlo.toFixed(2)}, ${rhi.toFixed(2)}], mean margin ${(margin / n).toFixed(1)}, ` +
      `decision ms p50 ${percentile(times, 0.5).toFixed(0)} p95 ${percentile(times, 0.95).toFixed(0)} (${times.length} decisions)`,
  );
}
