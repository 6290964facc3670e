import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../logger.js';
import { openDatabase, type Db } from './connection.js';
import { BackupKeeper, backupName, listBackups, nextBackupAt, pruneBackups, writeBackup, type Timers } from './backup.js';
import { markRunning } from './run-marker.js';

const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 10, 23, 20, 14, 36);

function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'harbour-backup-'));
}

/** A database file with `n` games in it, as the bot leaves it while running. */
function databaseWithGames(n: number): { db: Db; path: string } {
  const path = join(tempDir(), 'games.sqlite');
  const db = openDatabase(path);
  const insert = db.$client.prepare(
    `INSERT INTO games (guild_id, channel_id, host_id, game_id, options, seed, rules_version, created_at, updated_at) VALUES ('g', 'c', 'h', 'cartagena', '{}', ?, 1, 0, 0)`,
  );
  for (let i = 0; i < n; i++) insert.run(`seed-${i}`);
  markRunning(db, { pid: process.pid, since: T0, set: 0 });
  return { db, path };
}

function gamesIn(path: string): number {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    return (db.prepare('SELECT count(*) AS n FROM games').get() as { n: number }).n;
  } finally {
    db.close();
  }
}

/** A logger whose lines the test can read. */
function capturedLogger() {
  const lines: string[] = [];
  const logger = createLogger('info', { write: (line: string) => void lines.push(line) });
  return { logger, lines };
}

/** Timers moved by hand: the test sees each wait and runs it when it likes. */
function manualTimers() {
  const waits: { fn: () => void; ms: number }[] = [];
  const timers: Timers = { set: (fn, ms) => waits.push({ fn, ms }), clear: () => undefined };
  return { waits, timers };
}

describe('backup names and schedule', () => {
  it('names backups after the database and the time, so that they sort by time', () => {
    expect(backupName('./data/games.sqlite', T0)).toBe('games-2026-11-23T20-14-36Z.sqlite');
    const dir = tempDir();
    for (const at of [T0 + 2 * HOUR, T0, T0 + HOUR]) writeFileSync(join(dir, backupName('games.sqlite', at)), '');
    // Neither a half-written backup nor another file counts.
    writeFileSync(join(dir, `${backupName('games.sqlite', T0 + 3 * HOUR)}.partial`), '');
    writeFileSync(join(dir, 'games-notes.sqlite'), '');
    writeFileSync(join(dir, backupName('other.sqlite', T0 + 4 * HOUR)), '');
    expect(listBackups(dir, '/data/games.sqlite').map((b) => b.at)).toEqual([T0, T0 + HOUR, T0 + 2 * HOUR]);
    expect(listBackups(join(dir, 'missing'), 'games.sqlite')).toEqual([]);
  });

  it('is due an interval after the newest backup, at once without one, never later than an interval from now', () => {
    const now = T0;
    expect(nextBackupAt(null, 24 * HOUR, now)).toBe(now);
    expect(nextBackupAt(now - 10 * HOUR, 24 * HOUR, now)).toBe(now + 14 * HOUR);
    expect(nextBackupAt(now - 30 * HOUR, 24 * HOUR, now)).toBeLessThan(now);
    expect(nextBackupAt(now + 100 * HOUR, 24 * HOUR, now)).toBe(now + 24 * HOUR);
  });
});

describe('writing backups', () => {
  it('writes a whole database with the games, standing alone and without the running marker', async () => {
    const { db, path } = databaseWithGames(12);
    const dir = join(tempDir(), 'backups');
    const backup = await writeBackup(db.$client, path, dir, T0);
    expect(backup).toBe(join(dir, 'games-2026-11-23T20-14-36Z.sqlite'));
    expect(readdirSync(dir)).toEqual(['games-2026-11-23T20-14-36Z.sqlite']);
    expect(gamesIn(backup)).toBe(12);
    const copy = new Database(backup, { readonly: true });
    expect(copy.pragma('journal_mode', { simple: true })).toBe('delete');
    expect(copy.prepare(`SELECT key FROM bot_state WHERE key LIKE 'running%'`).all()).toEqual([]);
    copy.close();
    // The bot's own database keeps its marker.
    expect(db.$client.prepare(`SELECT value FROM bot_state WHERE key = 'running'`).get()).toEqual({ value: process.pid });
  });

  it('keeps the newest backups and deletes older ones, and nothing else', async () => {
    const { db, path } = databaseWithGames(3);
    const dir = tempDir();
    writeFileSync(join(dir, 'notes.txt'), 'mine');
    for (let i = 0; i < 4; i++) await writeBackup(db.$client, path, dir, T0 + i * HOUR);
    expect(pruneBackups(dir, path, 2)).toEqual([join(dir, backupName(path, T0)), join(dir, backupName(path, T0 + HOUR))]);
    expect(readdirSync(dir).sort()).toEqual([backupName(path, T0 + 2 * HOUR), backupName(path, T0 + 3 * HOUR), 'notes.txt']);
    expect(pruneBackups(dir, path, 1)).toHaveLength(1);
  });

  it('removes a half-written backup left by an interrupted run', async () => {
    const { db, path } = databaseWithGames(1);
    const dir = tempDir();
    writeFileSync(join(dir, `${backupName(path, T0)}.partial`), 'half');
    await writeBackup(db.$client, path, dir, T0 + HOUR);
    expect(readdirSync(dir)).toEqual([backupName(path, T0 + HOUR)]);
  });
});

