/**
 * The tables `npm run db:copy` copies: every table of the SQLite schema (src/db/schema.ts and the
 * files it re-exports), each paired with the PostgreSQL table of the same name (src/db/pg), taken
 * from the schema objects themselves so that a table added to the schema is copied without anyone
 * having to remember it. Ordered so that a table comes after those its foreign keys name.
 */
import { getTableColumns, getTableName, is, type Column } from 'drizzle-orm';
import { getTableConfig as pgTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { getTableConfig as sqliteTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import * as sqliteSchema from '../../db/schema.js';
import { pgSchema } from '../../db/pg/connect.js';

export interface CopiedColumn {
  /** The property drizzle names it by in both schemas. */
  key: string;
  /** Its name in the database. */
  name: string;
  sqlite: Column;
  pg: Column;
}

export interface CopiedTable {
  name: string;
  sqlite: SQLiteTable;
  pg: PgTable;
  columns: CopiedColumn[];
  /** The primary key's columns, in the key's order: rows are read and compared in it. */
  primaryKey: string[];
  /** The column PostgreSQL numbers by itself (an identity), whose sequence is set past the copied ids. */
  identity: string | null;
}

/** Every table of the schema, in an order that inserts a row after the rows it refers to. */
export function copiedTables(): CopiedTable[] {
  const pgTables = new Map(tablesOf(pgSchema, PgTable).map((table) => [getTableName(table), table]));
  const sqliteTables = new Map(tablesOf(sqliteSchema, SQLiteTable).map((table) => [getTableName(table), table]));
  const missing = [...sqliteTables.keys()].filter((name) => !pgTables.has(name));
  const extra = [...pgTables.keys()].filter((name) => !sqliteTables.has(name));
  if (missing.length > 0 || extra.length > 0)
    throw new Error(
      `the two schemas differ in their tables (only SQLite's: ${missing.join(', ') || 'none'}; only PostgreSQL's: ${extra.join(', ') || 'none'})`,
    );
  const tables = [...sqliteTables].map(([name, table]) => pair(name, table, pgTables.get(name) as PgTable));
  return inReferenceOrder(tables);
}

/** The tables among a schema module's exports (which also hold constants and SQL fragments). */
function tablesOf<T>(module: object, kind: new (...args: never[]) => T): T[] {
  const exports: unknown[] = Object.values(module);
  return exports.filter((value): value is T => is(value, kind as never));
}

function pair(name: string, sqlite: SQLiteTable, pg: PgTable): CopiedTable {
  const pgColumns = getTableColumns(pg);
  const columns = Object.entries(getTableColumns(sqlite)).map(([key, column]): CopiedColumn => {
    const other = pgColumns[key];
    if (!other || other.name !== column.name) throw new Error(`${name}.${column.name} has no column of the same name in the PostgreSQL schema`);
    return { key, name: column.name, sqlite: column, pg: other };
  });
  if (columns.length !== Object.keys(pgColumns).length) throw new Error(`${name} has columns in the PostgreSQL schema that SQLite's lacks`);
  const config = sqliteTableConfig(sqlite);
  const primaryKey =
    config.primaryKeys[0]?.columns.map((column) => column.name) ?? config.columns.filter((column) => column.primary).map((column) => column.name);
  const identity = pgTableConfig(pg).columns.find((column) => column.generatedIdentity)?.name ?? null;
  return { name, sqlite, pg, columns, primaryKey, identity };
}

/** Tables sorted so that each comes after the tables its foreign keys refer to. */
function inReferenceOrder(tables: CopiedTable[]): CopiedTable[] {
  const byName = new Map(tables.map((table) => [table.name, table]));
  const ordered: CopiedTable[] = [];
  const placed = new Set<string>();
  const place = (table: CopiedTable, path: string[]) => {
    if (placed.has(table.name)) return;
    if (path.includes(table.name)) throw new Error(`the foreign keys of ${path.join(' -> ')} form a circle`);
    for (const key of sqliteTableConfig(table.sqlite).foreignKeys) {
      const target = byName.get(getTableName(key.reference().foreignTable));
      if (target && target !== table) place(target, [...path, table.name]);
    }
    placed.add(table.name);
    ordered.push(table);
  };
  for (const table of tables) place(table, []);
  return ordered;
}

/**
 * A row as better-sqlite3 reads it (by column name), as the values drizzle gives for it (by
 * property): SQLite's 0 and 1 of a boolean column as false and true, a JSON column's text parsed.
 * PostgreSQL's drizzle columns then write those as boolean, jsonb and bigint.
 */
export function rowValues(table: CopiedTable, raw: Record<string, unknown>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const column of table.columns) {
    const value = raw[column.name];
    values[column.key] = value === null || value === undefined ? null : column.sqlite.mapFromDriverValue(value);
  }
  return values;
}
