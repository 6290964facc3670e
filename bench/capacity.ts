/**
 * How many games in play one host serves, and two hosts on this machine (issue 35): the most games
 * at one move a minute each for which a click is answered with p99 under 100 ms and a move's board
 * post arrives p95 within 2 s of its commit; SQLite and PostgreSQL side by side. Also the REST
 * requests each move costs, and how many games in play Discord's global limit of 50 requests a
 * second then allows the whole bot.
 *
 * The real bot (built to dist/, run by plain Node as deployed, fresh database) runs against the
 * local Discord of the e2e tests, with a server on each of two shards (bench/capacity/hosts.ts).
 * Simulated people play Cartagena through their panels, two people a game, and one game in five
 * one person against a normal bot that thinks in the bot's worker (bench/capacity/tables.ts).
 * Boards are drawn and posted as always, and the previous post trimmed.
 *
 * Steps: the games grow to N (opened through Discord, as people open them), play a warm-up, then a
 * counted window of `--minutes`; N goes up step by step (`--steps`) until a step misses a target.
 * Click: from its dispatch to the bot's callback, as the local Discord stamps both. Post delay:
 * from the callback of the move that ended a turn (committed by then) to the arrival of the first
 * board post of that game showing that move or a later one; a post not there 15 s after the window
 * counts as infinitely late (bench/capacity/steps.ts). Requests: every REST request the bot made in
 * the window, by kind, global or not (bench/capacity/requests.ts).
 *
 * `npx tsx bench/capacity.ts [--store=sqlite|postgres|both] [--hosts=1|2|both] [--minutes=3]
 * [--steps=50,100,200,...] [--quick]`; `--quick` tries it in about four minutes (SQLite, one host,
 * 20 and 40 games, 30 s windows). Two hosts run on PostgreSQL only (the SQLite file is one
 * machine's), each holding its shard's lease; a host that refuses to start is reported with its
 * own sentence. `npm run bench` runs it on both stores. Nothing is asserted.
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { startEnvironment, type Setup } from './capacity/hosts.js';
import { formatCapacity, type CapacityRun } from './capacity/report.js';
import { meets, runStep, type StepResult, type StepTiming } from './capacity/steps.js';
import { Tables } from './capacity/tables.js';

export { formatCapacity } from './capacity/report.js';

export interface CapacityOptions {
  setups: Setup[];
  steps: number[];
  timing: StepTiming;
}

/** Steps of games in play, and 30 s of warm-up then 3 minutes counted at each. */
export const CAPACITY_DEFAULTS: Omit<CapacityOptions, 'setups'> = {
  steps: [50, 100, 200, 400, 800, 1200, 1600, 2400, 3200],
  timing: { warmupMs: 30_000, windowMs: 3 * 60_000 },
};
const QUICK: Omit<CapacityOptions, 'setups'> = { steps: [20, 40], timing: { warmupMs: 10_000, windowMs: 30_000 } };

