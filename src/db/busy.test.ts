import Database from 'better-sqlite3';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { asCommitFailure, CommitUnknown, isBusy, isCommitUnknown, isUnreachable, queryErrorCode, queryErrorKind, whenWritable } from './busy.js';

/** An error as node-postgres gives it: the server's SQLSTATE or Node's network code in `code`. */
const coded = (code: string, message = 'failed') => Object.assign(new Error(message), { code });
/** As drizzle throws it: the driver's error as its cause, the query and its values in the message. */
const wrapped = (cause: Error) => new DrizzleQueryError('update games set state = $1', ['{"hand":[1,2]}'], cause);

describe('the kind of a failed query', () => {
  it('counts a lock held by another writer as busy, on both stores', () => {
    expect(queryErrorKind(new Database.SqliteError('database is locked', 'SQLITE_BUSY'))).toBe('busy');
    expect(queryErrorKind(new Database.SqliteError('locked', 'SQLITE_LOCKED_SHAREDCACHE'))).toBe('busy');
    expect(queryErrorKind(wrapped(coded('55P03', 'canceling statement due to lock timeout')))).toBe('busy');
  });

  it("tells PostgreSQL's serialization failures and deadlocks apart", () => {
    expect(queryErrorKind(wrapped(coded('40001')))).toBe('serialization');
    expect(queryErrorKind(wrapped(coded('40P01')))).toBe('deadlock');
  });

  it('counts a server that cannot be reached or a cut connection as a connection error', () => {
    for (const code of ['ECONNREFUSED', 'ECONNRESET', '57P01', '57P03', '08006', '08003', '08001'])
      expect(queryErrorKind(wrapped(coded(code))), code).toBe('connection');
    expect(queryErrorKind(new Error('Connection terminated unexpectedly'))).toBe('connection');
    expect(queryErrorKind(wrapped(new Error('Connection terminated due to connection timeout')))).toBe('connection');
    expect(queryErrorKind(new Error('Client has encountered a connection error and is not queryable'))).toBe('connection');
  });

  it('leaves anything else as other: a full disk, a broken constraint, a bug', () => {
    expect(queryErrorKind(new Database.SqliteError('database or disk is full', 'SQLITE_FULL'))).toBe('other');
    expect(queryErrorKind(wrapped(coded('23505', 'duplicate key')))).toBe('other');
    expect(queryErrorKind(new TypeError('x is undefined'))).toBe('other');
    expect(queryErrorKind('a string')).toBe('other');
    expect(queryErrorKind(null)).toBe('other');
    // A message that only mentions a connection is not a cut one.
    expect(queryErrorKind(new Error('the game says: Connection terminated'))).toBe('other');
  });

  it('retries busy, serialization and deadlock (they changed nothing), and only those', () => {
    expect([coded('55P03'), coded('40001'), coded('40P01')].map((e) => isBusy(wrapped(e)))).toEqual([true, true, true]);
    expect([coded('ECONNREFUSED'), coded('23505'), new Error('x')].map((e) => isBusy(wrapped(e)))).toEqual([false, false, false]);
    expect(isUnreachable(wrapped(coded('57P01')))).toBe(true);
    expect(isUnreachable(wrapped(coded('40001')))).toBe(false);
  });

  it("names the code for the log, never the query's values", () => {
    expect(queryErrorCode(wrapped(coded('ECONNREFUSED')))).toBe('ECONNREFUSED');
    expect(queryErrorCode(wrapped(new Error('Connection terminated unexpectedly')))).toBe('connection terminated');
    expect(queryErrorCode(new Error('x'))).toBeNull();
  });
});

describe('a commit that met a cut connection', () => {
  it('is unknown once the commit may have left, and stays what it was when it could not have', () => {
    for (const cut of [coded('ECONNRESET'), coded('57P01'), coded('08006'), new Error('Connection terminated unexpectedly')]) {
      const failure = asCommitFailure(wrapped(cut));
      expect(failure).toBeInstanceOf(CommitUnknown);
      expect(isCommitUnknown(failure)).toBe(true);
      // Still a connection error for the metrics and the outage's log line.
      expect(isUnreachable(failure)).toBe(true);
      expect(isBusy(failure)).toBe(false);
    }
    for (const unsent of [
      coded('ECONNREFUSED'),
      coded('57P03'),
      new Error('timeout exceeded when trying to connect'),
      coded('55P03'),
      coded('40001'),
      coded('23505'),
    ]) {
      const error = wrapped(unsent);
      expect(asCommitFailure(error)).toBe(error);
      expect(isCommitUnknown(error)).toBe(false);
    }
    expect(isCommitUnknown(new Error('outer', { cause: new CommitUnknown(coded('EPIPE')) }))).toBe(true);
  });
});

describe('whenWritable', () => {
  it("tries a write again after PostgreSQL's serialization failure, then gives its result", async () => {
    let tries = 0;
    const result = await whenWritable(
      async () => {
        if (++tries < 3) throw wrapped(coded(tries === 1 ? '40001' : '40P01'));
        return 'written';
      },
      1000,
      1,
    );
    expect([result, tries]).toEqual(['written', 3]);
  });

  it('does not try again when the server cannot be reached: the write may have been committed', async () => {
    let tries = 0;
    const cut = wrapped(coded('ECONNRESET'));
    await expect(
      whenWritable(
        async () => {
          tries++;
          throw cut;
        },
        1000,
        1,
      ),
    ).rejects.toBe(cut);
    expect(tries).toBe(1);
  });
});
