import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { QueryErrorKind } from './busy.js';
import { openDatabase } from './connection.js';
import { countingErrors } from './counted-dialect.js';
import { sqliteDialect } from './sqlite-dialect.js';
import { Storage } from './storage.js';
import { NO_WAIT } from './wait-timing.js';
import { stepMove, testLobby } from '../../tests/support/store-fixtures.js';

function countedStore(path: string) {
  const counted: QueryErrorKind[] = [];
  const store = new Storage(countingErrors(sqliteDialect(openDatabase(path)), (kind) => counted.push(kind)));
  return { store, counted };
}

describe("the store's failed calls, counted for /metrics", () => {
  it('count a busy database as busy, once, and nothing for calls that succeed', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'harbour-counted-')), 'games.sqlite');
    const { store, counted } = countedStore(path);
    const { id } = await store.createLobby(testLobby());
    await store.start(id, { step: 0 }, NO_WAIT);
    expect(counted).toEqual([]);
    const other = new Database(path);
    other.exec('BEGIN IMMEDIATE');
    try {
      await expect(store.transaction((tx) => tx.commitAction(id, 0, stepMove(1)))).rejects.toThrow();
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
    expect(counted).toEqual(['busy']);
    expect(await store.transaction((tx) => tx.commitAction(id, 0, stepMove(1)))).toBe(1);
    expect(counted).toEqual(['busy']);
    // A click's move outside a transaction (the dialect's one go) is counted too.
    const again = new Database(path);
    again.exec('BEGIN IMMEDIATE');
    try {
      await expect(store.commitAction(id, 1, stepMove(2))).rejects.toThrow();
    } finally {
      again.exec('ROLLBACK');
      again.close();
    }
    expect(counted).toEqual(['busy', 'busy']);
    expect(await store.commitAction(id, 1, stepMove(2))).toBe(2);
    expect((await store.getWithSeats(id))?.row.version).toBe(2);
    expect(counted).toEqual(['busy', 'busy']);
  });

  it('count an error thrown through a nested call once, as other', async () => {
    const { store, counted } = countedStore(':memory:');
    const { id } = await store.createLobby(testLobby());
    await expect(
      store.transaction(async (tx) => {
        await tx.setThread(id, 'thread');
        throw new Error('the engine refused');
      }),
    ).rejects.toThrow('the engine refused');
    expect(counted).toEqual(['other']);
    // The handle still says whether a transaction is open, as the root it wraps.
    const h = countingErrors(sqliteDialect(openDatabase(':memory:')), () => undefined);
    expect(h.inTransaction).toBe(false);
    expect(await h.transaction(async () => h.inTransaction)).toBe(true);
  });
});
