import { mkdirSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { RUNTIME_ENV } from '../../src/runtime-env.js';
import { listBackups } from '../../src/db/backup.js';
import { describeBot, recordedBotOn } from '../../src/db/run-marker.js';
import { openDatabase } from '../../src/db/connection.js';
import { knownSchema } from '../../src/db/schema-version.js';
import { BotProcess, tempDatabasePath } from './bot-process.js';
import { npmScript, runToEnd } from './npm-script.js';
import { BUILT_BOT } from './global-setup.js';
import { useHarness } from './harness.js';
import type { StoredMessage } from './server/index.js';
import { inDatabase } from './database-access.js';

/** Starts the built bot on a database with a Discord it cannot reach: for starts that stop before they connect. */
function startWithoutDiscord(databasePath: string, backupDir: string) {
  return runToEnd(process.execPath, [BUILT_BOT], {
    ...RUNTIME_ENV,
    DISCORD_TOKEN: 'e2e-token.database.secret-part',
    DISCORD_API_BASE: 'http://127.0.0.1:9/api',
    DATABASE_PATH: databasePath,
    BACKUP_DIR: backupDir,
    LOG_LEVEL: 'info',
  });
}

/** The messages of the JSON log lines a bot printed, in order. */
const loggedMessages = (stdout: string): string[] =>
  stdout
    .trim()
    .split('\n')
    .map((line) => (JSON.parse(line) as { msg: string }).msg);

/** `npm run restore -- FILE`. */
const restore = (file: string, env: Record<string, string>) => npmScript('restore', [file], env);

/** The games in a database file (read the way the tests read the bot's file: a plain connection). */
function gameIds(path: string): number[] {
  return inDatabase(
    path,
    (db) => {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      return (db.prepare('SELECT id FROM games ORDER BY id').all() as { id: number }[]).map((g) => g.id);
    },
    { fileMustExist: true },
  );
}

describe('a database file the bot cannot use', () => {
  it('stops the bot with one line naming the file and the backup to put back, without a stack trace', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'harbour-e2e-broken-'));
    const databasePath = join(dir, 'games.sqlite');
    writeFileSync(databasePath, 'This is a shopping list, not a database.\n'.repeat(100));
    const backupDir = join(dir, 'backups');
    mkdirSync(backupDir);
    for (const name of ['games-2026-11-22T03-00-00Z.sqlite', 'games-2026-11-23T03-00-00Z.sqlite']) writeFileSync(join(backupDir, name), '');

    const { code, stdout, stderr } = await startWithoutDiscord(databasePath, backupDir);
    expect(code).toBe(1);
    // The start line (version and settings) and the note that the files, written open to others
    // here, are the bot's alone now; the reason is one sentence on stderr.
    expect(loggedMessages(stdout)).toEqual(['starting', 'database files made readable by the bot alone']);
    expect(stderr.trimEnd().split('\n')).toEqual([
      `Cannot start: the database file ${databasePath} is not a SQLite database (SQLITE_NOTADB); put the newest backup back with: npm run restore -- ${join(backupDir, 'games-2026-11-23T03-00-00Z.sqlite')}`,
    ]);
  });
});

/** The mode of every file and folder in `dir` (and `dir` itself as '.'), in octal. */
function modesIn(dir: string): Record<string, string> {
  const mode = (path: string) => (statSync(path).mode & 0o7777).toString(8);
  return Object.fromEntries([
    ['.', mode(dir)],
    ...readdirSync(dir).map((name): [string, string] => [name.replace(/\d{4}-\d\d-\d\dT[\d-]+Z/, 'TIME'), mode(join(dir, name))]),
  ]);
}