describe('the backup keeper', () => {
  const options = (path: string, dir: string) => ({ databasePath: path, dir, intervalMs: 24 * HOUR, keep: 2 });

  it('makes its first backup an interval after the newest existing one, then one every interval, keeping the newest', async () => {
    const { db, path } = databaseWithGames(5);
    const dir = tempDir();
    await writeBackup(db.$client, path, dir, T0 - 10 * HOUR);
    let now = T0;
    const { waits, timers } = manualTimers();
    const { logger, lines } = capturedLogger();
    const keeper = new BackupKeeper(db.$client, options(path, dir), logger, () => now, timers);
    keeper.start();
    expect(waits.map((w) => w.ms)).toEqual([14 * HOUR]);

    // A timer that fires early (a clock change) waits again instead of backing up.
    now = T0 + 13 * HOUR;
    waits.at(-1)?.fn();
    expect(waits.map((w) => w.ms)).toEqual([14 * HOUR, HOUR]);

    for (const at of [T0 + 14 * HOUR, T0 + 38 * HOUR]) {
      now = at;
      const armed = waits.length;
      waits.at(-1)?.fn();
      await expect.poll(() => waits.length).toBe(armed + 1);
      expect(waits.at(-1)?.ms).toBe(24 * HOUR);
    }
    expect(listBackups(dir, path).map((b) => b.at)).toEqual([T0 + 14 * HOUR, T0 + 38 * HOUR]);
    expect(lines.filter((l) => l.includes('database backed up'))).toHaveLength(2);
    await keeper.stop();
  });

  it('starts with a backup when there is none, and does nothing with an interval of 0', () => {
    const { db, path } = databaseWithGames(1);
    const { waits, timers } = manualTimers();
    new BackupKeeper(db.$client, options(path, tempDir()), capturedLogger().logger, () => T0, timers).start();
    expect(waits.map((w) => w.ms)).toEqual([0]);
    const off = manualTimers();
    new BackupKeeper(db.$client, { ...options(path, tempDir()), intervalMs: 0 }, capturedLogger().logger, () => T0, off.timers).start();
    expect(off.waits).toEqual([]);
  });

  it('logs a failed backup in one short line and tries again an interval later', async () => {
    const { db, path } = databaseWithGames(1);
    const blocker = join(tempDir(), 'not-a-folder');
    writeFileSync(blocker, 'a file where the backup folder should be');
    const { waits, timers } = manualTimers();
    const { logger, lines } = capturedLogger();
    const keeper = new BackupKeeper(db.$client, options(path, join(blocker, 'backups')), logger, () => T0, timers);
    keeper.start();
    waits[0]?.fn();
    await expect.poll(() => waits.length).toBe(2);
    expect(waits[1]?.ms).toBe(24 * HOUR);
    const failed = lines.filter((l) => l.includes('backup failed'));
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatch(/not-a-folder\/backups\/games-2026-11-23T20-14-36Z\.sqlite/);
    expect(failed[0]).toMatch(/ENOTDIR|EEXIST/);
    expect(failed[0]).not.toMatch(/\n.|at .*\.ts:\d+/);
    expect(failed[0]!.length).toBeLessThan(600);
  });

  it('abandons a backup under way when the bot stops, leaving no file behind', async () => {
    const { db, path } = databaseWithGames(0);
    // Big enough for several steps of the backup.
    db.$client.exec(`CREATE TABLE filler (b BLOB); INSERT INTO filler VALUES (randomblob(2000000))`);
    const dir = tempDir();
    mkdirSync(dir, { recursive: true });
    const { logger, lines } = capturedLogger();
    const keeper = new BackupKeeper(db.$client, options(path, dir), logger, () => T0, manualTimers().timers);
    const backup = keeper.backupNow();
    await keeper.stop();
    expect(await backup).toBeNull();
    expect(readdirSync(dir)).toEqual([]);
    expect(lines.some((l) => l.includes('backup abandoned'))).toBe(true);
  });
});
