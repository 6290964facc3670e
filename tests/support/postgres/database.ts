/**
 * A database of its own for each PostgreSQL test file, on the run's server (./global-setup.ts):
 * made empty before the file's tests, dropped after them, so that files run in parallel.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';

/** Makes an empty database with a name of its own and gives its URL. */
export async function createTestDatabase(): Promise<string> {
  const name = `harbour_test_${randomBytes(6).toString('hex')}`;
  await asServer((client) => client.query(`CREATE DATABASE ${name}`));
  return databaseUrl(name);
}

/** Drops a database made by createTestDatabase, cutting whatever is still connected to it. */
export async function dropTestDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  await asServer((client) => client.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`));
}

/**
 * Registers the hooks that make a fresh database for this file and drop it afterwards; its URL
 * is `url` from the first test (or beforeAll registered after this call) on.
 */
export function useTestDatabase(): { readonly url: string } {
  let url: string | null = null;
  beforeAll(async () => {
    url = await createTestDatabase();
  });
  afterAll(async () => {
    if (url) await dropTestDatabase(url);
  });
  return {
    get url() {
      if (!url) throw new Error('the test database is made in beforeAll: read its url in a test or a later hook');
      return url;
    },
  };
}

/** The URL of another database on the same server, as the same user. */
function databaseUrl(name: string): string {
  const url = new URL(inject('postgresUrl'));
  url.pathname = `/${name}`;
  return url.toString();
}

async function asServer(work: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: inject('postgresUrl') });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}
