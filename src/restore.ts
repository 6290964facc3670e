/**
 * `npm run restore -- FILE`: puts a backup back in the place of the bot's database. The backup
 * is checked first (a whole SQLite database of this bot), the bot must not be running, and the
 * database it replaces is moved aside (with its -wal and -shm files), never deleted.
 */
import { existsSync, renameSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { ConfigError, loadRestoreConfig, type RestoreConfig } from './config.js';
import { newestBackup } from './db/backup.js';
import { errorLine, firstProblem } from './db/connection.js';
import { DatabaseLock } from './db/lock.js';
import { clearRunning, describeBot, recordedBotOn } from './db/run-marker.js';
import { fileTime } from './db/backup-names.js';
import { isNewer, knownSchema, newerSchemaText, schemaOf } from './db/schema-version.js';
import { createPrivateFile } from './db/private-files.js';
import { describePostgres } from './database-url.js';

export interface RestoreOutcome {
  ok: boolean;
  /** What was done, or why not, in a sentence or two. */
  message: string;
}

const SIDE_FILES = ['', '-wal', '-shm'];

/** Restores `file` as the database of `config`; `now` names the set-aside files. */
export async function restoreBackup(file: string, config: RestoreConfig, now = Date.now()): Promise<RestoreOutcome> {
  const onPostgres = refusedOnPostgres(config);
  if (onPostgres) return onPostgres;
  const target = config.DATABASE_PATH;
  if (resolve(file) === resolve(target)) return refused(`${file} is the bot's database itself; name a backup instead (they are in ${config.BACKUP_DIR}).`);

  // Held until the file is in place: a bot started meanwhile waits for nothing and refuses.
  const lock = DatabaseLock.tryAcquire(target);
  if (!lock) return refused(`The bot is running on ${target} (${describeBot(recordedBotOn(target))}); stop it first, then run npm run restore again.`);
  try {
    return await restoreLocked(file, config, now);
  } finally {
    lock.release();
  }
}

async function restoreLocked(file: string, config: RestoreConfig, now: number): Promise<RestoreOutcome> {
  const target = config.DATABASE_PATH;
  let source: Database.Database;
  try {
    source = openBackup(file);
  } catch (error) {
    return refused(`${file} cannot be restored: ${(error as Error).message}.`);
  }
  const temp = `${target}.restoring`;
  try {
    const games = (source.prepare('SELECT count(*) AS n FROM games').get() as { n: number }).n;
    // The copy is made beside the database and renamed into place, so a failed copy leaves the
    // database as it was. SQLite's backup also takes in a -wal file that may lie beside the file.
    // It is made in a private empty file, so the database put back is private too.
    rmSync(temp, { force: true });
    createPrivateFile(temp);
    await source.backup(temp);
    const copy = new Database(temp);
    try {
      // The marker of the bot that ran when the backup was made says nothing about this one.
      if (copy.prepare(`SELECT 1 FROM sqlite_master WHERE name = 'bot_state'`).get()) clearRunning(drizzle(copy));
    } finally {
      copy.close();
    }
    const aside = moveAside(target, now);
    try {
      renameSync(temp, target);
    } catch (error) {
      if (aside) for (const suffix of SIDE_FILES) if (existsSync(`${aside}${suffix}`)) renameSync(`${aside}${suffix}`, `${target}${suffix}`);
      throw error;
    }
    const what = `Restored ${file} (${games} ${games === 1 ? 'game' : 'games'}) as ${target}`;
    return { ok: true, message: `${what}${aside ? `; the database it replaces was kept as ${aside}` : ''}. Start the bot to use it.` };
  } catch (error) {
    rmSync(temp, { force: true });
    return refused(`Restoring ${file} failed (${errorLine(error)}); ${target} was left as it was.`);
  } finally {
    source.close();
  }
}

/** Opens a backup read-only and checks that it is a whole database of this bot. */
function openBackup(file: string): Database.Database {
  if (!existsSync(file)) throw new Error('there is no such file');
  let db: Database.Database | null = null;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    const check = db.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw new Error(`it is damaged (the integrity check says: ${firstProblem(check)})`);
    const games = db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'games'`).get();
    if (!games) throw new Error('it is a SQLite database, but not one of this bot (it has no games table)');
    const found = schemaOf(db);
    const known = knownSchema();
    if (isNewer(found, known)) throw new Error(`it ${newerSchemaText(found, known)}`);
    return db;
  } catch (error) {
    db?.close();
    const code = (error as { code?: unknown }).code;
    if (code === 'SQLITE_NOTADB') throw new Error('it is not a SQLite database', { cause: error });
    if (typeof code === 'string' && code.startsWith('SQLITE_CORRUPT')) throw new Error(`it is damaged (${code})`, { cause: error });
    if (typeof code === 'string') throw new Error(`it cannot be read (${errorLine(error)})`, { cause: error });
    throw error;
  }
}

/** Renames the database and its -wal/-shm files to `<name>.before-restore-<time>`; returns that name. */
function moveAside(target: string, now: number): string | null {
  const present = SIDE_FILES.filter((suffix) => existsSync(`${target}${suffix}`));
  if (present.length === 0) return null;
  const aside = `${target}.before-restore-${fileTime(now)}`;
  for (const suffix of present) renameSync(`${target}${suffix}`, `${aside}${suffix}`);
  return aside;
}

/** A bot on PostgreSQL (DATABASE_URL) has no backups of ours: the server's own tools restore it. */
function refusedOnPostgres(config: RestoreConfig): RestoreOutcome | null {
  if (!config.DATABASE_URL) return null;
  return refused(
    `The bot's database is PostgreSQL (${describePostgres(config.DATABASE_URL)}), and npm run restore puts back SQLite backups only; restore it with the server's own tools (pg_restore from a pg_dump) or your provider's backups.`,
  );
}

function refused(message: string): RestoreOutcome {
  return { ok: false, message };
}

/** The command itself: one argument, the backup; exit code 0 when restored, 1 otherwise. */
async function main(args: string[]): Promise<number> {
  let config: RestoreConfig;
  try {
    config = loadRestoreConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`Cannot restore: ${error.message}`);
    return 1;
  }
  const onPostgres = refusedOnPostgres(config);
  if (onPostgres) {
    console.error(onPostgres.message);
    return 1;
  }
  if (args.length !== 1 || !args[0]) {
    const newest = newestBackup(config.BACKUP_DIR, config.DATABASE_PATH);
    console.error(`Usage: npm run restore -- FILE (${newest ? `the newest backup is ${newest.path}` : `no backup was found in ${config.BACKUP_DIR}`}).`);
    return 1;
  }
  // npm runs scripts in the project's folder; a relative FILE means where the user typed it.
  const file = resolve(process.env.INIT_CWD ?? process.cwd(), args[0]);
  const outcome = await restoreBackup(file, config);
  (outcome.ok ? console.log : console.error)(outcome.message);
  return outcome.ok ? 0 : 1;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2));
}
