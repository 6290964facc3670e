/**
 * Which set of shards runs on a PostgreSQL database, as ../run-marker.ts records it in a SQLite
 * file: the process that holds the bot's lock (./bot-lock.ts; a bot in one process, or the
 * sharding manager of a set) writes its process id, start and set in bot_state, and a shard
 * checks that the database is its set's before it opens its games. Who holds the lock is the
 * server's to say (pg_stat_activity): this only ties the shards to their manager.
 */
import { inArray } from 'drizzle-orm';
import { RUN_KEYS, type RunningBot } from '../run-marker.js';
import type { PgDb } from './connect.js';
import { botState } from './schema.js';

const KEYS = Object.values(RUN_KEYS);

export async function markRunningSet(db: PgDb, bot: RunningBot): Promise<void> {
  const rows = [
    { key: RUN_KEYS.pid, value: bot.pid },
    { key: RUN_KEYS.since, value: bot.since },
    { key: RUN_KEYS.set, value: bot.set },
  ];
  for (const row of rows) await db.insert(botState).values(row).onConflictDoUpdate({ target: botState.key, set: { value: row.value } });
}

export async function clearRunningSet(db: PgDb): Promise<void> {
  await db.delete(botState).where(inArray(botState.key, KEYS));
}

/** The bot recorded as running on this database, or null. */
export async function recordedRunningSet(db: PgDb): Promise<RunningBot | null> {
  const rows = await db.select().from(botState).where(inArray(botState.key, KEYS));
  const value = (key: string) => rows.find((row) => row.key === key)?.value ?? null;
  const pid = value(RUN_KEYS.pid);
  return pid === null ? null : { pid, since: value(RUN_KEYS.since) ?? 0, set: value(RUN_KEYS.set) ?? 0 };
}
