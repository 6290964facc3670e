import { getTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { is } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../tests/support/postgres/database.js';
import { openDatabase, type Db } from '../connection.js';
import * as sqliteSchema from '../schema.js';
import { migratePostgres, pgMigrationsFolder } from './migrate.js';
import * as pgSchema from './schema.js';

// The two schemas cannot drift apart: a PostgreSQL database made by migrations-pg has the same
// tables, columns (names, nullability, kinds, defaults), keys and indexes as a SQLite database
// made by migrations/, each kind in its dialect's type. A column added to one schema only fails here.

interface Column {
  name: string;
  nullable: boolean;
  /** As SQLite's schema declares it: integer, boolean, json, text or real. */
  kind: string;
  /** The default, written alike for both (quotes kept, casts dropped), 'now' for the time of the insert, 'identity' for a generated id. */
  default: string | null;
}

interface Table {
  columns: Column[];
  primaryKey: string[];
  /** "name (unique, partial): column, other desc, (expression)". */
  indexes: string[];
  /** "column -> table.column on delete cascade". */
  foreignKeys: string[];
}

type Schema = Record<string, Table>;

/** PostgreSQL's type for each of SQLite's kinds; integer is int4 or int8 (times in ms). */
const PG_KINDS: Record<string, string> = { integer: 'integer', bigint: 'integer', boolean: 'boolean', jsonb: 'json', text: 'text', 'double precision': 'real' };

/** Times and durations in ms: bigint on PostgreSQL (int4 holds 25 days of ms). */
const TIME_COLUMN = /(^|_)(at|ms|since|until)$/;

function sqliteKinds(): Map<string, string> {
  const kinds = new Map<string, string>();
  const names: Record<string, string> = { SQLiteInteger: 'integer', SQLiteBoolean: 'boolean', SQLiteTextJson: 'json', SQLiteText: 'text', SQLiteReal: 'real' };
  for (const table of Object.values(sqliteSchema)) {
    if (!is(table, SQLiteTable)) continue;
    const config = getTableConfig(table);
    for (const column of config.columns) {
      const columnType = String(column.columnType);
      kinds.set(`${config.name}.${column.name}`, names[columnType] ?? columnType);
    }
  }
  return kinds;
}

function sameDefault(value: string | null, kind: string): string | null {
  if (value === null) return null;
  if (/unixepoch\(\)|clock_timestamp\(\)/.test(value)) return 'now';
  const unquoted = value.replace(/^'(.*)'::[a-z ]+$/, "'$1'").replace(/^\((-?\d+)\)::[a-z ]+$/, '$1');
  if (kind === 'boolean') return { '1': 'true', '0': 'false' }[unquoted] ?? unquoted;
  return unquoted;
}

function describeSqlite(db: Db): Schema {
  const sqlite = db.$client;
  const kinds = sqliteKinds();
  const schema: Schema = {};
  const tables = sqlite
    .prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> '__drizzle_migrations' ORDER BY name`)
    .all() as { name: string; sql: string }[];
  for (const { name, sql } of tables) {
    const info = sqlite.pragma(`table_info(${name})`) as { name: string; notnull: number; dflt_value: string | null; pk: number }[];
    const primaryKey = info.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk);
    const columns = info.map((c): Column => {
      const kind = kinds.get(`${name}.${c.name}`) ?? `missing from src/db/schema.ts`;
      const identity = primaryKey.length === 1 && c.pk === 1 && /AUTOINCREMENT/i.test(sql);
      return { name: c.name, nullable: c.notnull === 0 && c.pk === 0, kind, default: identity ? 'identity' : sameDefault(c.dflt_value, kind) };
    });
    const indexes = (sqlite.pragma(`index_list(${name})`) as { name: string; unique: number; origin: string; partial: number }[])
      .filter((i) => i.origin === 'c')
      .map((i) => {
        const keys = (sqlite.pragma(`index_xinfo(${i.name})`) as { name: string | null; desc: number; key: number }[]).filter((k) => k.key === 1);
        return indexLine(
          i.name,
          i.unique === 1,
          i.partial === 1,
          keys.map((k) => (k.name ?? '(expression)') + (k.desc ? ' desc' : '')),
        );
      });
    const foreignKeys = (sqlite.pragma(`foreign_key_list(${name})`) as { from: string; table: string; to: string; on_delete: string }[]).map(
      (f) => `${f.from} -> ${f.table}.${f.to} on delete ${f.on_delete.toLowerCase()}`,
    );
    schema[name] = { columns: byName(columns), primaryKey: primaryKey.map((c) => c.name), indexes: indexes.sort(), foreignKeys: foreignKeys.sort() };
  }
  return schema;
}

async function describePostgres(client: pg.Client): Promise<Schema> {
  const schema: Schema = {};
  const q = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) => (await client.query<T>(text, values)).rows;
  const tables = await q<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`,
  );
  for (const { name } of tables) {
    const info = await q<{ name: string; nullable: string; type: string; default: string | null; identity: string }>(
      `SELECT column_name AS name, is_nullable AS nullable, data_type AS type, column_default AS default, is_identity AS identity FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1`,
      [name],
    );
    const columns = info.map((c): Column => {
      const kind = PG_KINDS[c.type] ?? c.type;
      return { name: c.name, nullable: c.nullable === 'YES', kind, default: c.identity === 'YES' ? 'identity' : sameDefault(c.default, kind) };
    });
    const keyOf = `array(SELECT CASE WHEN k.attnum = 0 THEN '(expression)' ELSE a.attname END || CASE WHEN (i.indoption[(k.ord - 1)::int] & 1) = 1 THEN ' desc' ELSE '' END
      FROM unnest(i.indkey::int2[]) WITH ORDINALITY AS k(attnum, ord) LEFT JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum ORDER BY k.ord)`;
    const [primary] = await q<{ columns: string[] }>(`SELECT ${keyOf} AS columns FROM pg_index i WHERE i.indrelid = $1::regclass AND i.indisprimary`, [name]);
    const indexes = await q<{ name: string; unique: boolean; partial: boolean; columns: string[] }>(
      `SELECT c.relname AS name, i.indisunique AS unique, i.indpred IS NOT NULL AS partial, ${keyOf} AS columns
       FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE i.indrelid = $1::regclass AND NOT i.indisprimary`,
      [name],
    );
    const foreignKeys = await q<{ line: string }>(
      `SELECT a.attname || ' -> ' || t.relname || '.' || b.attname || ' on delete ' || CASE c.confdeltype WHEN 'c' THEN 'cascade' WHEN 'a' THEN 'no action' ELSE c.confdeltype::text END AS line
       FROM pg_constraint c JOIN pg_class t ON t.oid = c.confrelid
       JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1] JOIN pg_attribute b ON b.attrelid = c.confrelid AND b.attnum = c.confkey[1]
       WHERE c.contype = 'f' AND c.conrelid = $1::regclass`,
      [name],
    );
    schema[name] = {
      columns: byName(columns),
      primaryKey: primary?.columns ?? [],
      indexes: indexes.map((i) => indexLine(i.name, i.unique, i.partial, i.columns)).sort(),
      foreignKeys: foreignKeys.map((f) => f.line).sort(),
    };
  }
  return schema;
}

