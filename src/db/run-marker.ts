/**
 * Whether a bot is running on a database file, so that `npm run restore` never replaces the file
 * under a running bot. The bot sets a marker at start (its process id, and when it started) and
 * clears it when it stops cleanly; the scheduler's heartbeat says when it was last alive. A marker
 * left by a crash stops counting once the bot has not been seen for a while.
 */
import { inArray } from 'drizzle-orm';
import type { BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { botState } from './schema.js';

const RUNNING = 'running';
const STARTED = 'running-since';
/** Written by the scheduler on every tick (SettingsStore.heartbeat): wall-clock ms. */
const HEARTBEAT = 'heartbeat';

/** Any drizzle handle on the bot's database, with or without the schema attached. */
type AnyDb = BetterSQLite3Database<any>;

export function markRunning(db: AnyDb, pid = process.pid, now = Date.now()): void {
  db.transaction((tx) => {
    for (const [key, value] of [
      [RUNNING, pid],
      [STARTED, now],
    ] as const) {
      tx.insert(botState).values({ key, value }).onConflictDoUpdate({ target: botState.key, set: { value } }).run();
    }
  });
}

export function clearRunning(db: AnyDb): void {
  db.delete(botState).where(inArray(botState.key, [RUNNING, STARTED])).run();
}

/**
 * How long a bot that left its marker counts as running after it was last seen: a few scheduler
 * ticks, and at least two minutes, so that a slow tick is not taken for a stop.
 */
export function runningGraceMs(schedulerIntervalMs: number): number {
  return Math.max(120_000, 3 * schedulerIntervalMs);
}

export interface RunningBot {
  pid: number;
  /** When it was last known to be alive: its latest heartbeat, or its start. */
  lastSeen: number;
}

/** The bot running on this database, or null when none is (or one crashed long enough ago). */
export function runningBot(db: AnyDb, schedulerIntervalMs: number, now = Date.now()): RunningBot | null {
  const rows = db
    .select()
    .from(botState)
    .where(inArray(botState.key, [RUNNING, STARTED, HEARTBEAT]))
    .all() as { key: string; value: number }[];
  const value = (key: string) => rows.find((row) => row.key === key)?.value ?? null;
  const pid = value(RUNNING);
  if (pid === null) return null;
  const lastSeen = Math.max(value(HEARTBEAT) ?? 0, value(STARTED) ?? 0);
  return now - lastSeen < runningGraceMs(schedulerIntervalMs) ? { pid, lastSeen } : null;
}

