import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { RUNTIME_ENV } from '../../src/runtime-env.js';
import { BUILT_BOT } from './global-setup.js';

const root = resolve(import.meta.dirname, '../..');

/** A fresh database path in a temporary folder. */
export function tempDatabasePath(): string {
  return join(mkdtempSync(join(tmpdir(), 'harbour-e2e-')), 'games.sqlite');
}

/**
 * The real bot, started as its own process exactly as `npm start` does (the build in dist/, made
 * by ./global-setup.ts), with every line it prints kept so that tests can read its logs.
 */
export class BotProcess {
  readonly output: string[] = [];
  private child: ChildProcess | null = null;

  constructor(private readonly env: Record<string, string>) {}

  start(): void {
    const child = spawn(process.execPath, [BUILT_BOT], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'info', ...RUNTIME_ENV, ...this.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => this.output.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    this.child = child;
  }

  /**
   * Waits for the bot to stop by itself: its exit code, or how it was ended when it did not exit
   * ("killed by SIGKILL after 20000 ms", "killed by SIGSEGV"), so that a failing test says why.
   */
  async exited(timeoutMs: number): Promise<number | string> {
    const child = this.child;
    if (!child) throw new Error('the bot was not started');
    if (child.exitCode !== null) return child.exitCode;
    return ended(child, timeoutMs);
  }

  /** Stops the bot the way a host would (SIGTERM) and waits for it to exit: as `exited`, after 10 s at most. */
  async stop(): Promise<number | string | null> {
    const child = this.child;
    if (!child || child.exitCode !== null) return child?.exitCode ?? null;
    this.child = null;
    child.kill('SIGTERM');
    return ended(child, 10_000);
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
