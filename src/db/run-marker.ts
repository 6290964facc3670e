/**
 * Who runs on a database file: the process that holds its lock (src/db/lock.ts) writes its
 * process id, when it started and, for shards, the number of its set, and clears them when it
 * stops. The lock decides whether a bot runs; this only names it, in the sentence that refuses
 * a second bot or a restore, and tells the shards of one set that the file is theirs.
 */
import { inArray } from 'drizzle-orm';
import type { BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { botState } from './schema.js';

const PID = 'running';
const SINCE = 'running-since';
/** The set of shards started by one sharding manager (0: a bot in one process). */
const SET = 'running-set';
/** The keys of bot_state it writes (PostgreSQL's side writes the same: ./pg/run-set.ts). */
export const RUN_KEYS = { pid: PID, since: SINCE, set: SET } as const;
const KEYS = [PID, SINCE, SET];

/** Any drizzle handle on the bot's database, with or without the schema attached. */
type AnyDb = BetterSQLite3Database<Record<string, unknown>>;

export interface RunningBot {
  pid: number;
  /** When it started, ms since the epoch. */
  since: number;
  /** Its set of shards, 0 for a bot in one process. */
  set: number;
}

export function markRunning(db: AnyDb, bot: RunningBot): void {
  db.transaction((tx) => {
    for (const [key, value] of [
      [PID, bot.pid],
      [SINCE, bot.since],
      [SET, bot.set],
    ] as const) {
      tx.insert(botState).values({ key, value }).onConflictDoUpdate({ target: botState.key, set: { value } }).run();
    }
  });
}

export function clearRunning(db: AnyDb): void {
  db.delete(botState).where(inArray(botState.key, KEYS)).run();
}

/** The bot recorded as running on this database, or null. */
export function recordedBot(db: AnyDb): RunningBot | null {
  const rows = db.select().from(botState).where(inArray(botState.key, KEYS)).all() as { key: string; value: number }[];
  const value = (key: string) => rows.find((row) => row.key === key)?.value ?? null;
  const pid = value(PID);
  return pid === null ? null : { pid, since: value(SINCE) ?? 0, set: value(SET) ?? 0 };
}

/**
 * The bot recorded on the database file at `path`, read without writing anything (a read-write
 * connection would fold a -wal file into the file). Null when nothing can be read: a bot that is
 * still starting has not written itself down yet.
 */
export function recordedBotOn(path: string): RunningBot | null {
  let db: Database.Database | null = null;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
    return recordedBot(drizzle(db));
  } catch {
    return null;
  } finally {
    db?.close();
  }
}

/** "process 4242, running since 2026-11-26 10:52 UTC", or "another process" when it is not known yet. */
export function describeBot(bot: RunningBot | null): string {
  if (!bot) return 'another process (still starting)';
  const since = new Date(bot.since).toISOString().slice(0, 16).replace('T', ' ');
  return `process ${bot.pid}, running since ${since} UTC`;
}
