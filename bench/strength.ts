/**
 * How strong each bot level is against the games' heuristic players (their sparring partners, see
 * docs/bots.md), per game and variant: the measured bot takes each seat in turn against heuristic
 * players in all the others. Printed with 95 % intervals next to the targets:
 * - hard: wins at least 60 % of two-player games; in multi-player games finishes ahead of at least
 *   60 % of its opponents (mean reward);
 * - normal: 50 % / 50 %;
 * - easy: beaten by the heuristic (below an even share), so a beginner can win.
 *
 *   npx tsx bench/strength.ts [games per two-player case=40] [games per multi-player case=30] [game id ...]
 *
 * BENCH_LEVELS=normal,hard measures only those levels.
 * Cases run in parallel child processes, one per core (BENCH_JOBS to change). A full run takes
 * hours on 2 cores (a hard decision is up to a second and a game has tens of them): `npm run bench`
 * runs a few games per case only.
 */
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { LEVELS, type Level } from '../src/ai/index.js';
import { BOT_CASES, playMatch, type MatchFigures } from './bots.js';
import { wilson } from './bot-vs-heuristic.js';
import { formatTable } from './table.js';

const LEVELS_MEASURED = (process.env.BENCH_LEVELS?.split(',') ?? ['easy', 'normal', 'hard']).filter((l): l is Level => (LEVELS as readonly string[]).includes(l));

/** The figure a level is judged by: wins in two-player games, the share of opponents beaten in the others. */
function figure(seats: number, m: MatchFigures): { value: number; interval: [number, number] } {
  if (seats === 2) return { value: m.wins / m.games, interval: wilson(m.wins, m.games) };
  // A mean reward in [0, 1] over n games: the normal approximation of its interval, as the Wilson
  // interval of the same proportion (rewards are shares of opponents beaten, not single trials).
  return { value: m.meanReward, interval: wilson(m.meanReward * m.games, m.games) };
}

const TARGETS: Record<Level, { min?: number; below?: number; text: string }> = {
  hard: { min: 0.6, text: '≥ 0.60' },
  normal: { min: 0.5, text: '≥ 0.50' },
  easy: { below: 0.5, text: '< 0.50' },
};

/** One case measured at every level, as JSON lines for the parent. */
function runCase(index: number, twoPlayer: number, multiPlayer: number): void {
  const c = BOT_CASES[index];
  if (!c) throw new Error(`no case ${index}`);
  const count = c.seats === 2 ? twoPlayer : multiPlayer;
  for (const level of LEVELS_MEASURED) {
    const m = playMatch(c, level, 'heuristic', count);
    process.stdout.write(`${JSON.stringify({ index, level, m })}\n`);
  }
}

/** Runs the cases in child processes, `jobs` at a time; returns every case's figures per level. */
async function runAll(indexes: number[], twoPlayer: number, multiPlayer: number, jobs: number): Promise<Map<number, Map<Level, MatchFigures>>> {
  const results = new Map<number, Map<Level, MatchFigures>>();
  const queue = [...indexes];
  const script = fileURLToPath(import.meta.url);
  const worker = async () => {
    for (let index = queue.shift(); index !== undefined; index = queue.shift()) {
      const output = await new Promise<string>((resolve, reject) => {
        const child = spawn(process.execPath, [...process.execArgv, script, '--case', String(index), String(twoPlayer), String(multiPlayer)], { stdio: ['ignore', 'pipe', 'inherit'] });
        let text = '';
        child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
        child.on('error', reject);
        child.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`case ${index} ended with ${code}`))));
      });
      for (const line of output.split('\n').filter((l) => l.startsWith('{'))) {
        const { level, m } = JSON.parse(line) as { level: Level; m: MatchFigures };
        const perLevel = results.get(index) ?? new Map<Level, MatchFigures>();
        perLevel.set(level, m);
        results.set(index, perLevel);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, jobs) }, worker));
  return results;
}

/** The table: per case and level, the figure with its interval against the target, and decision times. */
export async function measureStrength(twoPlayer: number, multiPlayer: number, only?: string[]): Promise<string> {
  const indexes = BOT_CASES.flatMap((c, i) => (!only || only.includes(c.id) ? [i] : []));
  const jobs = Number(process.env.BENCH_JOBS ?? availableParallelism());
  const results = await runAll(indexes, twoPlayer, multiPlayer, jobs);
  const rows = [['case (games)', ...LEVELS_MEASURED.map((l) => `${l} vs heuristic (target ${TARGETS[l].text})`), 'ms p50/p95 easy, normal, hard']];
  for (const index of indexes) {
    const c = BOT_CASES[index] as (typeof BOT_CASES)[number];
    const perLevel = results.get(index);
    const cells = LEVELS_MEASURED.map((level) => {
      const m = perLevel?.get(level);
      if (!m) return '-';
      const { value, interval } = figure(c.seats, m);
      const target = TARGETS[level];
      const met = target.min !== undefined ? interval[0] >= target.min : interval[1] < (target.below ?? 1);
      const unsure = target.min !== undefined ? value >= target.min && !met : value < (target.below ?? 1) && !met;
      return `${value.toFixed(2)} [${interval[0].toFixed(2)}, ${interval[1].toFixed(2)}] ${met ? 'met' : unsure ? 'not yet sure' : 'not met'}`;
    });
    const ms = LEVELS_MEASURED.map((level) => perLevel?.get(level)?.decisionMs)
      .map((d) => (d ? `${d.p50.toFixed(0)}/${d.p95.toFixed(0)}` : '-'))
      .join(', ');
    const games = perLevel?.get('hard')?.games ?? 0;
    rows.push([`${c.label} (${games})`, ...cells, ms]);
  }
  return `Bots against the heuristic players (wins in two-player games, share of opponents beaten otherwise; 95 % intervals; "met" when the whole interval meets the target)\n${formatTable(rows)}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  if (args[0] === '--case') runCase(Number(args[1]), Number(args[2]), Number(args[3]));
  else {
    const [two = '40', multi = '30', ...only] = args;
    console.log(await measureStrength(Number(two), Number(multi), only.length > 0 ? only : undefined));
  }
}
