import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { DatabaseFileError } from './connection.js';
import { databaseFolder, isDiskFull } from './disk-full.js';

/** What `work` throws. */
function thrown(work: () => unknown): unknown {
  try {
    work();
  } catch (error) {
    return error;
  }
  throw new Error('nothing was thrown');
}

/** SQLite's own error for a write the database has no room for. */
function sqliteFull(): unknown {
  const sqlite = new Database(':memory:');
  sqlite.exec('CREATE TABLE t (b BLOB)');
  sqlite.pragma(`max_page_count = ${Number(sqlite.pragma('page_count', { simple: true }))}`);
  return thrown(() => sqlite.prepare('INSERT INTO t VALUES (zeroblob(100000))').run());
}

describe('isDiskFull', () => {
  it("recognises SQLite's SQLITE_FULL and the system's ENOSPC, also wrapped in another error", () => {
    const full = sqliteFull();
    expect((full as { code?: string }).code).toBe('SQLITE_FULL');
    expect(isDiskFull(full)).toBe(true);
    // Linux's /dev/full answers every write with ENOSPC.
    const noSpace = thrown(() => writeFileSync('/dev/full', 'x'));
    expect((noSpace as { code?: string }).code).toBe('ENOSPC');
    expect(isDiskFull(noSpace)).toBe(true);
    expect(isDiskFull(new Error('Failed query: update "games" ...', { cause: full }))).toBe(true);
  });

  it('takes other errors for what they are, and an I/O error for a full disk only when the disk has no room left', () => {
    const sqlite = new Database(':memory:');
    const constraint = thrown(() => sqlite.exec('CREATE TABLE t (x UNIQUE); INSERT INTO t VALUES (1), (1)'));
    expect(isDiskFull(constraint)).toBe(false);
    expect(isDiskFull(new Error('fetch failed'))).toBe(false);
    expect(isDiskFull(null)).toBe(false);
    const ioError = Object.assign(new Error('disk I/O error'), { code: 'SQLITE_IOERR_SHMSIZE' });
    expect(isDiskFull(ioError)).toBe(false);
    // The temporary folder's disk has room (the tests write there).
    expect(isDiskFull(ioError, tmpdir())).toBe(false);
  });
});

describe('databaseFolder', () => {
  it('knows the folder of a database file, and that one in memory has none', () => {
    expect(databaseFolder('/srv/bot/data/games.sqlite')).toBe('/srv/bot/data');
    expect(databaseFolder(':memory:')).toBeUndefined();
  });
});

describe('a full disk found while opening the database', () => {
  it('is one sentence that names the disk to make room on, not a backup to put back', () => {
    const path = join(tmpdir(), 'harbour-full', 'games.sqlite');
    const error = DatabaseFileError.from(path, sqliteFull());
    expect(error.message).toBe(`the database file ${path} cannot be written: the disk is full (SQLITE_FULL: database or disk is full)`);
    expect(error.fix).toBe(`free some space on the disk that holds ${join(tmpdir(), 'harbour-full')}`);
    expect(error.restoreHelps).toBe(false);
  });
});
