/**
 * Backups of the database while the bot runs. SQLite's online backup (better-sqlite3's `backup`)
 * copies a hundred pages per turn of the event loop, so clicks are answered meanwhile, and it
 * gives a consistent copy even while games are being played. Each backup is written under a
 * temporary name and renamed once complete: a file with a backup's name is always a whole one.
 */
import { readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import type { Logger } from '../logger.js';
import { errorLine } from './connection.js';
import { clearRunning } from './run-marker.js';
import { backupName, prefixOf } from './backup-names.js';
import { createPrivateFile, makePrivateFolder } from './private-files.js';

export { backupName };

const PARTIAL = '.partial';
/** Pages copied per turn of the event loop (better-sqlite3's default). */
const PAGES_PER_STEP = 100;
/** setTimeout cannot wait longer (about 24.8 days); longer waits are taken in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;
const STAMP = /^(\d{4})-(\d\d)-(\d\d)T(\d\d)-(\d\d)-(\d\d)Z\.sqlite$/;

export interface BackupOptions {
  /** The database file (its name starts the backups' names). */
  databasePath: string;
  dir: string;
  /** 0: no backups. */
  intervalMs: number;
  /** How many backups are kept, at least 1. */
  keep: number;
}

export interface Backup {
  path: string;
  /** When it was made (from its name), ms since the epoch. */
  at: number;
}

/** The complete backups of this database in `dir`, oldest first. */
export function listBackups(dir: string, databasePath: string): Backup[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const prefix = `${prefixOf(databasePath)}-`;
  return names
    .flatMap((name) => {
      const m = name.startsWith(prefix) ? STAMP.exec(name.slice(prefix.length)) : null;
      if (!m) return [];
      const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
      return [{ path: join(dir, name), at: Date.UTC(y, mo - 1, d, h, mi, s) }];
    })
    .sort((a, b) => a.at - b.at);
}

export function newestBackup(dir: string, databasePath: string): Backup | null {
  return listBackups(dir, databasePath).at(-1) ?? null;
}

/**
 * What to tell a user whose database file cannot be used: the problem, then how to put the
 * newest backup back (or that there is none), in one sentence.
 */
export function restoreAdvice(problem: { message: string; fix?: string | null }, dir: string, databasePath: string): string {
  const newest = newestBackup(dir, databasePath);
  const restore = newest ? `put the newest backup back with: npm run restore -- ${newest.path}` : null;
  const none = `there is no backup in ${dir} to put back with npm run restore -- FILE`;
  if (problem.fix) return `${problem.message}; ${problem.fix}${restore ? `, or ${restore}` : ` (${none})`}`;
  return `${problem.message}; ${restore ?? `${none}, so move the file aside to start with an empty database`}`;
}

/**
 * When the next backup is due: an interval after the newest existing one (so restarts neither
 * skip nor multiply backups), at once when there is none. A backup dated in the future (the
 * clock was put back) does not hold backups up for longer than one interval.
 */
export function nextBackupAt(newest: number | null, intervalMs: number, now: number): number {
  if (newest === null) return now;
  return Math.min(newest + intervalMs, now + intervalMs);
}

/**
 * Writes one backup of `sqlite` into `dir` and returns its path. `abort` is asked between steps;
 * when it says so, the backup stops and nothing is left behind.
 */
export async function writeBackup(
  sqlite: Database.Database,
  databasePath: string,
  dir: string,
  at: number,
  abort: () => boolean = () => false,
): Promise<string> {
  makePrivateFolder(dir);
  removePartials(dir, databasePath);
  const path = join(dir, backupName(databasePath, at));
  const temp = `${path}${PARTIAL}`;
  try {
    // SQLite fills the empty private file; its journal takes the file's mode.
    createPrivateFile(temp);
    await sqlite.backup(temp, {
      progress: () => {
        if (abort()) throw new Error('the bot is stopping');
        return PAGES_PER_STEP;
      },
    });
    // A backup stands alone: no -wal file beside it, and no marker of a bot running on it.
    const copy = new Database(temp);
    try {
      copy.pragma('journal_mode = DELETE');
      clearRunning(drizzle(copy));
    } finally {
      copy.close();
    }
    renameSync(temp, path);
    return path;
  } catch (error) {
    for (const suffix of ['', '-journal', '-wal', '-shm']) rmSync(`${temp}${suffix}`, { force: true });
    throw error;
  }
}

/** Deletes all but the newest `keep` backups; returns the deleted paths. */
export function pruneBackups(dir: string, databasePath: string, keep: number): string[] {
  const old = listBackups(dir, databasePath).slice(0, -Math.max(1, keep));
  for (const backup of old) rmSync(backup.path, { force: true });
  return old.map((b) => b.path);
}

/** Half-written backups of a run that stopped in the middle of one. */
function removePartials(dir: string, databasePath: string): void {
  const prefix = `${prefixOf(databasePath)}-`;
  for (const name of readdirSync(dir)) {
    if (name.startsWith(prefix) && name.includes(`.sqlite${PARTIAL}`)) rmSync(join(dir, name), { force: true });
  }
}

export interface Timers {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const realTimers: Timers = {
  set: (fn, ms) => setTimeout(fn, ms).unref(),
  clear: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/**
 * Makes a backup every interval, keeps the newest few. A failed backup is logged in one line and
 * tried again an interval later; it never stops the bot.
 */
export class BackupKeeper {
  private timer: unknown = null;
  private due = 0;
  private current: Promise<unknown> | null = null;
  private stopping = false;

  constructor(
    private readonly sqlite: Database.Database,
    private readonly options: BackupOptions,
    private readonly logger: Logger,
    private readonly now: () => number = Date.now,
    private readonly timers: Timers = realTimers,
  ) {}

  start(): void {
    if (this.options.intervalMs <= 0 || this.stopping) return;
    const newest = newestBackup(this.options.dir, this.options.databasePath);
    this.due = nextBackupAt(newest?.at ?? null, this.options.intervalMs, this.now());
    this.arm();
  }

  /** Stops the schedule; a backup under way is abandoned (its temporary file removed). */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer !== null) this.timers.clear(this.timer);
    this.timer = null;
    await this.current;
  }

  /** Makes one backup now; resolves with its path, or null when it failed (and was logged). */
  async backupNow(): Promise<string | null> {
    const { databasePath, dir, keep } = this.options;
    const started = this.now();
    const run = writeBackup(this.sqlite, databasePath, dir, started, () => this.stopping);
    this.current = run.catch(() => null);
    try {
      const path = await run;
      this.logger.info({ backup: path, ms: this.now() - started }, 'database backed up');
      try {
        pruneBackups(dir, databasePath, keep);
      } catch (error) {
        this.logger.warn({ dir, error: errorLine(error) }, 'could not delete an old backup');
      }
      return path;
    } catch (error) {
      const backup = join(dir, backupName(databasePath, started));
      if (this.stopping) this.logger.info({ backup }, 'backup abandoned: the bot is stopping');
      else this.logger.error({ backup, error: errorLine(error) }, 'database backup failed; trying again at the next interval');
      return null;
    } finally {
      this.current = null;
    }
  }

  private arm(): void {
    if (this.stopping) return;
    const wait = Math.max(0, this.due - this.now());
    this.timer = this.timers.set(() => void this.fire(), Math.min(wait, MAX_TIMER_MS));
  }

  private async fire(): Promise<void> {
    this.timer = null;
    if (this.now() >= this.due) {
      const started = this.now();
      await this.backupNow();
      this.due = started + this.options.intervalMs;
    }
    this.arm();
  }
}
