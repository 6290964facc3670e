import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:net';
import { inspect } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, inject } from 'vitest';
import { useTestDatabase } from '../../../tests/support/postgres/database.js';
import { closedPort } from '../../../tests/support/ports.js';
import { knownSchema } from '../schema-version.js';
import { openPostgres, type PostgresDatabase, type PostgresOptions } from './connect.js';
import { pgMigrationsFolder, pgSchemaOf } from './migrate.js';
import { games } from './schema.js';

// Opening PostgreSQL as the bot does, against the run's real server (tests/support/postgres):
// migrated, one bot per database, and every configuration it cannot use refused in one sentence
// that names the database as user@host:port/database and never holds the password.

const database = useTestDatabase();
const opened: PostgresDatabase[] = [];
const options: PostgresOptions = { poolSize: 3, connectTimeoutMs: 2000 };

async function open(url: string, more: Partial<PostgresOptions> = {}): Promise<PostgresDatabase> {
  const handle = await openPostgres(url, { ...options, ...more });
  opened.push(handle);
  return handle;
}

afterEach(async () => {
  await Promise.all(opened.splice(0).map((handle) => handle.close()));
});

/** The test database's URL with another user, password, host, port or database. */
function urlWith(parts: { user?: string; password?: string; host?: string; port?: number; database?: string }): string {
  const url = new URL(database.url);
  if (parts.user !== undefined) url.username = parts.user;
  if (parts.password !== undefined) url.password = parts.password;
  if (parts.host !== undefined) url.hostname = parts.host;
  if (parts.port !== undefined) url.port = String(parts.port);
  if (parts.database !== undefined) url.pathname = `/${parts.database}`;
  return url.toString();
}

/** user@host:port/database of a URL, as the messages name it. */
function where(url: string): string {
  const u = new URL(url);
  return `${decodeURIComponent(u.username)}@${u.hostname}:${u.port}${u.pathname}`;
}

/** The sentence openPostgres refuses `url` with; neither it nor anything the error carries holds the password. */
async function refusal(url: string, more: Partial<PostgresOptions> = {}): Promise<string> {
  const password = decodeURIComponent(new URL(url).password);
  expect(password.length).toBeGreaterThan(5);
  let caught: unknown = null;
  await openPostgres(url, { ...options, ...more }).then(
    (handle) => opened.push(handle),
    (error: unknown) => (caught = error),
  );
  expect(caught).toBeInstanceOf(Error);
  const error = caught as Error;
  expect(error.name).toBe('DatabaseServerError');
  expect(error.message).not.toContain(password);
  expect(inspect(error, { depth: 5 })).not.toContain(password);
  expect(error.message.split('; ')).toHaveLength(2);
  return error.message;
}

