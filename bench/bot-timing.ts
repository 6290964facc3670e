/**
 * Time per bot decision at a level, with and without the game's estimate and playout policy,
 * over the bot's decisions of games between heuristic players (the two searches interleaved, so
 * that the machine's load weighs on both alike), in wall-clock time and in CPU time (about what an
 * idle machine would take when other work shares the cores). No time cap: the iterations decide.
 *
 *   npx tsx bench/bot-timing.ts <case label prefix> <level> [games=2]
 */
import { performance } from 'node:perf_hooks';
import { decideAction, LEVELS, type Level } from '../src/ai/index.js';
import { seedRng, type AnyGameDefinition, type Seat } from '../src/engine/index.js';
import { heuristicChoice } from '../src/games/heuristics.js';
import { games } from '../src/games/index.js';
import { BOT_CASES, searchedAs } from './bots.js';
import { percentile } from './figures.js';

if (import.meta.url === `file://${process.argv[1]}`) {
  const [label = 'Shanghaien', level = 'normal', count = '2'] = process.argv.slice(2);
  const c = BOT_CASES.find((bc) => bc.label.startsWith(label));
  if (!c || !LEVELS.includes(level as Level))
    throw new Error(`usage: bot-timing.ts <case label: ${BOT_CASES.map((bc) => bc.label).join(' | ')}> <level> [games]`);
  const full = games[c.id] as AnyGameDefinition;
  const plain = searchedAs(full, { plain: true });
  const times = { full: { wall: [] as number[], cpu: [] as number[] }, plain: { wall: [] as number[], cpu: [] as number[] } };
  for (let game = 0; game < Number(count); game++) {
    const seed = `timing-${c.label}-${game}`;
    const rng = seedRng(seed);
    let state: unknown = full.setup({ seats: c.seats, seed, options: full.options.parse(c.options) as unknown });
    for (let step = 0; !full.isOver(state); step++) {
      const seat = full.toAct(state)[0] as Seat;
      if (seat === 0 && (full.legalActions(state, seat) as unknown[]).length > 1) {
        for (const [name, def] of [
          ['full', full],
          ['plain', plain],
        ] as const) {
          const started = performance.now();
          const before = process.cpuUsage();
          decideAction(def, state, seat, { level: level as Level, seed: `${seed}/${step}`, budgetMs: Infinity });
          const used = process.cpuUsage(before);
          times[name].cpu.push((used.user + used.system) / 1000);
          times[name].wall.push(performance.now() - started);
        }
      }
      state = full.apply(state, seat, heuristicChoice(full, state, seat, rng));
    }
  }
  const figures = (xs: number[]) => `p50 ${percentile(xs, 0.5).toFixed(0)} p95 ${percentile(xs, 0.95).toFixed(0)} max ${Math.max(...xs).toFixed(0)}`;
  for (const [name, { wall, cpu }] of Object.entries(times)) {
    console.log(`${c.label} ${level} ${name}: ${wall.length} decisions, ms wall ${figures(wall)}, cpu ${figures(cpu)}`);
  }
}
