/**
 * `npm run db:copy`: the SQLite database (./source.ts) copied into an empty PostgreSQL database,
 * opened as the bot opens it (src/db/pg/connect.ts: checked, migrated, and locked so that no bot
 * starts on it meanwhile), in one transaction that is committed only once the copy checks out
 * (./check.ts). Anything else leaves the target as it was. Nothing it prints holds the password.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { AnyGameDefinition } from '../../engine/index.js';
import { errorLine } from '../../db/error-line.js';
import { openPostgres, type PostgresDatabase } from '../../db/pg/connect.js';
import { withoutPassword } from '../../db/pg/connect-errors.js';
import { DatabaseServerError } from '../../db/pg/migrate.js';
import { DatabaseUrlError, describePostgres, parsePostgresUrl, passwordOf } from '../../database-url.js';
import { countDifferences, replayEveryGame } from './check.js';
import { copyTable, refuseUnlessEmpty, setSequence, sourceCounts, targetCounts, type PgTx } from './copy.js';
import { CopyRefused, openSource, type CopySource } from './source.js';
import { copiedTables } from './tables.js';

export { CopyRefused };

export interface CopyRequest {
  /** The SQLite file. */
  from: string;
  /** The PostgreSQL URL. */
  to: string;
  /** What the URL was given as, for a sentence about a malformed one ('--to', 'DATABASE_URL'). */
  toName?: string;
  registry: Record<string, AnyGameDefinition>;
  /** Progress lines. */
  print: (line: string) => void;
  /** How often progress is printed within a table, in ms. */
  progressEveryMs?: number;
}

export interface CopySummary {
  where: string;
  counts: Map<string, number>;
  replayed: number;
  ms: number;
}

/** Copies, checks and commits; throws a CopyRefused (one sentence) for anything that stops it. */
export async function copyDatabase(request: CopyRequest): Promise<CopySummary> {
  const started = Date.now();
  let where: string;
  try {
    where = describePostgres(parsePostgresUrl(request.to, request.toName));
  } catch (error) {
    if (error instanceof DatabaseUrlError) throw new CopyRefused(error.message);
    throw error;
  }
  const tables = copiedTables();
  const source = openSource(request.from);
  let target: PostgresDatabase | null = null;
  try {
    try {
      target = await openPostgres(request.to, { poolSize: 1 });
    } catch (error) {
      if (error instanceof DatabaseServerError || error instanceof DatabaseUrlError) throw new CopyRefused(`Cannot copy: ${error.message}.`);
      throw error;
    }
    const client = await target.pool.connect();
    try {
      return await copyInTransaction(request, source, client, tables, where, started);
    } finally {
      client.release();
    }
  } catch (error) {
    if (error instanceof CopyRefused) throw error;
    const line = withoutPassword(errorLine(error), passwordOf(request.to));
    throw new CopyRefused(`Copying ${request.from} to the PostgreSQL database ${where} failed (${line}); nothing was copied.`);
  } finally {
    source.close();
    await target?.close();
  }
}

async function copyInTransaction(
  request: CopyRequest,
  source: CopySource,
  client: pg.PoolClient,
  tables: ReturnType<typeof copiedTables>,
  where: string,
  started: number,
): Promise<CopySummary> {
  const db = drizzle({ client }) as PgTx;
  const print = request.print;
  const every = request.progressEveryMs ?? 5000;
  await client.query('BEGIN');
  try {
    await refuseUnlessEmpty(db, tables, where);
    // One read transaction on SQLite too: every table as of one moment.
    source.sqlite.exec('BEGIN');
    const counts = sourceCounts(source.sqlite, tables);
    print(`Copying ${source.path} to the PostgreSQL database ${where}: ${counts.get('games') ?? 0} games, ${counts.get('actions') ?? 0} logged actions.`);
    for (const table of tables) {
      const of = counts.get(table.name) ?? 0;
      let shown = Date.now();
      const copied = await copyTable(source.sqlite, db, table, of, ({ copied }) => {
        if (Date.now() - shown < every || copied === of) return;
        shown = Date.now();
        print(`  ${table.name}: ${copied} of ${of} rows`);
      });
      await setSequence(db, table);
      print(`  ${table.name}: ${copied} ${copied === 1 ? 'row' : 'rows'} copied`);
    }
    source.sqlite.exec('COMMIT');
    print('Checking the copy: every game replays to its snapshot, every table has its rows.');
    let shown = Date.now();
    const games = await replayEveryGame(db, request.registry, (replayed) => {
      if (Date.now() - shown < every) return;
      shown = Date.now();
      print(`  ${replayed} games replayed`);
    });
    if (games.mismatches.length > 0) {
      const named = games.mismatches.slice(0, 10).map((m) => `game ${m.id} (${m.why})`);
      const more = games.mismatches.length > 10 ? ` and ${games.mismatches.length - 10} more` : '';
      throw new CopyRefused(
        `Not copied: ${named.join(', ')}${more} ${games.mismatches.length === 1 ? 'does' : 'do'} not replay to ${games.mismatches.length === 1 ? 'its' : 'their'} snapshot; the PostgreSQL database ${where} was left empty.`,
      );
    }
    const differences = countDifferences(counts, await targetCounts(db, tables));
    if (differences.length > 0)
      throw new CopyRefused(`Not copied: the copy does not have every row (${differences.join('; ')}); the PostgreSQL database ${where} was left empty.`);
    await client.query('COMMIT');
    return { where, counts, replayed: games.replayed, ms: Date.now() - started };
  } catch (error) {
    if (source.sqlite.inTransaction) source.sqlite.exec('ROLLBACK');
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

/** The summary's line: what was copied, and what was checked. */
export function summaryLine(from: string, summary: CopySummary): string {
  const n = (table: string) => summary.counts.get(table) ?? 0;
  const total = [...summary.counts.values()].reduce((a, b) => a + b, 0);
  return (
    `Copied ${from} to the PostgreSQL database ${summary.where} in ${(summary.ms / 1000).toFixed(1)} s: ${n('games')} games, ${n('actions')} logged actions, ` +
    `${n('player_records')} player records, ${n('ratings')} ratings, ${total} rows in ${summary.counts.size} tables. ` +
    `Every one of the ${summary.replayed} games with a snapshot replays to it there, and every table has as many rows as in SQLite. ` +
    `Start the bot with DATABASE_URL set to this database to use it.`
  );
}
