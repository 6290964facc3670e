/**
 * How strong each bot level is against each of the two yardsticks per game (the game's heuristic
 * player and its sparring partner B, written from the rules alone: docs/bots.md), per game and
 * variant: the measured bot takes each seat in turn against the yardstick in all the others.
 * Printed with 95 % intervals next to the targets (the same against both):
 * - hard: wins at least 60 % of two-player games; in multi-player games finishes ahead of at least
 *   60 % of its opponents (mean reward);
 * - normal: 50 % / 50 %;
 * - easy: beaten by the heuristic (below an even share), so a beginner can win.
 *
 *   npx tsx bench/strength.ts [games per two-player case=40] [games per multi-player case=30] [game id ...] [--results=FILE]
 *
 * BENCH_LEVELS=normal,hard measures only those levels; BENCH_AGAINST=sparring-b (or heuristic) only
 * that yardstick (both by default).
 * Each case and level runs in a child process, one per core (BENCH_JOBS to change). A full run takes
 * hours on 2 cores (a hard decision is up to a second and a game has tens of them): `npm run bench`
 * runs a few games per case only. With --results=FILE each case and level is appended to FILE as
 * it is measured, and a later run with the same numbers of games measures only what FILE lacks, so
 * a long run can be stopped and taken up again (delete FILE to measure afresh).
 */
import { execFileSync, spawn } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { LEVELS, type Level } from '../src/ai/index.js';
import { BOT_CASES, playMatch, type BotCase, type MatchFigures, type Yardstick } from './bots.js';
import { wilson } from './figures.js';
import { formatTable } from './table.js';

const LEVELS_MEASURED = (process.env.BENCH_LEVELS?.split(',') ?? ['easy', 'normal', 'hard']).filter((l): l is Level =>
  (LEVELS as readonly string[]).includes(l),
);
const YARDSTICKS: readonly Yardstick[] = ['heuristic', 'sparring-b'];
const AGAINST = (process.env.BENCH_AGAINST?.split(',') ?? YARDSTICKS).filter((y): y is Yardstick => (YARDSTICKS as readonly string[]).includes(y));

/** A level against a yardstick: one column of the table, one child process per case. */
interface Measure {
  level: Level;
  against: Yardstick;
}
const MEASURES: Measure[] = LEVELS_MEASURED.flatMap((level) => AGAINST.map((against) => ({ level, against })));
/** A level against a yardstick, as a key: within a case's results, and after its label in the results file. */
const measureKey = ({ level, against }: Measure) => `${level}/${against}`;
const keyOf = (label: string, measure: Measure) => `${label}/${measureKey(measure)}`;

/** The figure a level is judged by: wins in two-player games, the share of opponents beaten in the others. */
function figure(seats: number, m: MatchFigures): { value: number; interval: [number, number] } {
  if (seats === 2) return { value: m.wins / m.games, interval: wilson(m.wins, m.games) };
  // A mean reward in [0, 1] over n games: the normal approximation of its interval, as the Wilson
  // interval of the same proportion (rewards are shares of opponents beaten, not single trials).
  return { value: m.meanReward, interval: wilson(m.meanReward * m.games, m.games) };
}

const TARGETS: Record<Level, { min?: number; below?: number; text: string }> = {
  expert: { min: 0.7, text: '≥ 0.70' },
  hard: { min: 0.6, text: '≥ 0.60' },
  normal: { min: 0.5, text: '≥ 0.50' },
  easy: { below: 0.5, text: '< 0.50' },
};

/**
 * A figure against its level's target, as the targets are set: "met" when the figure
 * reaches the target and its whole interval lies above an even share (below it, for easy); "not
 * yet sure" when the figure reaches the target but its interval does not clear the even share.
 */
export function verdict(level: Level, value: number, interval: readonly [number, number]): 'met' | 'not yet sure' | 'not met' {
  const { min, below = 0.5 } = TARGETS[level];
  if (min !== undefined) return value < min ? 'not met' : interval[0] > 0.5 ? 'met' : 'not yet sure';
  return value >= below ? 'not met' : interval[1] < 0.5 ? 'met' : 'not yet sure';
}

/** One case measured at one level against one yardstick, as a JSON line for the parent. */
function runCase(index: number, level: Level, against: Yardstick, twoPlayer: number, multiPlayer: number): void {
  const c = BOT_CASES[index];
  if (!c) throw new Error(`no case ${index}`);
  const m = playMatch(c, level, against, c.seats === 2 ? twoPlayer : multiPlayer);
  process.stdout.write(`${JSON.stringify({ index, level, against, m })}\n`);
}

/** A measured case, level and yardstick, as the results file keeps it (files written before B: the heuristic). */
interface Measured {
  label: string;
  level: Level;
  against?: Yardstick;
  m: MatchFigures;
  commit: string;
  at: string;
}

const commitNow = () => {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
};

