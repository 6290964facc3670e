/**
 * The copy itself, inside the transaction `npm run db:copy` holds on the PostgreSQL database: each
 * table read from SQLite a row at a time (better-sqlite3's iterator), converted through the two
 * drizzle schemas (./tables.ts) and inserted in batches, so that a database of any size is never
 * held in memory at once; ids kept, then each identity's sequence set past the highest id.
 */
import type Database from 'better-sqlite3';
import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { rowValues, type CopiedTable } from './tables.js';
import { CopyRefused } from './source.js';

/** PostgreSQL takes at most 65,535 parameters in one statement. */
const MAX_PARAMETERS = 60_000;
const MAX_BATCH_ROWS = 1000;
/** About this much text (snapshots, logs) per insert, whatever the number of rows. */
const MAX_BATCH_CHARS = 4_000_000;

export type PgTx = NodePgDatabase<Record<string, never>>;

export interface TableProgress {
  table: string;
  copied: number;
  of: number;
}

/** How many rows each table has in SQLite (and, once copied, must have in PostgreSQL). */
export function sourceCounts(sqlite: Database.Database, tables: CopiedTable[]): Map<string, number> {
  return new Map(tables.map((table) => [table.name, (sqlite.prepare(`SELECT count(*) AS n FROM ${quoted(table.name)}`).get() as { n: number }).n]));
}

/** The tables of `tables` that already hold a row in the target, or a refusal naming them. */
export async function refuseUnlessEmpty(db: PgTx, tables: CopiedTable[], where: string): Promise<void> {
  const filled: string[] = [];
  for (const table of tables) {
    const { rows } = await db.execute<{ any: boolean }>(sql`SELECT EXISTS (SELECT 1 FROM ${sql.identifier(table.name)}) AS any`);
    if (rows[0]?.any) filled.push(table.name);
  }
  if (filled.length === 0) return;
  throw new CopyRefused(
    `The PostgreSQL database ${where} is not empty (${filled.join(', ')} ${filled.length === 1 ? 'has rows' : 'have rows'}), and npm run db:copy copies only into an empty database; nothing was copied: give it a new database with --to.`,
  );
}

/** Copies every row of `table`, telling `progress` after each batch. */
export async function copyTable(sqlite: Database.Database, db: PgTx, table: CopiedTable, of: number, progress: (p: TableProgress) => void): Promise<number> {
  const rowsPerBatch = Math.max(1, Math.min(MAX_BATCH_ROWS, Math.floor(MAX_PARAMETERS / table.columns.length)));
  const read = sqlite.prepare(`SELECT * FROM ${quoted(table.name)} ORDER BY ${table.primaryKey.map(quoted).join(', ')}`);
  let batch: Record<string, unknown>[] = [];
  let chars = 0;
  let copied = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await db.insert(table.pg).values(batch);
    copied += batch.length;
    batch = [];
    chars = 0;
    progress({ table: table.name, copied, of });
  };
  for (const raw of read.iterate() as Iterable<Record<string, unknown>>) {
    refuseFractions(table, raw);
    batch.push(rowValues(table, raw));
    for (const value of Object.values(raw)) if (typeof value === 'string') chars += value.length;
    if (batch.length >= rowsPerBatch || chars >= MAX_BATCH_CHARS) await flush();
  }
  await flush();
  return copied;
}

/** PostgreSQL's column types that hold whole numbers only (SQLite's INTEGER columns take a REAL too). */
const WHOLE = new Set(['PgInteger', 'PgSmallInt', 'PgBigInt53', 'PgBigInt64', 'PgSerial', 'PgBigSerial53', 'PgBigSerial64']);

/**
 * A value with a fraction in a column PostgreSQL keeps whole (a time in ms written by hand, say)
 * would fail the insert with the driver's words and no place; this names the place instead.
 */
function refuseFractions(table: CopiedTable, raw: Record<string, unknown>): void {
  for (const column of table.columns) {
    const value = raw[column.name];
    if (typeof value !== 'number' || Number.isInteger(value) || !WHOLE.has(column.pg.columnType)) continue;
    const key = table.primaryKey.map((name) => `${name} ${String(raw[name])}`).join(', ');
    throw new CopyRefused(
      `Cannot copy: ${table.name}.${column.name} of the row with ${key} is ${value}, not a whole number as PostgreSQL keeps it; nothing was copied. Round it in the SQLite file (with the bot stopped) and copy again.`,
    );
  }
}

/** Sets the identity's sequence of `table` so that the next row PostgreSQL numbers itself comes after every copied one. */
export async function setSequence(db: PgTx, table: CopiedTable): Promise<void> {
  if (!table.identity) return;
  const name = sql.identifier(table.name);
  const column = sql.identifier(table.identity);
  // setval(seq, 1, false): the next is 1, for a table without rows.
  await db.execute(
    sql`SELECT setval(pg_get_serial_sequence(${pg.escapeIdentifier(table.name)}, ${table.identity}), COALESCE(max(${column}), 1), max(${column}) IS NOT NULL) FROM ${name}`,
  );
}

/** The rows each table has in PostgreSQL now. */
export async function targetCounts(db: PgTx, tables: CopiedTable[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const table of tables) {
    const { rows } = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table.name)}`);
    counts.set(table.name, rows[0]?.n ?? 0);
  }
  return counts;
}

function quoted(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