const indexLine = (name: string, unique: boolean, partial: boolean, columns: string[]) =>
  `${name}${unique ? ' (unique)' : ''}${partial ? ' (partial)' : ''}: ${columns.join(', ')}`;
const byName = (columns: Column[]) => [...columns].sort((a, b) => a.name.localeCompare(b.name));

describe('the PostgreSQL schema', () => {
  const database = useTestDatabase();
  let sqlite: Schema;
  let postgres: Schema;
  let bigints: string[];

  beforeAll(async () => {
    const db = openDatabase(':memory:');
    sqlite = describeSqlite(db);
    db.$client.close();
    const pool = new pg.Pool({ connectionString: database.url });
    await migratePostgres(pool);
    await pool.end();
    const client = new pg.Client(database.url);
    await client.connect();
    postgres = await describePostgres(client);
    bigints = (
      await client.query<{ name: string }>(
        `SELECT table_name || '.' || column_name AS name FROM information_schema.columns WHERE table_schema = 'public' AND data_type = 'bigint'`,
      )
    ).rows.map((r) => r.name);
    await client.end();
  });

  it('has the tables of the SQLite schema', () => {
    expect(Object.keys(postgres).sort()).toEqual(Object.keys(sqlite).sort());
    expect(Object.keys(sqlite)).toContain('games');
  });

  it('has, table by table, the same columns, keys and indexes', () => {
    for (const name of Object.keys(sqlite)) expect({ table: name, ...postgres[name] }).toEqual({ table: name, ...sqlite[name] });
  });

  it('keeps every time and duration in ms as a bigint', () => {
    const times = Object.entries(postgres).flatMap(([table, t]) => t.columns.filter((c) => TIME_COLUMN.test(c.name)).map((c) => `${table}.${c.name}`));
    expect(times.length).toBeGreaterThan(20);
    expect(times.filter((column) => !bigints.includes(column))).toEqual([]);
  });
});

describe('migrations-pg', () => {
  it('are up to date with src/db/pg/schema.ts (npm run db:generate:pg has nothing left to write)', async () => {
    const { generateDrizzleJson, generateMigration } = await import('drizzle-kit/api');
    const journal = JSON.parse(readFileSync(`${pgMigrationsFolder}/meta/_journal.json`, 'utf8')) as { entries: { idx: number }[] };
    const last = String(journal.entries.at(-1)?.idx ?? 0).padStart(4, '0');
    const generated = JSON.parse(readFileSync(`${pgMigrationsFolder}/meta/${last}_snapshot.json`, 'utf8')) as Parameters<typeof generateMigration>[0];
    expect(await generateMigration(generated, generateDrizzleJson(pgSchema))).toEqual([]);
  });
});
