import { describe, expect, it } from 'vitest';
import { DatabaseUrlError, describePostgres, parsePostgresUrl, passwordOf } from './database-url.js';

// DATABASE_URL read before anything connects: a URL the bot cannot use is one sentence that
// never repeats it (it holds the password).

const PASSWORD = 'Harbour-Secret-42';
const shape = 'write it as postgres://user:password@host:5432/database (characters such as @ : / # ? in the password percent-encoded, @ as %40)';

function refusal(url: string): string {
  try {
    parsePostgresUrl(url);
  } catch (error) {
    expect(error).toBeInstanceOf(DatabaseUrlError);
    const message = (error as Error).message;
    expect(message).not.toContain(PASSWORD);
    expect(message).not.toContain(url);
    return message;
  }
  throw new Error(`${url} was accepted`);
}

describe('reading DATABASE_URL', () => {
  it('reads user, host, port and database, and describes them without the password', () => {
    const url = `postgres://harbour:${PASSWORD}@db.example.org:6543/tabletop?sslmode=require`;
    expect(parsePostgresUrl(url)).toEqual({ user: 'harbour', host: 'db.example.org', port: 6543, database: 'tabletop' });
    expect(describePostgres(url)).toBe('harbour@db.example.org:6543/tabletop');
    expect(describePostgres(url)).not.toContain(PASSWORD);
  });

  it('takes postgresql://, the default port, percent-encoded parts, IPv6 hosts and a socket folder', () => {
    expect(describePostgres(`postgresql://bot%40team:p%40ss@localhost/games`)).toBe('bot@team@localhost:5432/games');
    expect(describePostgres(`postgres://harbour:${PASSWORD}@[::1]:5433/tabletop`)).toBe('harbour@[::1]:5433/tabletop');
    expect(describePostgres('postgres://harbour@/tabletop?host=/var/run/postgresql')).toBe('harbour@/var/run/postgresql:5432/tabletop');
    expect(passwordOf('postgres://u:p%40ss@h/d')).toEqual(['p%40ss', 'p@ss']);
  });

  it('refuses what is not a PostgreSQL URL, in one sentence that never repeats it', () => {
    expect(refusal(`mysql://harbour:${PASSWORD}@db/tabletop`)).toBe(`DATABASE_URL starts with mysql: where postgres:// or postgresql:// is needed; ${shape}`);
    expect(refusal(`harbour:${PASSWORD}@db/tabletop`)).toBe(`DATABASE_URL starts with harbour: where postgres:// or postgresql:// is needed; ${shape}`);
    expect(refusal(`db.example.org/${PASSWORD}`)).toBe(`DATABASE_URL does not start with postgres:// or postgresql://; ${shape}`);
  });

  it('refuses a URL that cannot be read, or that leaves out the host, the user or the database', () => {
    expect(refusal(`postgres://harbour:${PASSWORD}@db:99999/tabletop`)).toBe(`DATABASE_URL cannot be read as an address; ${shape}`);
    expect(refusal(`postgres:harbour:${PASSWORD}@db/tabletop`)).toBe(`DATABASE_URL cannot be read as an address (// is missing after the scheme); ${shape}`);
    expect(refusal(`postgres://harbour:${PASSWORD}@/tabletop`)).toBe(`DATABASE_URL names no host; ${shape}`);
    expect(refusal(`postgres://:${PASSWORD}@db/tabletop`)).toBe(`DATABASE_URL names no user; ${shape}`);
    expect(refusal(`postgres://harbour:${PASSWORD}@db:5432`)).toBe(`DATABASE_URL names no database (the part after the last /); ${shape}`);
    expect(refusal(`postgres://harbour:${PASSWORD}@db:5432/`)).toBe(`DATABASE_URL names no database (the part after the last /); ${shape}`);
    expect(refusal(`postgres://har%zzbour:${PASSWORD}@db/tabletop`)).toBe(
      `DATABASE_URL cannot be read as an address (a % that does not start an escape such as %40); ${shape}`,
    );
  });
});
