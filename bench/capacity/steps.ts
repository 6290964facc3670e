/**
 * One step of bench/capacity.ts: the tables grown to N games, played for a warm-up and a counted
 * window at one move a minute each, then the board posts of the window's turns awaited; what the
 * step measured, and whether it met the targets.
 */
import { loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { percentile } from '../latency/common.js';
import { arrivalOf, postsByThread } from '../post-delay.js';
import type { Environment, CpuReading } from './hosts.js';
import { countRequests, type RequestCounts } from './requests.js';
import type { Click, Tables } from './tables.js';

/** Targets of issue 35: a click answered with p99 under 100 ms, a move's board post p95 under 2 s. */
export const CLICK_P99_MS = 100;
export const POST_P95_MS = 2_000;
/** After the window: how long the last turns' posts may take before they count as not posted. */
const DRAIN_MS = 15_000;

export interface StepTiming {
  warmupMs: number;
  windowMs: number;
}

export interface StepResult {
  games: number;
  withBots: number;
  windowMs: number;
  /** Clicks dispatched in the window, dispatch → callback ms (unanswered as Infinity). */
  clickMs: number[];
  unanswered: number;
  /** Turns of people that ended in the window, and their commit → board post delays (not posted as Infinity). */
  turns: number;
  turnsWithBot: number;
  postMs: number[];
  notPosted: number;
  requests: RequestCounts;
  cpu: CpuReading;
  /** Load average over the last minute when the window ended. */
  load: number;
  missedTicks: number;
  /** Answers the local Discord saw late (over 3 s) or otherwise against Discord's rules, in the whole run so far. */
  problems: number;
  driverLoopP99Ms: number;
  /** This process's resident memory at the window's end (the local Discord keeps every message and interaction), MB. */
  benchRssMb: number;
  errors: string[];
}

export const clickP99 = (s: StepResult) => percentile(sorted(s.clickMs), 99);
export const postP95 = (s: StepResult) => percentile(sorted(s.postMs), 95);
export const meets = (s: StepResult) => clickP99(s) < CLICK_P99_MS && postP95(s) < POST_P95_MS;
export const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);

/** Waits `ms`, failing at once with a host's last lines if a host exits meanwhile. */
function whileHostsRun(env: Environment, ms: number): Promise<unknown> {
  return env.hosts.reduce<Promise<unknown>>((waiting, host) => host.whileRunning(waiting), new Promise((resolve) => setTimeout(resolve, ms)));
}

export async function runStep(env: Environment, tables: Tables, games: number, timing: StepTiming): Promise<StepResult> {
  await env.hosts.reduce<Promise<unknown>>((waiting, host) => host.whileRunning(waiting), tables.grow(games));
  const loop = monitorEventLoopDelay({ resolution: 5 });
  const errorsBefore = tables.errors.length;
  tables.play();
  try {
    await whileHostsRun(env, timing.warmupMs);
    const clicksFrom = tables.clicks.length;
    const turnsFrom = tables.turnEnds.length;
    const missedFrom = tables.missedTicks;
    const requests = countRequests(env.discord);
    env.cpu(); // the reading starts now
    loop.enable();
    const start = Date.now();
    await whileHostsRun(env, timing.windowMs);
    const end = Date.now();
    const counted = requests.stop();
    const cpu = env.cpu();
    loop.disable();
    const missedTicks = tables.missedTicks - missedFrom;
    await tables.pause();

    const clicks = tables.clicks.slice(clicksFrom).filter((c: Click) => c.at >= start && c.at < end);
    const ends = tables.turnEnds.slice(turnsFrom).filter((t) => t.committedAt >= start && t.committedAt < end);
    const unposted = () => {
      const posts = postsByThread(env.discord, new Set(ends.map((t) => t.threadId)));
      return ends.filter((t) => arrivalOf(posts, t) === null).length;
    };
    const drainUntil = Date.now() + DRAIN_MS;
    while (unposted() > 0 && Date.now() < drainUntil) await new Promise((resolve) => setTimeout(resolve, 500));
    const posts = postsByThread(env.discord, new Set(ends.map((t) => t.threadId)));
    const postMs = ends.map((t) => {
      const at = arrivalOf(posts, t);
      return at === null ? Number.POSITIVE_INFINITY : at - t.committedAt;
    });
    return {
      games: tables.size,
      withBots: tables.withBots,
      windowMs: end - start,
      clickMs: clicks.map((c) => (c.outcome === 'ok' ? c.ms : Number.POSITIVE_INFINITY)),
      unanswered: clicks.filter((c) => c.outcome !== 'ok').length,
      turns: ends.length,
      turnsWithBot: ends.filter((t) => t.withBot).length,
      postMs,
      notPosted: postMs.filter((ms) => ms === Number.POSITIVE_INFINITY).length,
      requests: counted,
      cpu,
      load: loadavg()[0] ?? Number.NaN,
      missedTicks,
      problems: env.discord.interactionProblems().length,
      driverLoopP99Ms: loop.percentile(99) / 1e6 - 5,
      benchRssMb: process.memoryUsage().rss / 2 ** 20,
      errors: tables.errors.slice(errorsBefore),
    };
  } finally {
    await tables.pause();
  }
}
