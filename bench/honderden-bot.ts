/**
 * Honderden's bot against the heuristic players: one game (target 1 game point), two or three
 * players, the bot's seat rotating. Prints wins with a 95 % Wilson interval, mean reward and time
 * per decision. The figures in docs/bots.md (Honderden) come from here.
 *
 *   npx tsx bench/honderden-bot.ts [seats=2] [games=20] [level=normal] [first game=0]
 */
import { playMatch } from './bots.js';
import type { Level } from '../src/ai/index.js';

/** The 95 % Wilson score interval of `wins` out of `n`. */
export function wilson(wins: number, n: number, z = 1.96): [number, number] {
  if (n === 0) return [0, 1];
  const p = wins / n;
  const centre = p + (z * z) / (2 * n);
  const spread = z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n));
  const denominator = 1 + (z * z) / n;
  return [(centre - spread) / denominator, (centre + spread) / denominator];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [seatsArg = '2', countArg = '20', level = 'normal', firstArg = '0'] = process.argv.slice(2);
  const seats = Number(seatsArg);
  const c = { id: 'honderden' as const, label: `Honderden ${seats}, one game`, seats, options: { target: 1 } };
  const started = Date.now();
  const m = playMatch(c, level as Level, 'heuristic', Number(countArg), Number(firstArg));
  const [low, high] = wilson(m.wins, m.games);
  console.log(
    `${c.label}, ${level} vs heuristic: ${m.wins}/${m.games} wins (${(m.wins / m.games).toFixed(2)}, 95 % ${low.toFixed(2)}-${high.toFixed(2)}; chance ${m.chance.toFixed(2)}), ` +
      `reward ${m.meanReward.toFixed(2)}, decision ms p50/p95 ${m.decisionMs.p50.toFixed(0)}/${m.decisionMs.p95.toFixed(0)}, ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
}