describe('backups and restoring one', () => {
  let restarted: BotProcess | undefined;
  // The usual umask, under which SQLite made every file readable by everyone: the bot and the restore inherit it.
  const umask = process.umask(0o022);
  const backupDir = join(mkdtempSync(join(tmpdir(), 'harbour-e2e-backups-')), 'backups');
  // A backup about every second; enough are kept that the one chosen below stays.
  const env = { BACKUP_INTERVAL_HOURS: '0.0003', BACKUP_DIR: backupDir, BACKUP_KEEP: '100', SCHEDULER_INTERVAL_MS: '200' };
  const harness = useHarness('database', ['anne', 'marc'], { env, afterStop: () => void process.umask(umask) });
  // Registered after the harness, so run before it stops (vitest runs after-hooks last-registered first).
  afterAll(async () => {
    await restarted?.stop();
  });

  it('the running bot writes backups; restore refuses while it runs, then puts one back and the bot starts on it', async () => {
    const {
      discord,
      databasePath,
      users: [anne, marc],
    } = harness;

    // Game 1 is opened, then a backup with it appears; game 2 is opened after that backup.
    const first = (await anne.slash('game', { subcommand: 'new', options: { game: 'shanghaien' } })).message as StoredMessage;
    const backup = await discord.waitFor(
      () => {
        const newest = listBackups(backupDir, databasePath).at(-1);
        return newest && gameIds(newest.path).length === 1 ? newest.path : null;
      },
      { what: 'a backup with the first game', timeoutMs: 30_000 },
    );
    expect(gameIds(backup)).toEqual([1]);
    const second = (await marc.slash('game', { subcommand: 'new', options: { game: 'shanghaien' } })).message as StoredMessage;
    expect(second.id).not.toBe(first.id);
    expect(harness.bot.logs().some((line) => line.msg === 'database backed up')).toBe(true);
    // Every file of the running bot is its user's alone: the database, its side files, the lock, the backups.
    const files = modesIn(dirname(databasePath));
    expect(Object.entries(files).filter(([name]) => name.startsWith('games.sqlite'))).toEqual(
      Object.keys(files)
        .filter((name) => name.startsWith('games.sqlite'))
        .map((name) => [name, '600']),
    );
    expect(Object.keys(files)).toEqual(expect.arrayContaining(['games.sqlite', 'games.sqlite-wal', 'games.sqlite-shm', 'games.sqlite.lock']));
    expect(new Set(Object.entries(modesIn(backupDir)).map(([name, mode]) => (name === '.' ? `folder ${mode}` : mode)))).toEqual(new Set(['folder 700', '600']));

    const restoreEnv = { DATABASE_PATH: databasePath, BACKUP_DIR: backupDir, SCHEDULER_INTERVAL_MS: '200' };
    const refused = await restore(backup, restoreEnv);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toEqual([]);
    expect(recordedBotOn(databasePath)?.pid).toBe(harness.bot.pid);
    expect(refused.stderr).toEqual([
      `The bot is running on ${databasePath} (${describeBot(recordedBotOn(databasePath))}); stop it first, then run npm run restore again.`,
    ]);
    expect(gameIds(databasePath)).toEqual([1, 2]);

    expect(await harness.bot.stop(), harness.bot.output.slice(-20).join('\n')).toBe(0);
    const done = await restore(backup, restoreEnv);
    expect(done.stderr).toEqual([]);
    expect(done.code).toBe(0);
    expect(done.stdout).toHaveLength(1);
    expect(done.stdout[0]).toMatch(
      new RegExp(
        `^Restored ${backup} \\(1 game\\) as ${databasePath}; the database it replaces was kept as ${databasePath}\\.before-restore-[0-9T-]+Z\\. Start the bot to use it\\.$`,
      ),
    );
    const aside = /kept as (\S+?)\. Start/.exec(done.stdout[0] ?? '')?.[1] as string;
    expect(gameIds(aside)).toEqual([1, 2]);
    expect(gameIds(databasePath)).toEqual([1]);
    expect([statSync(databasePath).mode & 0o777, statSync(aside).mode & 0o777]).toEqual([0o600, 0o600]);

    // The bot starts on the restored file: the first lobby is there, the second is not.
    const identified = discord.botStatus.identifyCount;
    restarted = new BotProcess({ ...discord.botEnv(), DISCORD_DEV_GUILD_ID: discord.guild.id, DATABASE_PATH: databasePath, ...env });
    restarted.start();
    await discord.waitForBotReady({ afterIdentifyCount: identified });
    const joined = await marc.click(first, { label: 'Join' });
    expect(joined.message?.content ?? joined.content).toContain(`<@${marc.id}>`);
    const gone = await anne.click(second, { label: 'Join' });
    expect(gone.content).toMatch(/I cannot find that game/);
    expect(await restarted.stop()).toBe(0);
  });
});