describe('opening the bot’s PostgreSQL database', () => {
  it('connects, applies the migrations, and gives a pool of the size asked and a drizzle database over the schema', async () => {
    const upgrades: unknown[] = [];
    const handle = await open(database.url, { onUpgrade: (u) => upgrades.push(u) });
    const known = knownSchema(pgMigrationsFolder);
    expect(upgrades).toEqual([{ from: 0, to: known.version }]);
    expect(handle.where).toBe(where(database.url));
    expect(handle.where).not.toContain(decodeURIComponent(new URL(database.url).password));
    expect(handle.pool.options.max).toBe(3);
    expect(await handle.db.select().from(games)).toEqual([]);
    const client = await handle.pool.connect();
    expect(await pgSchemaOf(client)).toEqual(known);
    client.release();
  });

  it('lets several processes open one database at once: hosts share it, the shard leases say who acts', async () => {
    const [first, second] = await Promise.all([open(database.url), open(database.url)]);
    expect(await first.db.select().from(games)).toEqual([]);
    expect(await second.db.select().from(games)).toEqual([]);
  });

  it('survives a connection cut in the middle of a transaction: the transaction fails, the process goes on', async () => {
    const told: Error[] = [];
    const handle = await open(database.url, { onConnectionError: (error) => told.push(error) });
    const failed = handle.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_terminate_backend(pg_backend_pid())`);
    });
    await expect(failed).rejects.toThrow();
    await eventually(async () => expect(told.length).toBeGreaterThan(0));
    // An unheard 'error' would have failed this file (vitest reports uncaught errors).
    await new Promise((done) => setTimeout(done, 100));
    expect(await handle.db.select().from(games)).toEqual([]);
  });
});

describe('a configuration the bot cannot use, refused in one sentence', () => {
  const roles: string[] = [];
  const admin = () => new pg.Client({ connectionString: inject('postgresUrl') });
  const role = async (options: string): Promise<{ name: string; password: string }> => {
    const name = `harbour_role_${randomBytes(4).toString('hex')}`;
    const password = `Pw-${randomBytes(9).toString('hex')}`;
    const client = admin();
    await client.connect();
    await client.query(`CREATE ROLE ${name} ${options} PASSWORD '${password}'`);
    await client.end();
    roles.push(name);
    return { name, password };
  };
  afterAll(async () => {
    const client = admin();
    await client.connect();
    for (const name of roles) await client.query(`DROP ROLE IF EXISTS ${name}`);
    await client.end();
  });

  it('a wrong password', async () => {
    const { name } = await role('LOGIN');
    const url = urlWith({ user: name, password: 'Not-The-Password-123' });
    expect(await refusal(url)).toBe(
      `the PostgreSQL database ${where(url)} refuses the password of user ${name} (28P01); check the user name and password in DATABASE_URL`,
    );
  });

  it('a user that may not log in', async () => {
    const { name, password } = await role('NOLOGIN');
    const url = urlWith({ user: name, password });
    expect(await refusal(url)).toBe(
      `the PostgreSQL database ${where(url)} refuses user ${name} (28000: role "${name}" is not permitted to log in); check the user in DATABASE_URL, that it may log in, and that the server's pg_hba.conf lets it in from this machine`,
    );
  });

  it('a database that does not exist', async () => {
    const url = urlWith({ database: 'harbour_nowhere' });
    expect(await refusal(url)).toBe(
      `the PostgreSQL database ${where(url)} does not exist (3D000); create it on the server (CREATE DATABASE harbour_nowhere), or correct its name in DATABASE_URL`,
    );
  });

  it('a port nothing listens on', async () => {
    const port = await closedPort();
    const url = urlWith({ port });
    expect(await refusal(url)).toBe(
      `the PostgreSQL database ${where(url)} cannot be reached: nothing answers at 127.0.0.1:${port} (ECONNREFUSED); check that the server is running and that DATABASE_URL names its host and port`,
    );
  });

  it('a server that never answers, within the connect timeout', async () => {
    const silent = await listenSilently();
    try {
      const url = urlWith({ port: (silent.address() as { port: number }).port });
      const started = Date.now();
      expect(await refusal(url, { connectTimeoutMs: 500 })).toBe(
        `the PostgreSQL database ${where(url)} cannot be reached: 127.0.0.1:${new URL(url).port} did not answer within 0.5 s; check that the server is running, that DATABASE_URL names its host and port, and that no firewall is in the way`,
      );
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      silent.close();
    }
  });

  it('a host name that cannot be found', async () => {
    const url = urlWith({ host: 'no-such-host.invalid' });
    expect(await refusal(url)).toMatch(
      new RegExp(
        `^the PostgreSQL database ${escape(where(url))} cannot be reached: the host no-such-host.invalid cannot be found \\((ENOTFOUND|EAI_AGAIN)\\); check the host name in DATABASE_URL$`,
      ),
    );
  });

  it('a server older than PostgreSQL 14, before anything is written', async () => {
    const url = database.url;
    expect(await refusal(url, { serverVersion: async () => 130012 })).toBe(
      `the PostgreSQL database ${where(url)} is on PostgreSQL 13.12, and the bot needs PostgreSQL 14 or newer; upgrade the server, or point DATABASE_URL at a newer one`,
    );
    expect(await refusal(url, { serverVersion: async () => 90624 })).toContain('is on PostgreSQL 9.6.24, and the bot needs PostgreSQL 14 or newer');
    // The check reads the real server's version, and this one is new enough.
    await open(url);
  });
});

/** A TCP server that takes connections and never says a word. */
async function listenSilently(): Promise<Server> {
  const server = createServer(() => undefined);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return server;
}

async function eventually<T>(attempt: () => Promise<T>, withinMs = 10_000): Promise<T> {
  const until = Date.now() + withinMs;
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((done) => setTimeout(done, 100));
    }
  }
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

beforeAll(() => {
  expect(new URL(database.url).password).not.toBe('');
});
