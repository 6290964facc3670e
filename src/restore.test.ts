import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './db/connection.js';
import { writeBackup } from './db/backup.js';
import { markRunning } from './db/run-marker.js';
import { botState } from './db/schema.js';
import { restoreBackup } from './restore.js';
import { DatabaseLock } from './db/lock.js';
import { knownSchema } from './db/schema-version.js';
import type { RestoreConfig } from './config.js';

const NOW = Date.UTC(2026, 10, 24, 8, 0, 0);
const tempDir = () => mkdtempSync(join(tmpdir(), 'harbour-restore-'));

/** A database of the bot with `n` games; `bot` leaves the record of a bot running on it. */
function botDatabase(path: string, n: number, bot?: { since: number }) {
  const db = openDatabase(path);
  const insert = db.$client.prepare(
    `INSERT INTO games (guild_id, channel_id, host_id, game_id, options, seed, rules_version, created_at, updated_at) VALUES ('g', 'c', 'h', 'cartagena', '{}', ?, 1, 0, 0)`,
  );
  for (let i = 0; i < n; i++) insert.run(`seed-${i}`);
  if (bot) {
    markRunning(db, { pid: 4242, since: bot.since, set: 0 });
    db.insert(botState)
      .values({ key: 'heartbeat', value: bot.since })
      .onConflictDoUpdate({ target: botState.key, set: { value: bot.since } })
      .run();
  }
  return db;
}

function gamesIn(path: string): number {
  // Not read-only: a read-only connection leaves -wal and -shm files behind.
  const db = new Database(path, { fileMustExist: true });
  try {
    return (db.prepare('SELECT count(*) AS n FROM games').get() as { n: number }).n;
  } finally {
    db.close();
  }
}

/** A stopped bot's database with 3 games, and a backup with 12. */
async function setup(bot?: { since: number }) {
  const dir = tempDir();
  const config: RestoreConfig = { DATABASE_PATH: join(dir, 'data', 'games.sqlite'), BACKUP_DIR: join(dir, 'data', 'backups') };
  const source = botDatabase(join(dir, 'source.sqlite'), 12, { since: NOW - 5000 });
  const backup = await writeBackup(source.$client, config.DATABASE_PATH, config.BACKUP_DIR, NOW - 3_600_000);
  source.$client.close();
  botDatabase(config.DATABASE_PATH, 3, bot).$client.close();
  return { dir, config, backup };
}

