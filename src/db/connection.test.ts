import { chmodSync, mkdirSync, mkdtempSync, openSync, writeFileSync, writeSync, closeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { DatabaseFileError, openDatabase } from './connection.js';
import { backupName, restoreAdvice } from './backup.js';

const tempDir = () => mkdtempSync(join(tmpdir(), 'harbour-db-'));

/** What openDatabase throws for the file, which must be a DatabaseFileError. */
function failure(path: string): DatabaseFileError {
  try {
    openDatabase(path);
  } catch (error) {
    expect(error).toBeInstanceOf(DatabaseFileError);
    return error as DatabaseFileError;
  }
  throw new Error(`${path} opened without complaint`);
}

describe('opening the database file', () => {
  it('opens a good file, again and again', () => {
    const path = join(tempDir(), 'games.sqlite');
    openDatabase(path).$client.close();
    const db = openDatabase(path);
    expect(db.$client.prepare('SELECT count(*) AS n FROM games').get()).toEqual({ n: 0 });
    db.$client.close();
  });

  it('says so when the file is not a database', () => {
    const path = join(tempDir(), 'games.sqlite');
    writeFileSync(path, 'These are my notes, not a database. '.repeat(200));
    const error = failure(path);
    expect(error.message).toBe(`the database file ${path} is not a SQLite database (SQLITE_NOTADB)`);
    expect(error.fix).toBeNull();
  });

  it('says so when the file is damaged', () => {
    const path = join(tempDir(), 'games.sqlite');
    const db = openDatabase(path);
    const insert = db.$client.prepare(
      `INSERT INTO games (guild_id, channel_id, host_id, game_id, options, seed, rules_version, created_at, updated_at) VALUES ('g', 'c', 'h', 'cartagena', '{}', ?, 1, 0, 0)`,
    );
    for (let i = 0; i < 2000; i++) insert.run(`a fairly long seed to fill some pages ${i}`);
    db.$client.close();
    // Scribble over the pages after the first (the header stays intact).
    const fd = openSync(path, 'r+');
    for (let page = 2; page < 40; page += 3) writeSync(fd, Buffer.alloc(4096, 0xa5), 0, 4096, (page - 1) * 4096);
    closeSync(fd);
    expect(failure(path).message).toMatch(new RegExp(`^the database file ${path} is damaged \\((SQLITE_CORRUPT|the integrity check says: [^\\n]+)\\)$`));
  });

  it('says so when the file cannot be opened, and what to check', () => {
    const folder = tempDir();
    const error = failure(folder); // a folder, not a file
    expect(error.message).toMatch(new RegExp(`^the database file ${folder} cannot be opened \\(SQLITE_CANTOPEN: unable to open database file\\)$`));
    expect(error.fix).toBe('check that the bot may read and write it and its folder');
    const blocker = join(tempDir(), 'a-file');
    writeFileSync(blocker, '');
    expect(failure(join(blocker, 'games.sqlite')).message).toMatch(/cannot be opened \((ENOTDIR|EEXIST): /);
  });

  it.skipIf(process.getuid?.() === 0)('says so when the file can be read but not written', () => {
    const dir = tempDir();
    const path = join(dir, 'games.sqlite');
    openDatabase(path).$client.close();
    chmodSync(path, 0o444);
    expect(failure(path).message).toMatch(/cannot be written \(SQLITE_READONLY/);
  });

  it('names the problem of every kind of unusable file (also those a test run as root cannot make)', () => {
    const from = (code: string, message: string) => DatabaseFileError.from('/data/games.sqlite', Object.assign(new Error(message), { code }));
    expect(from('EACCES', "EACCES: permission denied, mkdir '/data'").message).toBe(
      "the database file /data/games.sqlite cannot be opened (EACCES: permission denied, mkdir '/data')",
    );
    expect(from('SQLITE_READONLY', 'attempt to write a readonly database').message).toBe(
      'the database file /data/games.sqlite cannot be written (SQLITE_READONLY: attempt to write a readonly database)',
    );
    expect(from('SQLITE_READONLY', '').fix).toMatch(/may read and write/);
    expect(from('SQLITE_CORRUPT_INDEX', 'database disk image is malformed').message).toBe(
      'the database file /data/games.sqlite is damaged (SQLITE_CORRUPT_INDEX)',
    );
    expect(from('SQLITE_FULL', 'database or disk is full').message).toBe(
      'the database file /data/games.sqlite cannot be written: the disk is full (SQLITE_FULL: database or disk is full)',
    );
  });

  it('says so when the migration fails', () => {
    const path = join(tempDir(), 'games.sqlite');
    const other = new Database(path);
    other.exec('CREATE TABLE games (name TEXT)'); // another program's database
    other.close();
    expect(failure(path).message).toBe(
      `the database file ${path} could not be brought up to this version of the bot (SQLITE_ERROR: table \`games\` already exists)`,
    );
  });
});

describe('the advice at a failed start', () => {
  const problem = new DatabaseFileError('./data/games.sqlite', 'is not a SQLite database (SQLITE_NOTADB)');

  it('names the newest backup to put back', () => {
    const dir = join(tempDir(), 'backups');
    mkdirSync(dir);
    for (const at of [Date.UTC(2026, 10, 22), Date.UTC(2026, 10, 23)]) writeFileSync(join(dir, backupName('games.sqlite', at)), '');
    expect(restoreAdvice(problem, dir, './data/games.sqlite')).toBe(
      `the database file ./data/games.sqlite is not a SQLite database (SQLITE_NOTADB); put the newest backup back with: npm run restore -- ${join(dir, 'games-2026-11-23T00-00-00Z.sqlite')}`,
    );
    const locked = new DatabaseFileError(
      './data/games.sqlite',
      'cannot be opened (EACCES: permission denied)',
      'check that the bot may read and write it and its folder',
    );
    expect(restoreAdvice(locked, dir, './data/games.sqlite')).toMatch(
      /; check that the bot may read and write it and its folder, or put the newest backup back with: npm run restore -- .*games-2026-11-23T00-00-00Z\.sqlite$/,
    );
  });

  it('says when there is no backup', () => {
    const dir = join(tempDir(), 'none');
    expect(restoreAdvice(problem, dir, './data/games.sqlite')).toBe(
      `the database file ./data/games.sqlite is not a SQLite database (SQLITE_NOTADB); there is no backup in ${dir} to put back with npm run restore -- FILE, so move the file aside to start with an empty database`,
    );
  });
});