describe('one bot per database file', () => {
  const harness = useHarness('one-bot', ['anne']);
  const others: BotProcess[] = [];
  // Registered after the harness, so run before it stops (vitest runs after-hooks last-registered first).
  afterAll(async () => {
    for (const bot of others) await bot.stop();
  });

  it('a second bot on the same file refuses in one sentence; a bot that was killed holds nothing up', async () => {
    const { discord, databasePath, bot } = harness;
    const env = { ...discord.botEnv(), DISCORD_DEV_GUILD_ID: discord.guild.id, DATABASE_PATH: databasePath };
    const identified = discord.botStatus.identifyCount;

    const second = new BotProcess(env);
    others.push(second);
    second.start();
    expect(await second.exited(30_000)).toBe(1);
    expect(second.logs().map((line) => line.msg)).toEqual(['starting']);
    expect(second.plainLines()).toEqual([
      `Cannot start: another bot is running on the database ${databasePath} (${describeBot(recordedBotOn(databasePath))}): stop it first, or give this one another DATABASE_PATH. ` +
        'To run several processes for one bot, set SHARD_COUNT: its shards share the file.',
    ]);
    expect(recordedBotOn(databasePath)?.pid).toBe(bot.pid);
    // It never connected, and the first bot still answers alone.
    expect(discord.botStatus.identifyCount).toBe(identified);
    const [anne] = harness.users;
    const opened = await anne.slash('game', { subcommand: 'new', options: { game: 'shanghaien' } });
    expect(opened.ephemeral).toBe(false);
    discord.assertInteractionsHealthy();

    // Killed outright, the bot leaves no lock: restore goes ahead at once, and so does the next start.
    process.kill(bot.pid as number, 'SIGKILL');
    expect(await bot.exited(10_000)).toBe('killed by SIGKILL');
    const missing = await restore(join(tmpdir(), 'no-such-backup.sqlite'), { DATABASE_PATH: databasePath });
    expect(missing.stderr).toEqual([`${join(tmpdir(), 'no-such-backup.sqlite')} cannot be restored: there is no such file.`]);
    const third = new BotProcess(env);
    others.push(third);
    third.start();
    await discord.waitForBotReady({ afterIdentifyCount: identified });
    expect(recordedBotOn(databasePath)?.pid).toBe(third.pid);
    expect(await third.stop()).toBe(0);
    // A clean stop clears the record too.
    expect(recordedBotOn(databasePath)).toBeNull();
  });

  it('a database from a newer version of the bot stops it with one sentence, and holds nothing up afterwards', async () => {
    const databasePath = tempDatabasePath();
    const backupDir = join(databasePath, '..', 'backups');
    const db = openDatabase(databasePath);
    db.$client.prepare('INSERT INTO __drizzle_migrations (hash, created_at) VALUES (?, ?)').run('from a newer version', Date.UTC(2030, 0, 1));
    db.$client.close();
    const { code, stdout, stderr } = await startWithoutDiscord(databasePath, backupDir);
    const known = knownSchema().version;
    expect(code).toBe(1);
    // The start line (version and settings) only; the reason is one sentence on stderr.
    expect(loggedMessages(stdout)).toEqual(['starting']);
    expect(stderr.trimEnd().split('\n')).toEqual([
      `Cannot start: the database file ${databasePath} was made by a newer version of the bot (database schema ${known + 1}; this version knows schema ${known} at most); ` +
        `run the newer version of the bot, or put back a backup made by this version with npm run restore -- FILE (the copy made before the upgrade is in ${backupDir}, named games-schema-${known}-before-upgrade-….sqlite)`,
    ]);
    // Nothing of the failed start is in the way of putting an older backup back.
    const older = join(databasePath, '..', 'older.sqlite');
    openDatabase(older).$client.close();
    const restored = await restore(older, { DATABASE_PATH: databasePath, BACKUP_DIR: backupDir });
    expect(restored.stderr).toEqual([]);
    expect(restored.code).toBe(0);
  });
});
