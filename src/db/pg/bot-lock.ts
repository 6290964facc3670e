/**
 * One bot per PostgreSQL database, as one bot per SQLite file (../lock.ts): the bot holds a
 * session advisory lock on a connection of its own for as long as it runs. The server lets it go
 * when that connection ends, so a bot that dies (SIGKILL, a lost host) frees its database without
 * anyone's help, once the server notices the connection gone (TCP keepalive).
 */
import type pg from 'pg';
import { DatabaseServerError } from './migrate.js';

/** The bot's lock (the two-key form, as MIGRATION_LOCK in ./migrate.ts): "Harb", then what it guards. */
export const BOT_LOCK = [0x48617262, 2] as const;

/**
 * Takes BOT_LOCK on `client`, or throws a DatabaseServerError that says who holds it and what to
 * do. Never waits: a second bot is refused at once.
 */
export async function takeBotLock(client: pg.ClientBase, where: string): Promise<void> {
  const { rows } = await client.query<{ taken: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS taken', [...BOT_LOCK]);
  if (rows[0]?.taken) return;
  const holder = await lockHolder(client);
  throw new DatabaseServerError(where, `is in use by another bot${holder ? ` (${holder})` : ''}`, 'stop that bot first, or give this one a database of its own in DATABASE_URL');
}

/**
 * The session that holds BOT_LOCK, as the server shows it ("tabletop-harbour pid 12 on host-a,
 * connected since 2026-11-28 18:40 UTC"), or null where the server shows nothing (another role's
 * sessions are hidden without pg_read_all_stats).
 */
async function lockHolder(client: pg.ClientBase): Promise<string | null> {
  const { rows } = await client.query<{ name: string | null; since: Date | null }>(
    `SELECT a.application_name AS name, a.backend_start AS since
       FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
      WHERE l.locktype = 'advisory' AND l.granted AND l.classid = $1::bigint::oid AND l.objid = $2::bigint::oid AND l.objsubid = 2
        AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    [...BOT_LOCK],
  );
  const row = rows[0];
  if (!row?.since) return null;
  const since = `connected since ${row.since.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return row.name ? `${row.name}, ${since}` : since;
}

/** The name the bot's connections show in pg_stat_activity, and so in the sentence above (at most 63 bytes). */
export function applicationName(pid: number, host: string): string {
  return `tabletop-harbour pid ${pid} on ${host}`.slice(0, 63);
}