/** One setup: steps up until one misses a target (or the bot cannot run this way: `refused`). */
export async function measureSetup(setup: Setup, steps: number[], timing: StepTiming): Promise<CapacityRun> {
  const started = performance.now();
  const run: CapacityRun = { setup, steps: [], refused: null, stopped: null, botLog: [], settings: '', wallMs: 0 };
  let env;
  try {
    env = await startEnvironment(setup);
  } catch (error) {
    run.refused = refusalOf(error);
    run.wallMs = performance.now() - started;
    return run;
  }
  run.settings = env.server?.settings ?? 'SQLite file (WAL)';
  try {
    const tables = new Tables(env.discord, env.channels);
    for (const games of steps) {
      let step: StepResult;
      try {
        step = await runStep(env, tables, games, timing);
      } catch (error) {
        run.stopped = `at ${games} games: ${error instanceof Error ? error.message.split('\n').slice(0, 4).join(' / ') : String(error)}`;
        break;
      }
      run.steps.push(step);
      console.error(`[capacity] ${label(setup)}: ${games} games ${meets(step) ? 'met' : 'missed'} the targets`);
      if (!meets(step)) break;
    }
  } finally {
    await env.stop();
    const counts = new Map<string, number>();
    for (const host of env.hosts) {
      for (const line of host.jsonLines()) {
        if (typeof line.level !== 'number' || line.level < 40) continue;
        // The error's own words too (a board not drawn because the workers were closing at the stop...).
        const err = (line.err as { message?: unknown } | undefined)?.message;
        const key = `${line.level === 40 ? 'warn' : 'error'}: ${String(line.msg)}${typeof err === 'string' ? ` (${err.split('\n')[0]?.slice(0, 80)})` : ''}`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
    }
    run.botLog = [...counts].map(([key, n]) => `${key} (${n}×)`);
    run.wallMs = performance.now() - started;
  }
  return run;
}

/**
 * What stopped a host from starting, in its own words: the last lines it printed (the bot says why
 * it will not start in one sentence), each JSON line read for its message.
 */
function refusalOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const [first = '', ...tail] = error.message.split('\n');
  const said = tail.flatMap((line) => {
    if (!line.startsWith('{')) return line.trim() ? [line.trim()] : [];
    try {
      const parsed = JSON.parse(line) as { msg?: unknown; err?: { message?: unknown } };
      return [[parsed.msg, parsed.err?.message].filter((x) => typeof x === 'string').join(': ')];
    } catch {
      return [line];
    }
  });
  return [first.replace(/:$/, ''), ...said.slice(-2)].join(' — ');
}

export const label = (setup: Setup) => `${setup.store === 'sqlite' ? 'SQLite' : 'PostgreSQL'}, ${setup.hosts === 1 ? 'one host' : 'two hosts'}`;

export async function measureCapacity(options: CapacityOptions): Promise<CapacityRun[]> {
  const runs: CapacityRun[] = [];
  for (const setup of options.setups) runs.push(await measureSetup(setup, options.steps, options.timing));
  return runs;
}

/** The setups named on the command line: two hosts only on PostgreSQL. */
export function setupsOf(store: string, hosts: string): Setup[] {
  const stores = store === 'both' ? (['sqlite', 'postgres'] as const) : [store];
  const counts = hosts === 'both' ? [1, 2] : [Number(hosts)];
  const setups: Setup[] = [];
  for (const s of stores) {
    if (s !== 'sqlite' && s !== 'postgres') throw new Error('--store is sqlite, postgres or both');
    for (const h of counts) {
      if (h !== 1 && h !== 2) throw new Error('--hosts is 1, 2 or both');
      if (s === 'sqlite' && h === 2) {
        if (store === 'sqlite') throw new Error('two hosts need PostgreSQL: the SQLite file is one machine’s (--store=postgres)');
        continue;
      }
      setups.push({ store: s, hosts: h });
    }
  }
  return setups;
}

// Run alone: `npx tsx bench/capacity.ts [--store=both] [--hosts=both] [--minutes=3] [--steps=...] [--quick]`.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    options: {
      store: { type: 'string' },
      hosts: { type: 'string' },
      minutes: { type: 'string' },
      steps: { type: 'string' },
      quick: { type: 'boolean', default: false },
    },
  });
  const quick = values.quick;
  const setups = setupsOf(values.store ?? (quick ? 'sqlite' : 'both'), values.hosts ?? (quick ? '1' : 'both'));
  const defaults = quick ? QUICK : CAPACITY_DEFAULTS;
  const steps = values.steps ? values.steps.split(',').map(Number) : defaults.steps;
  if (steps.some((n) => !Number.isInteger(n) || n < 1)) throw new Error('--steps is a list of game counts: 50,100,200');
  const windowMs = values.minutes ? Number(values.minutes) * 60_000 : defaults.timing.windowMs;
  if (!(windowMs > 0)) throw new Error('--minutes is the counted time per step, in minutes (0.5 for 30 s)');
  const timing: StepTiming = { warmupMs: defaults.timing.warmupMs, windowMs };
  console.log(formatCapacity(await measureCapacity({ setups, steps, timing }), timing));
}
