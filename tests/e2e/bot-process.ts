import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { RUNTIME_ENV } from '../../src/runtime-env.js';
import { BUILT_BOT } from './global-setup.js';
import { freeze, thaw } from './freeze.js';

const root = resolve(import.meta.dirname, '../..');

/** A fresh database path in a temporary folder. */
export function tempDatabasePath(): string {
  return join(mkdtempSync(join(tmpdir(), 'harbour-e2e-')), 'games.sqlite');
}

/** How to start the bot: by default its build with plain Node, as the container does. */
export interface StartCommand {
  /** The program and its arguments, e.g. ['scripts/start.sh'] or ['npm', 'start']. */
  command?: [string, ...string[]];
  /** The folder it runs in (the project by default). */
  cwd?: string;
  /** Leave out the deployed memory settings, for commands that must set them themselves. */
  withoutRuntimeEnv?: boolean;
}

/**
 * The real bot, started as its own process exactly as `npm start` does (the build in dist/, made
 * by ./global-setup.ts), or by another of the README's commands, with every line it prints kept
 * so that tests can read its logs. It runs in a process group of its own, so that a test can see
 * whether anything it started is left running.
 */
export class BotProcess {
  readonly output: string[] = [];
  private child: ChildProcess | null = null;
  private group: number | null = null;

  constructor(
    private readonly env: Record<string, string>,
    private readonly how: StartCommand = {},
  ) {}

  start(): void {
    const [program, ...args] = this.how.command ?? [process.execPath, BUILT_BOT];
    const child = spawn(program, args, {
      cwd: this.how.cwd ?? root,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'info', ...(this.how.withoutRuntimeEnv ? {} : RUNTIME_ENV), ...this.env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const keep = (chunk: Buffer) => this.output.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    this.child = child;
    this.group = child.pid ?? null;
  }

  /** The process started (after the start scripts' `exec`, the bot itself). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Every process still running that this start made (its process group). */
  leftovers(): { pid: number; command: string }[] {
    return this.group === null ? [] : processesInGroup(this.group);
  }

  /**
   * Waits for the bot to stop by itself: its exit code, or how it was ended when it did not exit
   * ("killed by SIGKILL after 20000 ms", "killed by SIGSEGV"), so that a failing test says why.
   */
  async exited(timeoutMs: number): Promise<number | string> {
    const child = this.child;
    if (!child) throw new Error('the bot was not started');
    if (child.exitCode !== null || child.signalCode !== null) return endedAs(child);
    return ended(child, timeoutMs);
  }

  /** Stops the bot the way a host would (SIGTERM, or Ctrl-C's SIGINT) and waits for it to exit: as `exited`, after 10 s at most. */
  async stop(signal: 'SIGTERM' | 'SIGINT' = 'SIGTERM'): Promise<number | string | null> {
    const child = this.child;
    if (!child) return null;
    if (child.exitCode !== null || child.signalCode !== null) return endedAs(child);
    this.child = null;
    // A frozen host would keep the signal pending until continued.
    if (this.group !== null) thaw(this.group, { group: true });
    child.kill(signal);
    return ended(child, 10_000);
  }

  /**
   * Freeze the whole host as a stalled VM would (SIGSTOP to its process group: the bot and its
   * shard processes); resolves once they are stopped. See ./freeze.ts for how it is undone.
   */
  async freeze(): Promise<void> {
    if (this.group === null) throw new Error('the bot was not started');
    await freeze(this.group, { group: true });
  }

  /** Wake a frozen host (SIGCONT to its process group). */
  thaw(): void {
    if (this.group !== null) thaw(this.group, { group: true });
  }

  /** The lines that are not JSON log lines: what the bot prints for a person (a refusal to start). */
  plainLines(): string[] {
    return this.output.filter((line) => !line.startsWith('{'));
  }

  /** Parsed JSON log lines. */
  logs(): Record<string, unknown>[] {
    return this.output.flatMap((line) => {
      try {
        return [JSON.parse(line) as Record<string, unknown>];
      } catch {
        return [];
      }
    });
  }
}

/** How a child process that has ended ended: its exit code, or the signal that killed it. */
function endedAs(child: ChildProcess): number | string {
  return child.exitCode ?? `killed by ${child.signalCode}`;
}

/** The exit code of a child process, or how it was ended; SIGKILL after `timeoutMs` if it has not ended by then. */
async function ended(child: ChildProcess, timeoutMs: number): Promise<number | string> {
  let forced = false;
  const timer = setTimeout(() => {
    forced = true;
    child.kill('SIGKILL');
  }, timeoutMs);
  const [code, signal] = (await once(child, 'close')) as [number | null, NodeJS.Signals | null];
  clearTimeout(timer);
  return code ?? `killed by ${signal ?? 'an unknown signal'}${forced ? ` after ${timeoutMs} ms` : ''}`;
}

/** The processes of a process group, read from /proc (Linux). */
export function processesInGroup(group: number): { pid: number; command: string }[] {
  const found: { pid: number; command: string }[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // "pid (command) state ppid pgrp ...": the command may hold spaces and parentheses.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) !== group || fields[0] === 'Z') continue;
      found.push({ pid: Number(name), command: readFileSync(`/proc/${name}/cmdline`, 'utf8').replaceAll('\0', ' ').trim() });
    } catch {
      // The process ended while the folder was read.
    }
  }
  return found;
}
