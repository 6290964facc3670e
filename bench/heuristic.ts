/**
 * The heuristic players (src/games/<id>/heuristic.ts), measured: whole games in which one seat is
 * played by its game's heuristic and every other seat by random players, the heuristic taking each
 * seat in turn. Per game and variant (the cases the bot players are measured in): its win rate
 * against chance, its mean reward (the share of the others it finished ahead of) and its time per
 * decision, view and legal actions built included.
 *
 *   npx tsx bench/heuristic.ts [games per case=40] [game id ...]
 */
import { playAgainstRandom } from '../src/ai/heuristic-match.js';
import type { AnyGameDefinition } from '../src/engine/index.js';
import { heuristics } from '../src/games/heuristics.js';
import { games } from '../src/games/index.js';
import { BOT_CASES } from './bots.js';
import { formatTable } from './table.js';

export function measureHeuristics(count: number, only?: string[]): string {
  const rows = [['case', 'heuristic vs random: wins (target ≥ 0.9 with two players)', 'mean reward', 'decision ms p50/p95/mean (≤ 20)']];
  for (const c of BOT_CASES.filter((c) => !only || only.includes(c.id))) {
    const figures = playAgainstRandom(games[c.id] as AnyGameDefinition, heuristics[c.id], c, count, `bench-${c.label}`);
    const ms = figures.moveMs;
    rows.push([
      c.label,
      `${figures.wins}/${figures.games} (${(figures.wins / figures.games).toFixed(2)}; chance ${(1 / c.seats).toFixed(2)})`,
      figures.meanReward.toFixed(2),
      `${ms.p50.toFixed(2)}/${ms.p95.toFixed(2)}/${ms.mean.toFixed(2)}`,
    ]);
  }
  return formatTable(rows);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [count = '40', ...only] = process.argv.slice(2);
  console.log(measureHeuristics(Number(count), only.length > 0 ? only : undefined));
}
