/** The report of bench/capacity.ts: the steps of every setup, the most games each served, and the requests per move. */
import { cpus } from 'node:os';
import { percentile } from '../latency/common.js';
import { formatTable } from '../table.js';
import type { Setup } from './hosts.js';
import { gamesCeiling, GLOBAL_PER_SECOND, totals } from './requests.js';
import { CLICK_P99_MS, clickP99, meets, POST_P95_MS, postP95, sorted, type StepResult, type StepTiming } from './steps.js';
import { BOT_EVERY, PERIOD_MS } from './tables.js';

export interface CapacityRun {
  setup: Setup;
  steps: StepResult[];
  /** Why the bot could not run this way at all (a host refused to start...). */
  refused: string | null;
  /** Why the steps ended before one missed a target (a host died...). */
  stopped: string | null;
  /** Warnings and errors the hosts logged, with how often. */
  botLog: string[];
  /** The store, as the report names it. */
  settings: string;
  wallMs: number;
}

const name = (setup: Setup) => `${setup.store === 'sqlite' ? 'SQLite' : 'PostgreSQL'}, ${setup.hosts === 1 ? 'one host' : 'two hosts'}`;
const ms = (x: number) => (x === Number.POSITIVE_INFINITY ? '∞' : Number.isFinite(x) ? x.toFixed(0) : '-');
const pct = (x: number | null) => (x === null ? 'n/a' : `${(x * 100).toFixed(0)}%`);
/** Moves in a step: people's turns, and the bot's answer to each turn in a game with a bot. */
const moves = (s: StepResult) => s.turns + s.turnsWithBot;

/** The step of most games that met both targets, if any. */
export function best(run: CapacityRun): StepResult | null {
  return run.steps.filter(meets).at(-1) ?? null;
}

function stepRows(runs: CapacityRun[]): string[][] {
  const rows = [
    [
      'setup',
      'games (with a bot)',
      'moves/min',
      'clicks',
      'click p50/p99 ms',
      'posts',
      'post p50/p95/max ms',
      'not posted',
      'global req/move',
      'CPU bot/db/bench/others',
      'load',
      'targets',
    ],
  ];
  for (const run of runs) {
    for (const s of run.steps) {
      const c = sorted(s.clickMs);
      const p = sorted(s.postMs);
      const t = totals(s.requests);
      rows.push([
        name(run.setup),
        `${s.games} (${s.withBots})`,
        (moves(s) / (s.windowMs / 60_000)).toFixed(0),
        String(c.length),
        `${ms(percentile(c, 50))}/${ms(clickP99(s))}`,
        String(p.length),
        `${ms(percentile(p, 50))}/${ms(postP95(s))}/${ms(p.at(-1) ?? Number.NaN)}`,
        String(s.notPosted),
        moves(s) > 0 ? (t.global / moves(s)).toFixed(2) : '-',
        `${pct(s.cpu.bot)}/${pct(s.cpu.database)}/${pct(s.cpu.measuring)}/${pct(s.cpu.others)}`,
        s.load.toFixed(1),
        meets(s) ? 'met' : 'missed',
      ]);
    }
  }
  return rows;
}

/** Requests per move by kind, in the step each setup's figure comes from (its best, else its first). */
function requestRows(runs: CapacityRun[]): string[][] {
  const shown = runs.flatMap((run) => {
    const step = best(run) ?? run.steps[0];
    return step ? [{ run, step }] : [];
  });
  const labels = new Map<string, boolean>();
  for (const { step } of shown) for (const { kind } of step.requests.values()) labels.set(kind.label, kind.global);
  const ordered = [...labels].sort((a, b) => Number(b[1]) - Number(a[1]) || a[0].localeCompare(b[0]));
  const rows = [['requests per move', 'global', ...shown.map(({ run, step }) => `${name(run.setup)} (${step.games} games)`)]];
  for (const [label, global] of ordered) {
    rows.push([
      label,
      global ? 'yes' : 'no',
      ...shown.map(({ step }) => (moves(step) > 0 ? ((step.requests.get(label)?.count ?? 0) / moves(step)).toFixed(2) : '-')),
    ]);
  }
  rows.push([
    'all global requests per move',
    'yes',
    ...shown.map(({ step }) => (moves(step) > 0 ? (totals(step.requests).global / moves(step)).toFixed(2) : '-')),
  ]);
  rows.push([
    'all interaction requests per move',
    'no',
    ...shown.map(({ step }) => (moves(step) > 0 ? (totals(step.requests).interaction / moves(step)).toFixed(2) : '-')),
  ]);
  rows.push([
    `games in play the global ${GLOBAL_PER_SECOND}/s allows the bot`,
    '',
    ...shown.map(({ step }) => {
      const ceiling = gamesCeiling(step.requests, moves(step));
      return Number.isFinite(ceiling) ? Math.floor(ceiling).toLocaleString('en') : '-';
    }),
  ]);
  return rows;
}

