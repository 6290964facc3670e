import { chmodSync, mkdirSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../logger.js';
import { restoreBackup } from '../restore.js';
import { olderDatabaseWithGames } from '../../tests/support/older-database.js';
import { writeBackup } from './backup.js';
import { claimDatabase } from './claim.js';
import { openDatabase } from './connection.js';
import { DatabaseLock } from './lock.js';
import { knownSchema } from './schema-version.js';

/** A file's or folder's permission bits, setgid included, as `ls -l` shows them in octal. */
const modeOf = (path: string) => (statSync(path).mode & 0o7777).toString(8);
/** Every file and folder under `dir` with its mode, by path relative to `dir`. */
function modesUnder(dir: string, prefix = ''): Record<string, string> {
  const found: Record<string, string> = {};
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    found[`${prefix}${name}`] = modeOf(path);
    if (statSync(path).isDirectory()) Object.assign(found, modesUnder(path, `${prefix}${name}/`));
  }
  return found;
}

const tempDir = () => mkdtempSync(join(tmpdir(), 'harbour-modes-'));
const quiet = () => createLogger('silent');
let umask: number;

// The most permissive umask: whatever the bot creates must be private by its own doing.
beforeEach(() => {
  umask = process.umask(0);
});
afterEach(() => {
  process.umask(umask);
});

describe("the database's files", () => {
  it('are made 0600 in 0700 folders under a permissive umask: the database, -wal, -shm, lock, backups, the copy before an upgrade', async () => {
    const dir = tempDir();
    const path = join(dir, 'data', 'games.sqlite');
    const backups = join(dir, 'data', 'backups');
    // As the bot starts: the lock, then the file opened (and upgraded: a copy first), then a backup.
    olderDatabaseWithGames(join(dir, 'old', 'games.sqlite'), knownSchema().version - 1, 2);
    const claim = claimDatabase({ path, backupDir: backups, logger: quiet(), set: 0 });
    claim.db.$client.exec(
      "INSERT INTO games (guild_id, channel_id, host_id, game_id, options, seed, rules_version, created_at, updated_at) VALUES ('g', 'c', 'h', 'cartagena', '{}', 's', 1, 0, 0)",
    );
    await writeBackup(claim.db.$client, path, backups, Date.UTC(2026, 10, 28, 12));
    const upgraded = openDatabase(join(dir, 'old', 'games.sqlite'), { upgradeBackupDir: backups });
    upgraded.$client.close();
    const modes = modesUnder(join(dir, 'data'));
    claim.db.$client.close();
    claim.release();
    const upgradeCopy = Object.keys(modes).find((name) => name.includes('before-upgrade'));
    expect(upgradeCopy).toBeDefined();
    expect(modes).toEqual({
      'games.sqlite': '600',
      'games.sqlite-wal': '600',
      'games.sqlite-shm': '600',
      'games.sqlite.lock': '600',
      // SQLite's, while the lock is held.
      'games.sqlite.lock-journal': '600',
      backups: '700',
      'backups/games-2026-11-28T12-00-00Z.sqlite': '600',
      [upgradeCopy as string]: '600',
    });
    expect(modeOf(join(dir, 'data'))).toBe('700');
  });

  it('are made private by a restore too: the database put back, its folder and the lock', async () => {
    const dir = tempDir();
    const backup = join(dir, 'saved', 'games-2026-11-28T12-00-00Z.sqlite');
    olderDatabaseWithGames(backup, knownSchema().version, 3);
    const config = { DATABASE_PATH: join(dir, 'data', 'games.sqlite'), BACKUP_DIR: join(dir, 'data', 'backups') };
    expect((await restoreBackup(backup, config)).ok).toBe(true);
    expect(modesUnder(join(dir, 'data'))).toEqual({ 'games.sqlite': '600', 'games.sqlite.lock': '600' });
    expect(modeOf(join(dir, 'data'))).toBe('700');
  });

  it('left open by an older version are made private when the bot starts, and it says so', () => {
    const dir = tempDir();
    const path = join(dir, 'games.sqlite');
    const backups = join(dir, 'backups');
    openDatabase(path).$client.close();
    DatabaseLock.tryAcquire(path)?.release();
    mkdirSync(backups);
    writeFileSync(join(backups, 'games-2026-11-27T12-00-00Z.sqlite'), '');
    writeFileSync(join(dir, 'games.sqlite.before-restore-2026-11-27T12-00-00Z'), '');
    writeFileSync(join(dir, 'notes.txt'), '');
    for (const name of readdirSync(dir)) chmodSync(join(dir, name), 0o644);
    chmodSync(backups, 0o755);
    chmodSync(join(backups, 'games-2026-11-27T12-00-00Z.sqlite'), 0o644);
    chmodSync(dir, 0o755);
    const lines: string[] = [];
    const claim = claimDatabase({ path, backupDir: backups, logger: createLogger('info', { write: (line: string) => void lines.push(line) }), set: 0 });
    claim.db.$client.close();
    claim.release();
    expect(modesUnder(dir)).toEqual({
      'games.sqlite': '600',
      'games.sqlite.lock': '600',
      'games.sqlite.before-restore-2026-11-27T12-00-00Z': '600',
      backups: '700',
      'backups/games-2026-11-27T12-00-00Z.sqlite': '600',
      // Not the bot's: left as they were, and so is the folder the database is in.
      'notes.txt': '644',
    });
    expect(modeOf(dir)).toBe('755');
    const said = lines
      .map((line) => JSON.parse(line) as { msg: string; files?: string[] })
      .find((line) => line.msg === 'database files made readable by the bot alone');
    expect(said?.files).toHaveLength(5);
  });

  it('are shared read-only with the group of a backups folder the operator made setgid and open to it (2750), and stay so', async () => {
    const dir = tempDir();
    const path = join(dir, 'games.sqlite');
    const backups = join(dir, 'backups');
    mkdirSync(backups);
    chmodSync(backups, 0o2750);
    const claim = claimDatabase({ path, backupDir: backups, logger: quiet(), set: 0 });
    const made = await writeBackup(claim.db.$client, path, backups, Date.UTC(2026, 10, 28, 12));
    claim.db.$client.close();
    claim.release();
    expect([modeOf(made), modeOf(path)]).toEqual(['640', '600']);
    // A second start keeps what the operator chose, and still shares nothing with others.
    chmodSync(made, 0o644);
    const again = claimDatabase({ path, backupDir: backups, logger: quiet(), set: 0 });
    again.db.$client.close();
    again.release();
    expect([modeOf(backups), modeOf(made)]).toEqual(['2750', '640']);
  });
});
