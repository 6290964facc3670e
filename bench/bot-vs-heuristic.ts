/**
 * One bot level against a game's heuristic players, seats rotated, with 95 % Wilson intervals and
 * the time per decision: the measure for tuning a game's search (estimate, playout policy, cut-off).
 *
 *   npx tsx bench/bot-vs-heuristic.ts [--plain] [--steps=N] <case label prefix> <level> <games> [first game=0]
 *
 * e.g. `npx tsx bench/bot-vs-heuristic.ts "Honderden 2" normal 20`. Games `first`..`first + games - 1`
 * are the same games as in `bench/bots.ts --against-heuristic` and `bench/strength.ts` (same seeds),
 * so two processes can share a run (0..9 and 10..19). `--plain` searches without the game's
 * estimate, playout cut-off and playout policy (uniformly random playouts to the end): the figure
 * before them. `--steps=N` cuts playouts off after N steps instead of the game's own number.
 */
import { LEVELS, type Level } from '../src/ai/index.js';
import { rewardsOf } from '../src/ai/reward.js';
import type { AnyGameDefinition, Seat } from '../src/engine/index.js';
import { games } from '../src/games/index.js';
import { BOT_CASES, playMatch, searchedAs } from './bots.js';
import { wilson } from './figures.js';

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const plain = args.includes('--plain');
  const steps = args.find((a) => a.startsWith('--steps='))?.slice('--steps='.length);
  const [label = 'Shanghaien', level = 'normal', count = '20', first = '0'] = args.filter((a) => !a.startsWith('--'));
  const c = BOT_CASES.find((bc) => bc.label.startsWith(label));
  if (!c || !LEVELS.includes(level as Level))
    throw new Error(`usage: bot-vs-heuristic.ts [--plain] [--steps=N] <case label: ${BOT_CASES.map((bc) => bc.label).join(' | ')}> <level> <games> [first]`);
  const def = searchedAs(games[c.id] as AnyGameDefinition, { plain, steps: steps === undefined ? undefined : Number(steps) });
  const n = Number(count);
  const m = playMatch(c, level as Level, 'heuristic', n, Number(first), {
    def,
    budgetMs: Infinity,
    onGame: (game, measured, result) => {
      const won = (result.ranking[0] as Seat[]).includes(measured);
      console.log(
        `game ${game} seat ${measured}: scores ${result.scores.join('/')} ${won ? 'won' : 'lost'} reward ${(rewardsOf(result)[measured] as number).toFixed(2)}`,
      );
    },
  });
  const { wins } = m;
  const [lo, hi] = wilson(wins, n);
  const [rlo, rhi] = wilson(m.meanReward * n, n);
  const how = [plain ? 'plain' : '', steps !== undefined ? `playouts cut at ${steps}` : ''].filter(Boolean).join(', ');
  console.log(
    `${c.label} ${level}${how ? ` (${how})` : ''} vs heuristic: wins ${wins}/${n} = ${(wins / n).toFixed(2)} [${lo.toFixed(2)}, ${hi.toFixed(2)}], ` +
      `reward ${m.meanReward.toFixed(2)} [${rlo.toFixed(2)}, ${rhi.toFixed(2)}], mean margin ${m.meanMargin.toFixed(1)}, ` +
      `decision ms p50 ${m.decisionMs.p50.toFixed(0)} p95 ${m.decisionMs.p95.toFixed(0)} (${m.times.length} decisions)`,
  );
}
