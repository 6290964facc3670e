/**
 * Interaction-to-response latency, against the design target: "a click answered with p99 at most
 * 1.5 times a bare discord.js bot's reply on the same local server, while 20 games take 100 clicks
 * per second".
 *
 * Both bots run as their own processes against the local Discord-compatible server of the e2e
 * tests (one fresh server each, same settings), and are clicked by its simulated users on the same
 * open-loop schedule: one click every 10 ms, sent whether or not earlier ones were answered.
 * - baseline: bench/latency/bare-bot.mjs answers each click at once (update or ephemeral reply);
 * - ours: the real bot (built to dist/ and run by plain Node as deployed, fresh database) with 20 Cartagena games of 3 players,
 *   alternating "Open my panel" and a move from that panel (see bench/latency/ours.ts).
 * A click's latency is the time from dispatching INTERACTION_CREATE to the bot's callback
 * arriving at the server (the e2e library's `ackMs`, taken at sub-millisecond resolution).
 *
 * Each bot is measured for 20 s (2,000 clicks): with 1,000 the p99 is the tenth slowest click, and
 * the ratio swung between 2.7 and 6 from one run to the next. Even so, on a small virtual machine
 * single runs of identical code swing by half, so the pair is measured three times
 * (BENCH_LATENCY_RUNS) and the run with the median ratio is shown, beside every run's ratio.
 *
 * `npm run bench` runs this after the other measurements; `npx tsx bench/latency.ts` runs it alone
 * (about a minute). Nothing is asserted: the numbers are printed beside the target. To look into a
 * run: BENCH_CPU_PROF_DIR=some/dir makes both bots write V8 CPU profiles there; BENCH_NODE_FLAGS
 * gives the bots more Node flags (e.g. "--trace-gc"); BENCH_BOT_OUTPUT=file keeps what our bot
 * printed and the REST calls it made. docs/performance.md says what such looks found.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import type { FakeDiscordOptions } from '../tests/e2e/server/index.js';
import { measureBaseline, type BaselineResult } from './latency/baseline.js';
import { outcomeCounts, summarise, type Sample, type Summary } from './latency/common.js';
import { measureOurs, type OursResult } from './latency/ours.js';

const GAMES = 20;
const CLICKS_PER_SECOND = 100;
const WARMUP_MS = 1_000;
const DURATION_MS = 20_000;
const TARGET_RATIO = 1.5;
const LOOP_RESOLUTION_MS = 5;
const RUNS = Math.max(1, Number(process.env.BENCH_LATENCY_RUNS ?? 3));

/**
 * Identical server settings for both bots; only the token differs. The server keeps no uploaded
 * bytes: our board images (about 3 MB a second) kept in the measuring process made its own
 * garbage collection stall the clocks that time the answers (see docs/performance.md).
 */
const server = (botToken: string): FakeDiscordOptions => ({ botToken, defaultTimeoutMs: 10_000, keepUploadedBytes: false });

export interface LatencyReport {
  baseline: BaselineResult;
  ours: OursResult;
  /** Event-loop delay p99 of this process (fake servers + simulated users) during each run, ms. */
  driverLoopP99Ms: { baseline: number; ours: number };
}

/** Measures the pair `runs` times, one run after the other. */
export async function measureLatency(runs = RUNS): Promise<LatencyReport[]> {
  const reports: LatencyReport[] = [];
  for (let run = 0; run < runs; run++) reports.push(await measurePair());
  return reports;
}

/** Runs both measurements, one after the other; both bot processes are stopped before it returns. */
async function measurePair(): Promise<LatencyReport> {
  // If the measuring side stalls, every latency grows with it; record how smooth it stayed.
  const loop = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
  loop.enable();
  const baseline = await measureBaseline({
    server: server('bench-baseline.token'),
    tables: GAMES,
    ratePerSecond: CLICKS_PER_SECOND,
    warmupMs: WARMUP_MS,
    durationMs: DURATION_MS,
  });
  // The histogram holds whole timer intervals; the delay is what exceeds the resolution.
  const baselineLoop = loop.percentile(99) / 1e6 - LOOP_RESOLUTION_MS;
  loop.reset();
  const ours = await measureOurs({
    server: server('bench-ours.token'),
    games: GAMES,
    ratePerSecond: CLICKS_PER_SECOND,
    warmupMs: WARMUP_MS,
    durationMs: DURATION_MS,
  });
  const oursLoop = loop.percentile(99) / 1e6 - LOOP_RESOLUTION_MS;
  loop.disable();
  return { baseline, ours, driverLoopP99Ms: { baseline: baselineLoop, ours: oursLoop } };
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '-');

function row(label: string, samples: Sample[]): string[] {
  const s: Summary = summarise(samples);
  return [label, String(s.clicks), ms(s.p50), ms(s.p95), ms(s.p99), ms(s.max)];
}

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  const lines: string[] = [];
  for (const [n, r] of rows.entries()) {
    lines.push(r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join(' | '));
    if (n === 0) lines.push(widths.map((w) => '-'.repeat(w)).join('-|-'));
  }
  return lines.join('\n');
}

