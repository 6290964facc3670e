import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, dropTestDatabase, useTestDatabase } from '../support/postgres/database.js';

// Each PostgreSQL test file works in a database of its own (tests/support/postgres/database.ts).

const database = useTestDatabase();

async function query<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client(url);
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

describe('test databases', () => {
  it('gives the file an empty database of its own', async () => {
    const [row] = await query<{ name: string; tables: number }>(
      database.url,
      "SELECT current_database() AS name, (SELECT count(*)::int FROM pg_tables WHERE schemaname = 'public') AS tables",
    );
    expect(row?.name).toMatch(/^harbour_test_[0-9a-f]{12}$/);
    expect(row?.tables).toBe(0);
  });

  it('makes each one apart, and drops one even while it is in use', async () => {
    const other = await createTestDatabase();
    expect(new URL(other).pathname).not.toBe(new URL(database.url).pathname);
    const client = new pg.Client(other);
    client.on('error', () => undefined); // cut by the drop
    await client.connect();
    await dropTestDatabase(other);
    const left = await query(database.url, 'SELECT 1 FROM pg_database WHERE datname = $1', [new URL(other).pathname.slice(1)]);
    expect(left).toEqual([]);
    await client.end().catch(() => undefined);
  });
});
