import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { errorLine } from './error-line.js';

describe('an error in one line', () => {
  it('gives the code and the first line, cut short', () => {
    const error = Object.assign(new Error(`database or disk is full\nmore`), { code: 'SQLITE_FULL' });
    expect(errorLine(error)).toBe('SQLITE_FULL: database or disk is full');
    expect(errorLine(new Error('x'.repeat(500)))).toHaveLength(160);
    expect(errorLine('plain')).toBe('plain');
  });

  it("tells a failed query by the driver's error, never by the query's text or values", () => {
    const cause = Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' });
    const wrapped = new DrizzleQueryError('update "games" set "state" = $1 where "id" = $2', ['{"hands":[["secret-card"]]}', 7], cause);
    expect(errorLine(wrapped)).toBe('ECONNRESET: Connection terminated unexpectedly');
    const bare = new DrizzleQueryError('select "state" from "games"', ['secret-card'], undefined);
    expect(errorLine(bare)).toBe('a query failed');
    expect(errorLine(new Error('outer', { cause: wrapped }))).toBe('outer');
  });
});