const counts = (samples: Sample[]) =>
  Object.entries(outcomeCounts(samples))
    .filter(([, n]) => n > 0)
    .map(([outcome, n]) => `${outcome} ${n}`)
    .join(', ');

const ratioOf = (report: LatencyReport) => summarise(report.ours.samples).p99 / summarise(report.baseline.samples).p99;

/** The run with the median ratio, in full, after every run's ratio. */
export function formatLatency(reports: LatencyReport[]): string {
  const sorted = [...reports].sort((a, b) => ratioOf(a) - ratioOf(b));
  const median = sorted[Math.floor((sorted.length - 1) / 2)] as LatencyReport;
  const ratios = reports.map((r) => ratioOf(r).toFixed(2)).join(', ');
  const header = reports.length > 1 ? `p99 ratio ours / bare in ${reports.length} runs: ${ratios}; the run with the median ratio:\n` : '';
  return header + formatRun(median);
}

/** One run's table and the notes that explain it. */
function formatRun(report: LatencyReport): string {
  const { baseline, ours } = report;
  const of = (samples: Sample[], kind: string) => samples.filter((s) => s.kind === kind);
  const rows = [
    ['click → answer (ackMs)', 'clicks', 'p50', 'p95', 'p99', 'max'],
    row('bare discord.js bot', baseline.samples),
    row('  ephemeral reply', of(baseline.samples, 'reply')),
    row('  update message', of(baseline.samples, 'update')),
    row(`our bot, ${GAMES} Cartagena games`, ours.samples),
    row('  Open my panel (reply)', of(ours.samples, 'open')),
    row('  move (commit + update)', of(ours.samples, 'move')),
  ];
  const ratio = ratioOf(report);
  const rate = (r: { samples: Sample[]; wallMs: number }) => (r.samples.length / (r.wallMs / 1000)).toFixed(0);
  const handling = Object.entries(ours.botHandling)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([action, h]) => `${action} ${h.count}× p50 ${h.p50} / p99 ${h.p99} / max ${h.max} ms`)
    .join('; ');
  const cpu = (seconds: number | null, wallMs: number) => (seconds === null ? 'n/a' : `${((seconds / (wallMs / 1000)) * 100).toFixed(0)}%`);
  const notes = [
    `p99 ratio ours / bare: ${Number.isFinite(ratio) ? ratio.toFixed(2) : '-'} (target ≤ ${TARGET_RATIO})${ratio <= TARGET_RATIO ? '' : '  ← over target'}`,
    `Outcomes: bare ${counts(baseline.samples)}; ours ${counts(ours.samples)}.`,
    `Cross-check, the server's own whole-ms ackMs: p99 bare ${ms(summarise(baseline.samples, 'serverAckMs').p99)}, ours ${ms(summarise(ours.samples, 'serverAckMs').p99)} ms.`,
    `Sent at ${rate(baseline)} and ${rate(ours)} clicks/s (schedule ${CLICKS_PER_SECOND}/s; driver at most ${ms(baseline.maxLagMs)} / ${ms(ours.maxLagMs)} ms late; ` +
      `event-loop delay p99 of the measuring process ${ms(report.driverLoopP99Ms.baseline)} / ${ms(report.driverLoopP99Ms.ours)} ms).`,
    `Bot CPU during the window: bare ${cpu(baseline.botCpuSeconds, baseline.wallMs)}, ours ${cpu(ours.botCpuSeconds, ours.wallMs)} of one core.`,
    `Our bot's own time per interaction (its "interaction" log lines: handler start until its answer's REST call returned, whole ms): ${handling || 'no log lines'}.`,
    `Turn end → board post (rendered in the background): ${ours.postLag.turns} turns, p50 ${ms(ours.postLag.p50)} / p99 ${ms(ours.postLag.p99)} / max ${ms(ours.postLag.max)} ms` +
      `${ours.postLag.missing ? `, ${ours.postLag.missing} not posted by the end` : ''}; ${ours.gamesFinished} games finished and were replaced.`,
  ];
  if (ours.extraClicks > 0) notes.push(`${ours.extraClicks} clicks found every game waiting for an answer and only re-opened a panel.`);
  const issues = [...baseline.problems.map((p) => `bare: ${p}`), ...ours.problems.map((p) => `ours: ${p}`), ...ours.botErrors.map((e) => `ours logged: ${e}`)];
  if (issues.length > 0) notes.push(`Problems (${issues.length}): ${issues.slice(0, 5).join(' | ')}${issues.length > 5 ? ' …' : ''}`);
  return `${table(rows)}\n${notes.map((n) => `- ${n}`).join('\n')}`;
}

// Run alone: `npx tsx bench/latency.ts`.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(formatLatency(await measureLatency()));
}
