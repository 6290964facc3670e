/**
 * Where the machine's CPU went during a window, read from /proc: the bot's threads one by one (its
 * main thread and its board worker, which runs at the lowest priority and so gets what the others
 * leave), this measuring process, and everything else on the machine (other programs share these
 * two cores and can starve the board worker). Null where /proc cannot be read.
 */
import { readdirSync, readFileSync } from 'node:fs';

export const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** utime + stime of a /proc stat line, in seconds, and the command name. */
function statOf(path: string): { name: string; seconds: number } | null {
  try {
    const stat = readFileSync(path, 'utf8');
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { name, seconds: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND };
  } catch {
    return null;
  }
}

interface Reading {
  at: number;
  /** Per thread id of the bot: its name and CPU seconds so far. */
  threads: Map<string, { name: string; seconds: number }>;
  self: number;
  /** Busy CPU seconds of the whole machine (all cores), from /proc/stat. */
  machine: number | null;
}

export function machineBusy(): number | null {
  try {
    const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal: busy is all but idle and iowait.
    const busy = fields.slice(0, 8).reduce((a, b, i) => (i === 3 || i === 4 ? a : a + b), 0);
    return busy / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

function read(pid: number | undefined): Reading {
  const threads = new Map<string, { name: string; seconds: number }>();
  if (pid !== undefined) {
    try {
      for (const tid of readdirSync(`/proc/${pid}/task`)) {
        const stat = statOf(`/proc/${pid}/task/${tid}/stat`);
        if (stat) threads.set(tid, { ...stat, name: tid === String(pid) ? 'main' : stat.name });
      }
    } catch {
      // The bot is gone: no threads.
    }
  }
  const usage = process.cpuUsage();
  return { at: Date.now(), threads, self: (usage.user + usage.system) / 1e6, machine: machineBusy() };
}

export interface CpuShares {
  /** The bot's busiest threads, as shares of one core: [name, share], busiest first. */
  botThreads: [string, number][];
  bot: number;
  measuring: number;
  /** Everything else on the machine; null without /proc/stat. */
  others: number | null;
}

/** Starts a reading now; `stop` gives each part's share of one core since then. */
export function cpuWindow(pid: number | undefined): { stop: () => CpuShares } {
  const before = read(pid);
  return {
    stop: () => {
      const after = read(pid);
      const seconds = (after.at - before.at) / 1000;
      const share = (x: number) => x / seconds;
      const threads: [string, number][] = [];
      for (const [tid, t] of after.threads) threads.push([t.name, share(t.seconds - (before.threads.get(tid)?.seconds ?? 0))]);
      threads.sort((a, b) => b[1] - a[1]);
      const bot = threads.reduce((a, [, s]) => a + s, 0);
      const measuring = share(after.self - before.self);
      const others = after.machine !== null && before.machine !== null ? Math.max(0, share(after.machine - before.machine) - bot - measuring) : null;
      return { botThreads: threads.slice(0, 3), bot, measuring, others };
    },
  };
}
