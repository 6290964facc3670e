/**
 * Brings a PostgreSQL database up to the schema this version of the bot knows (migrations-pg/),
 * as ../connection.ts does for a SQLite file: a database made by a newer version is refused, an
 * older one is migrated. Several processes may start at once against one database (the shards of
 * several hosts): each migrates under one advisory lock, so the first applies the migrations (in
 * one transaction, drizzle's) and the others, let in after it, find nothing left to do.
 * No copy is made before migrating: backups of a PostgreSQL database are the server's (pg_dump, the
 * provider's), and a failed migration changes nothing.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { errorLine } from '../error-line.js';
import { isNewer, knownSchema, newerSchemaText, type SchemaVersion } from '../schema-version.js';
import { describePostgres } from '../../database-url.js';

export const pgMigrationsFolder = resolve(dirname(fileURLToPath(import.meta.url)), '../../../migrations-pg');

/**
 * The advisory lock (the two-key form) that migrations are applied under: the first key is the
 * bot's ("Harb"), the second what it guards. Session locks, released when the connection closes.
 */
export const MIGRATION_LOCK = [0x48617262, 1] as const;

/** Migrations applied by migratePostgres. */
export interface PgUpgrade {
  from: number;
  to: number;
}

/** The database's schema, from drizzle's record of the migrations applied (schema 0 when it has none). */
export async function pgSchemaOf(client: pg.ClientBase): Promise<SchemaVersion> {
  const { rows } = await client.query<{ found: boolean }>(`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS found`);
  if (!rows[0]?.found) return { version: 0, newest: 0 };
  const applied = await client.query<{ version: number; newest: string | null }>(
    'SELECT count(*)::int AS version, max(created_at) AS newest FROM drizzle.__drizzle_migrations',
  );
  const row = applied.rows[0];
  return { version: row?.version ?? 0, newest: Number(row?.newest ?? 0) };
}

/**
 * Applies the migrations this version has and the database lacks, holding MIGRATION_LOCK, and
 * tells `onUpgrade` when it applied any. Throws a DatabaseServerError for a database made by a
 * newer version of the bot.
 */
export async function migratePostgres(pool: pg.Pool, onUpgrade?: (upgrade: PgUpgrade) => void): Promise<void> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('SELECT pg_advisory_lock($1, $2)', [...MIGRATION_LOCK]);
    const known = knownSchema(pgMigrationsFolder);
    const found = await pgSchemaOf(client);
    if (isNewer(found, known)) {
      throw new DatabaseServerError(
        describeDatabase(client),
        newerSchemaText(found, known),
        'run the newer version of the bot, or put back a copy of the database made before it was upgraded',
      );
    }
    if (found.newest >= known.newest) return;
    try {
      await migrate(drizzle({ client }), { migrationsFolder: pgMigrationsFolder });
    } catch (error) {
      // drizzle wraps the server's error, with the whole statement in its message.
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
      throw new DatabaseServerError(
        describeDatabase(client),
        `could not be brought up to this version of the bot (${errorLine(cause)})`,
        'nothing was changed (the migrations run in one transaction)',
        cause,
      );
    }
    onUpgrade?.({ from: found.version, to: (await pgSchemaOf(client)).version });
  } catch (error) {
    // The connection may be what failed: it is closed rather than put back.
    broken = error instanceof DatabaseServerError && !error.cause ? undefined : (error as Error);
    throw error;
  } finally {
    // Unlocked by hand for a connection that goes back to the pool; a broken one is closed, and
    // its lock with it.
    if (!broken) await client.query('SELECT pg_advisory_unlock($1, $2)', [...MIGRATION_LOCK]).catch((error: Error) => (broken = error));
    client.release(broken);
  }
}

/** "harbour@db.example.org:5432/tabletop": which database, as whom, without the password (../../database-url.ts). */
export function describeDatabase(client: pg.ClientBase & { user?: string | undefined; database?: string | undefined; host?: string; port?: number }): string {
  return describePostgres({
    user: client.user ?? '(default)',
    host: client.host ?? 'localhost',
    port: client.port ?? 5432,
    database: client.database ?? '(default)',
  });
}

/** A PostgreSQL database the bot cannot use, and what to do about it, in one sentence. */
export class DatabaseServerError extends Error {
  constructor(
    /** Which database (describeDatabase). */
    readonly where: string,
    /** What is wrong, to follow its name ("was made by a newer version of the bot (…)"). */
    readonly problem: string,
    /** What the user can do about it, or what became of the database. */
    readonly fix: string,
    cause?: unknown,
  ) {
    super(`the PostgreSQL database ${where} ${problem}; ${fix}`, cause === undefined ? undefined : { cause });
    this.name = 'DatabaseServerError';
  }
}
