/**
 * What both halves of the latency benchmark share: timing one click precisely, issuing clicks on
 * a fixed schedule, and summarising the samples.
 */
import { performance } from 'node:perf_hooks';
import { WaitTimeoutError, type FakeDiscord, type InteractionResult } from '../../tests/e2e/server/index.js';

/**
 * How a click ended. `refused` and `stale` are answers the bot gave on purpose (an ephemeral
 * refusal, an outdated panel replaced); `unanswered` means no callback within the wait;
 * `driver-error` means the simulated user could not even send it (no such button, ...).
 */
export type Outcome = 'ok' | 'refused' | 'stale' | 'unanswered' | 'driver-error';

export interface Sample {
  /** What was clicked, for the per-kind rows: 'reply'/'update' (baseline), 'open'/'move' (ours). */
  kind: string;
  /** Dispatch to the bot's first answer (callback), in ms with sub-millisecond resolution. */
  ackMs: number;
  /** The same interval as the fake server stamps it (whole ms), to cross-check `ackMs`. */
  serverAckMs: number;
  outcome: Outcome;
  detail?: string;
}

/**
 * Sends one interaction and times it. The fake server stamps dispatch and callback with
 * Date.now(), whole milliseconds, which is too coarse when the baseline answers in 2-3 ms; so the
 * same two moments are taken here with performance.now(): a SimUser action dispatches
 * synchronously before its first await, and the store notifies its listeners synchronously when
 * the callback is recorded, so a wait on "this interaction has a callback" fires at that moment.
 * The server's own integer `ackMs` is kept as a fallback.
 */
export async function timedClick(
  discord: FakeDiscord,
  kind: string,
  send: () => Promise<InteractionResult>,
  classify: (result: InteractionResult) => { outcome: Outcome; detail?: string } = () => ({ outcome: 'ok' }),
): Promise<{ sample: Sample; result: InteractionResult | null }> {
  const before = discord.interactions().length;
  const sent = performance.now();
  const pending = send();
  // If the action dispatched, its record is the newest one (records keep insertion order); if it
  // failed before dispatching (no such button...), `pending` rejects and there is nothing to time.
  const records = discord.interactions();
  const record = records.length > before ? records.at(-1) : undefined;
  const acked = record
    ? discord.waitFor(() => (record.callback ? performance.now() : null), { what: 'a callback', timeoutMs: 11_000 }).catch(() => null)
    : Promise.resolve(null);
  try {
    const result = await pending;
    const at = await acked;
    const ackMs = at !== null && result.interaction === record ? at - sent : result.ackMs;
    return { sample: { kind, ackMs, serverAckMs: result.ackMs, ...classify(result) }, result };
  } catch (error) {
    await acked; // settles soon after the action's own wait gave up; leave no timer behind
    const outcome: Outcome = error instanceof WaitTimeoutError ? 'unanswered' : 'driver-error';
    return {
      sample: { kind, ackMs: Number.NaN, serverAckMs: Number.NaN, outcome, detail: error instanceof Error ? error.message.split('\n')[0] : String(error) },
      result: null,
    };
  }
}

/**
 * Open loop: click number n is sent at start + n·interval whether or not earlier ones were
 * answered, so a slow bot builds up a queue and its latency shows it (a closed loop would slow
 * down with the bot and hide it). `fire` must only start the click; its promise is collected.
 * Returns the samples and how late the driver itself was against the schedule.
 */
export async function openLoop(
  ratePerSecond: number,
  durationMs: number,
  fire: (n: number) => Promise<Sample | null>,
): Promise<{ samples: Sample[]; maxLagMs: number; wallMs: number }> {
  const interval = 1000 / ratePerSecond;
  const count = Math.round(durationMs / interval);
  const pending: Promise<Sample | null>[] = [];
  let maxLagMs = 0;
  const start = performance.now();
  for (let n = 0; n < count; n++) {
    const due = start + n * interval;
    const wait = due - performance.now();
    if (wait >= 1) await new Promise((resolve) => setTimeout(resolve, wait));
    maxLagMs = Math.max(maxLagMs, performance.now() - due);
    pending.push(fire(n));
  }
  const wallMs = performance.now() - start;
  const samples = (await Promise.all(pending)).filter((s): s is Sample => s !== null);
  return { samples, maxLagMs, wallMs };
}

/** Nearest-rank percentile of sorted values. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number;
}

export interface Summary {
  clicks: number;
  answered: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** Percentiles over the clicks that got an answer (refusals are answers too). */
export function summarise(samples: Sample[], field: 'ackMs' | 'serverAckMs' = 'ackMs'): Summary {
  const times = samples
    .map((s) => s[field])
    .filter((ms) => Number.isFinite(ms))
    .sort((a, b) => a - b);
  return {
    clicks: samples.length,
    answered: times.length,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    max: times.at(-1) ?? Number.NaN,
  };
}

/** Counts per outcome, e.g. "ok 998, stale 2". */
export function outcomeCounts(samples: Sample[]): Record<Outcome, number> {
  const counts: Record<Outcome, number> = { ok: 0, refused: 0, stale: 0, unanswered: 0, 'driver-error': 0 };
  for (const s of samples) counts[s.outcome]++;
  return counts;
}

/** The bot's warnings and errors by line ("warn: …", "error: …") with how often each came; other lines left out. */
export function warningCounts(lines: Iterable<Record<string, unknown>>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const line of lines) {
    // Numbers only: a "bot move" line's `level` is the bot's level ('normal'), not pino's.
    if (typeof line.level !== 'number' || line.level < 40) continue;
    const key = `${line.level === 40 ? 'warn' : 'error'}: ${String(line.msg)}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}