describe('npm run restore', () => {
  it('puts a backup in place and keeps the database it replaces', async () => {
    const { config, backup } = await setup();
    const outcome = await restoreBackup(backup, config, NOW);
    const aside = `${config.DATABASE_PATH}.before-restore-2026-11-24T08-00-00Z`;
    expect(outcome).toEqual({
      ok: true,
      message: `Restored ${backup} (12 games) as ${config.DATABASE_PATH}; the database it replaces was kept as ${aside}. Start the bot to use it.`,
    });
    // Nothing of the old database is left beside the restored one (its -wal and -shm went with it).
    expect(
      readdirSync(join(config.DATABASE_PATH, '..'))
        .filter((name) => !name.includes('before-restore'))
        .sort(),
    ).toEqual(['backups', 'games.sqlite', 'games.sqlite.lock']);
    expect(gamesIn(config.DATABASE_PATH)).toBe(12);
    expect(gamesIn(aside)).toBe(3);
    // The bot starts on it as on its own file.
    const db = openDatabase(config.DATABASE_PATH);
    expect(
      db
        .select()
        .from(botState)
        .all()
        .map((r) => r.key),
    ).toEqual(['heartbeat']);
    db.$client.close();
  });

  it('restores where there is no database yet', async () => {
    const { config, backup } = await setup();
    const fresh = { ...config, DATABASE_PATH: join(tempDir(), 'new', 'games.sqlite') };
    const outcome = await restoreBackup(backup, fresh, NOW);
    expect(outcome).toEqual({ ok: true, message: `Restored ${backup} (12 games) as ${fresh.DATABASE_PATH}. Start the bot to use it.` });
    expect(gamesIn(fresh.DATABASE_PATH)).toBe(12);
  });

  it('refuses a file that is not a backup of this bot, and leaves the database alone', async () => {
    const { dir, config } = await setup();
    const garbage = join(dir, 'notes.sqlite');
    writeFileSync(garbage, 'not a database '.repeat(500));
    const foreign = join(dir, 'foreign.sqlite');
    const other = new Database(foreign);
    other.exec('CREATE TABLE recipes (name TEXT)');
    other.close();
    const cases: [string, string][] = [
      [garbage, 'it is not a SQLite database'],
      [foreign, 'it is a SQLite database, but not one of this bot (it has no games table)'],
      [join(dir, 'missing.sqlite'), 'there is no such file'],
    ];
    for (const [file, reason] of cases)
      expect(await restoreBackup(file, config, NOW)).toEqual({ ok: false, message: `${file} cannot be restored: ${reason}.` });
    expect((await restoreBackup(config.DATABASE_PATH, config, NOW)).message).toMatch(/is the bot's database itself/);
    expect(gamesIn(config.DATABASE_PATH)).toBe(3);
    expect(readdirSync(join(config.DATABASE_PATH, '..')).sort()).toEqual(['backups', 'games.sqlite', 'games.sqlite.lock']);
  });

  it('refuses a damaged backup', async () => {
    const { config, backup } = await setup();
    const bytes = new Database(backup).serialize();
    bytes.fill(0xa5, 4096 * 2, 4096 * 3); // one page scribbled over
    writeFileSync(backup, bytes);
    const outcome = await restoreBackup(backup, config, NOW);
    expect(outcome.ok).toBe(false);
    expect(outcome.message).toMatch(/cannot be restored: it is damaged/);
    expect(outcome.message).not.toMatch(/\n/);
    expect(gamesIn(config.DATABASE_PATH)).toBe(3);
  });

  it('refuses a bot on PostgreSQL in one sentence, pointing to the backups of its server, and touches no file', async () => {
    const { config, backup } = await setup();
    const onPostgres = { ...config, DATABASE_URL: 'postgres://harbour:Secret-Pw-9@db.example.org:5432/tabletop' };
    const expected =
      "The bot's database is PostgreSQL (harbour@db.example.org:5432/tabletop), and npm run restore puts back SQLite backups only; restore it with the server's own tools (pg_restore from a pg_dump) or your provider's backups.";
    expect(await restoreBackup(backup, onPostgres, NOW)).toEqual({ ok: false, message: expected });
    expect(gamesIn(config.DATABASE_PATH)).toBe(3);
    // The command says so before anything else, also when no backup is named.
    for (const args of [[backup], []]) {
      const run = spawnSync(process.execPath, ['--import', import.meta.resolve('tsx'), fileURLToPath(new URL('./restore.ts', import.meta.url)), ...args], {
        cwd: tempDir(),
        env: { PATH: process.env.PATH, DATABASE_URL: onPostgres.DATABASE_URL, DATABASE_PATH: config.DATABASE_PATH },
        encoding: 'utf8',
      });
      expect([run.status, run.stderr.trim(), run.stdout]).toEqual([1, expected, '']);
    }
    expect(gamesIn(config.DATABASE_PATH)).toBe(3);
  });

  it('refuses while a bot holds the database, naming it', async () => {
    const { config, backup } = await setup({ since: NOW - 60_000 });
    const bot = DatabaseLock.tryAcquire(config.DATABASE_PATH);
    const outcome = await restoreBackup(backup, config, NOW);
    expect(outcome).toEqual({
      ok: false,
      message: `The bot is running on ${config.DATABASE_PATH} (process 4242, running since 2026-11-24 07:59 UTC); stop it first, then run npm run restore again.`,
    });
    expect(gamesIn(config.DATABASE_PATH)).toBe(3);
    bot?.release();
  });

  it('goes ahead at once when the record was left by a bot that crashed (nobody holds the lock)', async () => {
    const { config, backup } = await setup({ since: NOW - 5000 });
    expect((await restoreBackup(backup, config, NOW)).ok).toBe(true);
    expect(gamesIn(config.DATABASE_PATH)).toBe(12);
  });

  it('holds the lock while it restores, and lets it go afterwards', async () => {
    const { config, backup } = await setup();
    const restoring = restoreBackup(backup, config, NOW);
    expect(DatabaseLock.tryAcquire(config.DATABASE_PATH)).toBeNull();
    expect((await restoring).ok).toBe(true);
    const after = DatabaseLock.tryAcquire(config.DATABASE_PATH);
    expect(after).not.toBeNull();
    after?.release();
  });

  it('refuses a backup made by a newer version of the bot, naming both schemas', async () => {
    const { config, backup } = await setup();
    const newer = new Database(backup);
    newer.prepare('INSERT INTO __drizzle_migrations (hash, created_at) VALUES (?, ?)').run('from the future', Date.UTC(2030, 0, 1));
    newer.close();
    const outcome = await restoreBackup(backup, config, NOW);
    const known = knownSchema().version;
    expect(outcome).toEqual({
      ok: false,
      message: `${backup} cannot be restored: it was made by a newer version of the bot (database schema ${known + 1}; this version knows schema ${known} at most).`,
    });
    expect(gamesIn(config.DATABASE_PATH)).toBe(3);
  });

  it('goes ahead when the current database cannot be read at all (no bot can run on it)', async () => {
    const { config, backup } = await setup();
    writeFileSync(config.DATABASE_PATH, 'scribbles '.repeat(1000));
    for (const suffix of ['-wal', '-shm']) writeFileSync(`${config.DATABASE_PATH}${suffix}`, 'more scribbles');
    const outcome = await restoreBackup(backup, config, NOW);
    expect(outcome.ok).toBe(true);
    // Moved aside as they were, all three.
    const aside = 'games.sqlite.before-restore-2026-11-24T08-00-00Z';
    expect(readdirSync(join(config.DATABASE_PATH, '..')).sort()).toEqual([
      'backups',
      'games.sqlite',
      aside,
      `${aside}-shm`,
      `${aside}-wal`,
      'games.sqlite.lock',
    ]);
    expect(gamesIn(config.DATABASE_PATH)).toBe(12);
  });
});
