import Database from 'better-sqlite3';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BUSY_TIMEOUT_MS } from '../db/busy.js';
import { databaseCheck, healthOf } from './health.js';

describe('health', () => {
  it('is good when every check finds nothing', async () => {
    expect(await healthOf({ gateway: () => null, database: () => null })).toEqual({ ok: true, problems: [] });
  });

  it('names each problem after its check, and a check that throws is a problem too', async () => {
    const health = await healthOf({
      gateway: () => 'not connected to Discord',
      database: () => {
        throw new Error('gone');
      },
    });
    expect(health).toEqual({ ok: false, problems: ['gateway: not connected to Discord', 'database: could not be checked (gone)'] });
  });

  it('waits for a check that answers later (PostgreSQL), and one that rejects is a problem too', async () => {
    const later = (answer: string | null) => new Promise<string | null>((resolve) => setTimeout(() => resolve(answer), 5));
    expect(await healthOf({ gateway: () => null, database: () => later(null) })).toEqual({ ok: true, problems: [] });
    const health = await healthOf({
      gateway: () => later('not connected to Discord'),
      database: () => later('cannot be reached (ECONNREFUSED)'),
      pool: () => Promise.reject(new Error('gone')),
    });
    expect(health).toEqual({
      ok: false,
      problems: ['gateway: not connected to Discord', 'database: cannot be reached (ECONNREFUSED)', 'pool: could not be checked (gone)'],
    });
  });
});

describe('whether the database takes a write', () => {
  const opened: Database.Database[] = [];
  const open = (path: string, options?: Database.Options) => {
    const db = new Database(path, options);
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    opened.push(db);
    return db;
  };
  const fresh = () => {
    const path = join(mkdtempSync(join(tmpdir(), 'harbour-health-')), 'games.sqlite');
    const db = open(path);
    db.pragma('journal_mode = WAL');
    db.exec('CREATE TABLE t (x)');
    db.pragma('user_version = 7');
    return { path, db };
  };
  afterEach(() => {
    for (const db of opened.splice(0)) if (db.open) db.close();
  });

  it('finds a working database well, and leaves it as it was', () => {
    const { db } = fresh();
    expect(databaseCheck(db)()).toBeNull();
    expect(db.pragma('user_version', { simple: true })).toBe(7);
    expect(db.inTransaction).toBe(false);
  });

  it('finds one that cannot be written, and says why', () => {
    const { path } = fresh();
    const readOnly = open(path, { readonly: true });
    expect(databaseCheck(readOnly)()).toMatch(/^cannot be written \(SQLITE_READONLY/);
    expect(readOnly.inTransaction).toBe(false);
  });

  it('counts a database busy with another writer as working', () => {
    const { path, db } = fresh();
    const other = open(path);
    other.exec('BEGIN IMMEDIATE');
    expect(databaseCheck(db)()).toBeNull();
    other.exec('ROLLBACK');
  });

  it('says so when the database is closed', () => {
    const { db } = fresh();
    db.close();
    expect(databaseCheck(db)()).toBe('closed');
  });

  it('never commits a transaction it finds open', () => {
    const { db } = fresh();
    db.exec('BEGIN');
    db.exec('INSERT INTO t VALUES (1)');
    expect(databaseCheck(db)()).toBeNull();
    db.exec('ROLLBACK');
    expect(db.prepare('SELECT count(*) AS n FROM t').get()).toEqual({ n: 0 });
  });

  it('answers from its last probe for a second, then probes again', () => {
    const { db } = fresh();
    let now = 0;
    const check = databaseCheck(db, () => now);
    expect(check()).toBeNull();
    db.close();
    now = 999;
    expect(check()).toBeNull();
    now = 1000;
    expect(check()).toBe('closed');
  });
});
