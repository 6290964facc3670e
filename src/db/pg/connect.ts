/**
 * How the bot opens its PostgreSQL database (DATABASE_URL): the URL checked, the server's version
 * checked, a pool of connections for the store, and the migrations applied (./migrate.ts). Who
 * acts for which shard is the shard leases' (./leases.ts), not a lock on the database: several
 * hosts share it. Whatever stops it is one sentence naming the database without its password:
 * a DatabaseUrlError for a URL it cannot read, else a DatabaseServerError.
 */
import { hostname } from 'node:os';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { checkServerVersion, connectionError, withoutPassword } from './connect-errors.js';
import { DatabaseServerError, migratePostgres, type PgUpgrade } from './migrate.js';
import * as ratingSchema from './rating-schema.js';
import * as mainSchema from './schema.js';
import * as timeOffSchema from './time-off-schema.js';
import { describePostgres, parsePostgresUrl, passwordOf, type PostgresAddress } from '../../database-url.js';

/** Every table of the PostgreSQL schema, for drizzle's relational queries. */
export const pgSchema = { ...mainSchema, ...ratingSchema, ...timeOffSchema };

export type PgDb = NodePgDatabase<typeof pgSchema> & { $client: pg.Pool };

/** How long a connection may take to be made, or to be had from a full pool, before it fails. */
export const CONNECT_TIMEOUT_MS = 10_000;

/** How long a transaction waits for a game's row (FOR UPDATE) before it fails and is tried again. */
export const LOCK_TIMEOUT_MS = 2_000;
/**
 * How long a transaction may sit idle (its process frozen) before the server ends it. Well under a
 * shard's lease (30 s by default): a frozen owner's open transaction holds its lease row FOR SHARE,
 * and the next owner's takeover waits for it, so the lease's end must not be followed by this long
 * a wait. No transaction of the bot waits between its statements for more than moments.
 */
export const IDLE_IN_TRANSACTION_MS = 5_000;

export interface PostgresOptions {
  /** The most connections the pool opens (DATABASE_POOL_SIZE). */
  poolSize: number;
  connectTimeoutMs?: number;
  /** Told when migrations were applied. */
  onUpgrade?: (upgrade: PgUpgrade) => void;
  /**
   * Told when a connection of the pool fails (the server restarted, a network cut). An idle one
   * is dropped and the next query opens another; the query or transaction of one in use fails
   * with the error. Nothing else needs doing.
   */
  onConnectionError?: (error: Error) => void;
  /** The server's server_version_num; read from the server unless given (the tests give an old one). */
  serverVersion?: (client: pg.ClientBase) => Promise<number>;
}

export interface PostgresDatabase {
  db: PgDb;
  pool: pg.Pool;
  /** user@host:port/database, for the start line. */
  where: string;
  /** Ends the pool. */
  close(): Promise<void>;
}

/** Opens, checks, locks and migrates the database at `url`; see the top of this file. */
export async function openPostgres(url: string, options: PostgresOptions): Promise<PostgresDatabase> {
  const address = parsePostgresUrl(url);
  const where = describePostgres(address);
  const timeoutMs = options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS;
  const settings: pg.ClientConfig = {
    connectionString: url,
    connectionTimeoutMillis: timeoutMs,
    keepAlive: true,
    application_name: applicationName(process.pid, hostname()),
    // A game's row locked longer than this fails the waiting transaction (55P03), which is tried
    // again as a busy SQLite file is; a transaction left open by a frozen process is ended, its
    // locks freed, rather than holding its games for ever.
    lock_timeout: LOCK_TIMEOUT_MS,
    idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_MS,
  };
  // One connection of its own checks the server before the pool is made: the first failure
  // (unreachable, login, database, version) is then one sentence, not a pool's retries.
  const first = new pg.Client(settings);
  first.on('error', () => undefined); // a failure is the connect's or the query's, told there
  let pool: pg.Pool | null = null;
  try {
    await first.connect();
    const versionNum = options.serverVersion ? await options.serverVersion(first) : await serverVersionNum(first);
    checkServerVersion(versionNum, address);
    await first.end();
    pool = new pg.Pool({ ...settings, max: options.poolSize });
    // A connection cut while in use (inside a transaction) emits 'error' to whoever holds it,
    // beside failing its query: unheard, that would end the process.
    pool.on('connect', (client) => client.on('error', (error) => options.onConnectionError?.(error)));
    pool.on('error', () => undefined); // an idle connection's: told above
    await migratePostgres(pool, options.onUpgrade);
  } catch (error) {
    await Promise.allSettled([first.end(), pool?.end()]);
    throw safe(connectionError(error, address, timeoutMs), url);
  }
  const opened = pool;
  let closing = false;
  return {
    db: drizzle<typeof pgSchema, pg.Pool>({ client: opened, schema: pgSchema }),
    pool: opened,
    where,
    async close() {
      if (closing) return;
      closing = true;
      await opened.end().catch(() => undefined);
    },
  };
}

/** The name the bot's connections show in pg_stat_activity (at most 63 bytes). */
export function applicationName(pid: number, host: string): string {
  return `tabletop-harbour pid ${pid} on ${host}`.slice(0, 63);
}

export { describePostgres, parsePostgresUrl, type PostgresAddress };

async function serverVersionNum(client: pg.ClientBase): Promise<number> {
  const { rows } = await client.query<{ server_version_num: string }>('SHOW server_version_num');
  return Number(rows[0]?.server_version_num);
}

/** The same error, its sentence cleared of the URL's password should a driver's message have held it. */
function safe(error: DatabaseServerError, url: string): DatabaseServerError {
  const passwords = passwordOf(url);
  if (!passwords.some((password) => error.message.includes(password))) return error;
  return new DatabaseServerError(withoutPassword(error.where, passwords), withoutPassword(error.problem, passwords), withoutPassword(error.fix, passwords));
}