/** What an earlier run measured with the same numbers of games, by "label/level/yardstick". */
function kept(file: string | undefined, twoPlayer: number, multiPlayer: number): Map<string, Measured> {
  const byKey = new Map<string, Measured>();
  if (!file || !existsSync(file)) return byKey;
  for (const line of readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('{'))) {
    const entry = JSON.parse(line) as Measured;
    const c = BOT_CASES.find((b) => b.label === entry.label);
    if (c && entry.m.games === (c.seats === 2 ? twoPlayer : multiPlayer))
      byKey.set(keyOf(entry.label, { level: entry.level, against: entry.against ?? 'heuristic' }), entry);
  }
  return byKey;
}

/**
 * Runs each case, level and yardstick not yet in `file` in a child process, `jobs` at a time,
 * appending each result to `file` as it comes (a long run can stop and go on later); returns every
 * result, by case and then by `measureKey`.
 */
async function runAll(
  indexes: number[],
  twoPlayer: number,
  multiPlayer: number,
  jobs: number,
  file: string | undefined,
): Promise<Map<number, Map<string, MatchFigures>>> {
  const done = kept(file, twoPlayer, multiPlayer);
  const results = new Map<number, Map<string, MatchFigures>>();
  const note = (index: number, measure: Measure, m: MatchFigures) =>
    results.set(index, (results.get(index) ?? new Map<string, MatchFigures>()).set(measureKey(measure), m));
  const queue: { index: number; measure: Measure }[] = [];
  for (const index of indexes) {
    for (const measure of MEASURES) {
      const earlier = done.get(keyOf((BOT_CASES[index] as BotCase).label, measure));
      if (earlier) note(index, measure, earlier.m);
      else queue.push({ index, measure });
    }
  }
  const script = fileURLToPath(import.meta.url);
  const commit = commitNow();
  const worker = async () => {
    for (let job = queue.shift(); job !== undefined; job = queue.shift()) {
      const { index, measure } = job;
      const output = await new Promise<string>((resolve, reject) => {
        const args = [...process.execArgv, script, '--case', String(index), measure.level, measure.against, String(twoPlayer), String(multiPlayer)];
        const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
        let text = '';
        child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
        child.on('error', reject);
        child.on('exit', (code) =>
          code === 0 ? resolve(text) : reject(new Error(`case ${index} (${measure.level} vs ${measure.against}) ended with ${code}`)),
        );
      });
      for (const line of output.split('\n').filter((l) => l.startsWith('{'))) {
        const { m } = JSON.parse(line) as { m: MatchFigures };
        note(index, measure, m);
        const entry: Measured = { label: (BOT_CASES[index] as BotCase).label, ...measure, m: { ...m, times: [] }, commit, at: new Date().toISOString() };
        if (file) appendFileSync(file, `${JSON.stringify(entry)}\n`);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, jobs) }, worker));
  return results;
}

/** The table: per case, each level against each yardstick, the figure with its interval against the target, and decision times. */
export async function measureStrength(twoPlayer: number, multiPlayer: number, only?: string[], file?: string): Promise<string> {
  const indexes = BOT_CASES.flatMap((c, i) => (!only || only.includes(c.id) ? [i] : []));
  const jobs = Number(process.env.BENCH_JOBS ?? availableParallelism());
  const results = await runAll(indexes, twoPlayer, multiPlayer, jobs, file);
  const rows = [
    [
      'case (games)',
      ...MEASURES.map(({ level, against }) => `${level} vs ${against} (target ${TARGETS[level].text})`),
      `ms p50/p95 ${MEASURES.map(({ level, against }) => `${level}/${against}`).join(', ')}`,
    ],
  ];
  for (const index of indexes) {
    const c = BOT_CASES[index] as (typeof BOT_CASES)[number];
    const measured = results.get(index);
    const cells = MEASURES.map((measure) => {
      const m = measured?.get(measureKey(measure));
      if (!m) return '-';
      const { value, interval } = figure(c.seats, m);
      return `${value.toFixed(2)} [${interval[0].toFixed(2)}, ${interval[1].toFixed(2)}] ${verdict(measure.level, value, interval)}`;
    });
    const ms = MEASURES.map((measure) => measured?.get(measureKey(measure))?.decisionMs)
      .map((d) => (d ? `${d.p50.toFixed(0)}/${d.p95.toFixed(0)}` : '-'))
      .join(', ');
    const games = Math.max(0, ...[...(measured?.values() ?? [])].map((m) => m.games));
    rows.push([`${c.label} (${games})`, ...cells, ms]);
  }
  return `Bots against the two yardsticks, each game's heuristic player and its sparring partner B (wins in two-player games, share of opponents beaten otherwise; 95 % intervals; "met" when the figure reaches the target and the whole interval lies above an even share, below it for easy)\n${formatTable(rows)}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  if (args[0] === '--case') runCase(Number(args[1]), args[2] as Level, args[3] as Yardstick, Number(args[4]), Number(args[5]));
  else {
    const file = args.find((a) => a.startsWith('--results='))?.slice('--results='.length);
    const [two = '40', multi = '30', ...only] = args.filter((a) => !a.startsWith('--'));
    console.log(await measureStrength(Number(two), Number(multi), only.length > 0 ? only : undefined, file));
  }
}
