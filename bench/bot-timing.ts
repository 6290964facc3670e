/**
 * Time per bot decision at a level, with and without the game's estimate and playout policy,
 * over the bot's decisions of games between heuristic players (the two searches interleaved, so
 * that the machine's load weighs on both alike).
 *
 *   npx tsx bench/bot-timing.ts <case label prefix> <level> [games=2]
 */
import { performance } from 'node:perf_hooks';
import { decideAction, LEVELS, type Level } from '../src/ai/index.js';
import { seedRng, type AnyGameDefinition, type Seat } from '../src/engine/index.js';
import { heuristicChoice } from '../src/games/heuristics.js';
import { games } from '../src/games/index.js';
import { BOT_CASES } from './bots.js';

const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? 0;

if (import.meta.url === `file://${process.argv[1]}`) {
  const [label = 'Shanghaien', level = 'normal', count = '2'] = process.argv.slice(2);
  const c = BOT_CASES.find((bc) => bc.label.startsWith(label));
  if (!c || !LEVELS.includes(level as Level)) throw new Error('usage: bot-timing.ts <case label> <level> [games]');
  const full = games[c.id] as AnyGameDefinition;
  const plain: AnyGameDefinition = { ...full, estimate: undefined, playoutSteps: undefined, playoutAction: undefined };
  const times = { full: [] as number[], plain: [] as number[] };
  for (let game = 0; game < Number(count); game++) {
    const seed = `timing-${c.label}-${game}`;
    const rng = seedRng(seed);
    let state = full.setup({ seats: c.seats, seed, options: full.options.parse(c.options) });
    for (let step = 0; !full.isOver(state); step++) {
      const seat = (full.toAct(state) as Seat[])[0] as Seat;
      if (seat === 0 && (full.legalActions(state, seat) as unknown[]).length > 1) {
        for (const [name, def] of [['full', full], ['plain', plain]] as const) {
          const started = performance.now();
          decideAction(def, state, seat, { level: level as Level, seed: `${seed}/${step}`, budgetMs: Infinity });
          times[name].push(performance.now() - started);
        }
      }
      state = full.apply(state, seat, heuristicChoice(full, state, seat, rng));
    }
  }
  for (const [name, xs] of Object.entries(times)) {
    console.log(`${c.label} ${level} ${name}: ${xs.length} decisions, ms p50 ${percentile(xs, 0.5).toFixed(0)} p95 ${percentile(xs, 0.95).toFixed(0)} max ${Math.max(...xs).toFixed(0)}`);
  }
}