function summaryRows(runs: CapacityRun[]): string[][] {
  const rows = [['', ...runs.map((run) => name(run.setup))]];
  rows.push([
    `most games in play (click p99 < ${CLICK_P99_MS} ms, post p95 < ${POST_P95_MS / 1000} s)`,
    ...runs.map((run) => {
      if (run.refused) return 'refused to run';
      const b = best(run);
      const last = run.steps.at(-1);
      if (!b) return last ? `fewer than ${last.games}` : 'not measured';
      return last && !meets(last) ? `${b.games} (${last.games} missed)` : `${b.games} or more (steps ended)`;
    }),
  ]);
  rows.push([
    'at that step: click p99 / post p95 ms',
    ...runs.map((run) => {
      const b = best(run);
      return b ? `${ms(clickP99(b))} / ${ms(postP95(b))}` : '-';
    }),
  ]);
  rows.push([
    'the step that missed: click p99 / post p95 ms',
    ...runs.map((run) => {
      const last = run.steps.at(-1);
      return last && !meets(last) ? `${ms(clickP99(last))} / ${ms(postP95(last))}` : '-';
    }),
  ]);
  rows.push([
    `games in play the global ${GLOBAL_PER_SECOND} requests/s allows`,
    ...runs.map((run) => {
      const step = best(run) ?? run.steps[0];
      if (!step) return '-';
      const ceiling = gamesCeiling(step.requests, moves(step));
      return Number.isFinite(ceiling) ? Math.floor(ceiling).toLocaleString('en') : '-';
    }),
  ]);
  return rows;
}

export function formatCapacity(runs: CapacityRun[], timing: StepTiming): string {
  const cpu = cpus();
  const notes = [
    `Cartagena Jamaica, two people a game; one game in ${BOT_EVERY} one person against a normal bot (the person moves every ${(2 * PERIOD_MS) / 1000} s, the bot answers): ` +
      `one move a minute per game, the games' clocks spread over the minute. Each step: the games opened, ${timing.warmupMs / 1000} s of warm-up, ${timing.windowMs / 1000} s counted.`,
    `Click: dispatch → the bot's callback at the local Discord. Post: the callback of the move that ended a turn → the first board post of that game showing it; "not posted" = none with its board within 15 s after the window (counted as ∞).`,
    `Requests: every REST request of the bot in the window over its moves (people's turns, and the bots' answers). Global = counted by Discord against ${GLOBAL_PER_SECOND}/s for the whole bot; ` +
      `interaction answers and edits through an interaction's token are not. Games the limit allows = ${GLOBAL_PER_SECOND}/s ÷ (global requests per move ÷ 60 s).`,
    `CPU as shares of one core (${cpu.length} cores, ${cpu[0]?.model.trim() ?? '?'}): the bot's processes, the database server, this process (the local Discord and the people), other programs; load = load average at the window's end.`,
    ...runs.map((run) => {
      const parts = [`${name(run.setup)}: ${run.settings || 'not started'}`];
      if (run.refused) return `${parts[0]}; refused: ${run.refused}`;
      if (run.stopped) parts.push(`stopped ${run.stopped}`);
      const s = run.steps;
      const missed = s.reduce((n, x) => n + x.missedTicks, 0);
      const unanswered = s.reduce((n, x) => n + x.unanswered, 0);
      const errors = [...new Set(s.flatMap((x) => x.errors))];
      parts.push(`ticks missed (the game still busy) ${missed}, clicks unanswered ${unanswered}, answers against Discord's rules ${s.at(-1)?.problems ?? 0}`);
      parts.push(
        `bench event-loop p99 ${s.map((x) => x.driverLoopP99Ms.toFixed(0)).join('/') || '-'} ms, its memory ${s.map((x) => x.benchRssMb.toFixed(0)).join('/') || '-'} MB`,
      );
      if (errors.length > 0) parts.push(`driver errors: ${errors.slice(0, 3).join(' | ')}`);
      parts.push(`the bot logged ${run.botLog.length === 0 ? 'no warnings or errors' : run.botLog.join('; ')}; ${(run.wallMs / 60_000).toFixed(1)} min`);
      return parts.join('; ');
    }),
  ];
  return [formatTable(summaryRows(runs)), formatTable(stepRows(runs)), formatTable(requestRows(runs)), notes.map((n) => `- ${n}`).join('\n')].join('\n\n');
}
