/**
 * A bot started as its own Node process, as `npm start` does (`node dist/index.js`, see
 * `builtBot`), so that its event loop is not shared with the fake Discord and the simulated users
 * that measure it. A TypeScript script runs through tsx.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { RUNTIME_ENV } from '../../src/runtime-env.js';
import buildBot, { BUILT_BOT } from '../../tests/e2e/global-setup.js';

/** The project root: scripts are given relative to it and run from it (tsx, .env lookup, assets). */
export const projectRoot = resolve(import.meta.dirname, '../..');

let built = false;

/** Our bot as deployed: the sources built to dist/ (once per benchmark run), run by plain Node. */
export function builtBot(): string {
  if (!built) buildBot();
  built = true;
  return BUILT_BOT;
}

export class ChildBot {
  /** Every line the process printed (stdout and stderr), kept to read its logs afterwards. */
  readonly output: string[] = [];
  private child: ChildProcess | null = null;
  private partial = '';
  /** Kills the child if the benchmark itself dies, so no bot is left running. */
  private readonly killOnExit = () => this.child?.kill('SIGKILL');

  constructor(
    private readonly script: string,
    private readonly env: Record<string, string>,
  ) {}

  get pid(): number | undefined {
    return this.child?.pid;
  }

  start(): void {
    // BENCH_CPU_PROF_DIR=dir: each bot writes a V8 CPU profile there when it exits (for finding
    // slow paths; open it in Chrome DevTools or VS Code). Off by default: profiling slows the bot.
    const profile = process.env.BENCH_CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${resolve(process.env.BENCH_CPU_PROF_DIR)}`] : [];
    // BENCH_NODE_FLAGS="--trace-gc ...": more Node flags for the bots, to look into their run.
    const extra = process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? [];
    const tsx = this.script.endsWith('.ts') ? ['--import', 'tsx'] : [];
    const child = spawn(process.execPath, [...profile, ...extra, ...tsx, this.script], {
      cwd: projectRoot,
      // Only what the bot needs: a developer's .env values must not leak into the measurement.
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...RUNTIME_ENV, ...this.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // Chunks do not end on line boundaries; keep the unfinished tail for the next chunk.
    const keep = (chunk: Buffer) => {
      const lines = (this.partial + chunk.toString('utf8')).split('\n');
      this.partial = lines.pop() ?? '';
      this.output.push(...lines.filter(Boolean));
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    this.child = child;
    process.once('exit', this.killOnExit);
  }

  /**
   * Waits for `ready`, but fails at once with the bot's last lines if the process exits first
   * (a bot that cannot start would otherwise only show up as a 20 s gateway timeout).
   */
  async whileRunning<T>(ready: Promise<T>): Promise<T> {
    const child = this.child;
    if (!child) throw new Error(`${this.script} is not running`);
    let onExit: (() => void) | undefined;
    const died = new Promise<never>((_, reject) => {
      onExit = () => reject(new Error(`${this.script} exited (code ${child.exitCode}) before it was ready:\n${this.tail()}`));
      child.once('exit', onExit);
    });
    try {
      return await Promise.race([ready, died]);
    } catch (error) {
      if (error instanceof Error && !error.message.includes(this.script)) error.message += `\nLast output of ${this.script}:\n${this.tail()}`;
      throw error;
    } finally {
      if (onExit) child.off('exit', onExit);
    }
  }

  /** The last lines the process printed, for error messages. */
  tail(lines = 15): string {
    return [...this.output, this.partial].filter(Boolean).slice(-lines).join('\n') || '(no output)';
  }

  /** SIGTERM (the bot drains its board posts), SIGKILL after a grace period; waits for the exit. */
  async stop(graceMs = 8000): Promise<number | null> {
    const child = this.child;
    process.off('exit', this.killOnExit);
    if (!child) return null;
    this.child = null;
    if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
    const exited = once(child, 'exit') as Promise<[number | null]>;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    const [code] = await exited;
    clearTimeout(timer);
    if (this.partial) this.output.push(this.partial);
    return code;
  }

  /** CPU time (user + system) the process used so far, in seconds; null where /proc is missing. */
  cpuSeconds(): number | null {
    if (!this.child?.pid) return null;
    try {
      // Fields after the ")" that ends the command name: utime and stime are the 12th and 13th.
      const stat = readFileSync(`/proc/${this.child.pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return (Number(fields[11]) + Number(fields[12])) / 100; // USER_HZ is 100 on Linux
    } catch {
      return null;
    }
  }

  /**
   * Resident memory of the process from /proc/<pid>/status, in KiB: now (VmRSS) and the most it
   * ever held (VmHWM, the kernel's high-water mark, so no short peak is missed between two
   * readings). Null where /proc is missing or the process is gone.
   */
  memoryKiB(): { rss: number; peak: number } | null {
    return this.child?.pid ? residentKiB(this.child.pid) : null;
  }

  /** The JSON lines among the output (the bot logs with pino). */
  jsonLines(): Record<string, unknown>[] {
    return this.output.flatMap((line) => {
      if (!line.startsWith('{')) return [];
      try {
        return [JSON.parse(line) as Record<string, unknown>];
      } catch {
        return [];
      }
    });
  }
}

/** VmRSS and VmHWM of any process, in KiB (see ChildBot.memoryKiB); null if it cannot be read. */
export function residentKiB(pid: number): { rss: number; peak: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
    const rss = field('VmRSS');
    const peak = field('VmHWM');
    return Number.isFinite(rss) && Number.isFinite(peak) ? { rss, peak } : null;
  } catch {
    return null;
  }
}
