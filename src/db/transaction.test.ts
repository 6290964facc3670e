import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it, vi } from 'vitest';
import { isBusy } from './busy.js';
import { openDatabase } from './connection.js';
import { onPostgres, testStore } from '../../tests/support/test-store.js';
import { Storage } from './storage.js';
import { startedGame, stepMove } from '../../tests/support/store-fixtures.js';

describe('store transactions', () => {
  it('commit when the work resolves and roll everything back when it throws', async () => {
    const store = await testStore();
    const id = await startedGame(store);
    await expect(
      store.transaction(async (tx) => {
        await tx.commitAction(id, 0, stepMove(1));
        await tx.setThread(id, 'thread');
        throw new Error('the engine refused');
      }),
    ).rejects.toThrow('the engine refused');
    expect((await store.get(id))?.version).toBe(0);
    expect((await store.get(id))?.threadId).toBeNull();
    expect(await store.log.actionsOf(id)).toEqual([]);
    expect(await store.transaction((tx) => tx.commitAction(id, 0, stepMove(1)))).toBe(1);
    expect((await store.get(id))?.version).toBe(1);
  });

  it('refuse the root store inside its own open transaction, and join a nested one', async () => {
    const store = await testStore();
    const id = await startedGame(store);
    await expect(store.transaction(async () => store.get(id))).rejects.toThrow(/outside its transaction while one is open/);
    await expect(store.transaction(async () => store.posts.owing())).rejects.toThrow(/outside its transaction/);
    await expect(store.transaction(async () => store.transaction(async () => 1))).rejects.toThrow(/outside its transaction/);
    const seen = await store.transaction(async (tx) => {
      expect(tx.inTransaction).toBe(true);
      expect(store.inTransaction).toBe(true);
      await tx.commitAction(id, 0, stepMove(1));
      return tx.transaction(async (inner) => (await inner.get(id))?.version);
    });
    expect(seen).toBe(1);
    expect(store.inTransaction).toBe(false);
  });

  it('of one game run one after the other, never interleaved (SQLite: every transaction, in the order they were asked for)', async () => {
    const store = await testStore();
    const id = await startedGame(store);
    const steps: string[] = [];
    const work = (name: string) =>
      store.transaction(async (tx) => {
        await tx.lockGame(id);
        steps.push(`${name} begins`);
        const version = (await tx.get(id))?.version ?? -1;
        await new Promise((resolve) => setTimeout(resolve, 20));
        await tx.commitAction(id, version, stepMove(version + 1));
        steps.push(`${name} ends`);
      });
    await Promise.all([work('a'), work('b'), work('c')]);
    const pairs = [0, 2, 4].map((n) => [steps[n], steps[n + 1]]);
    expect(pairs.every(([begins, ends]) => begins?.replace('begins', 'ends') === ends)).toBe(true);
    // PostgreSQL runs them at once up to the game's lock, which goes to whichever asks first.
    if (!onPostgres) expect(steps).toEqual(['a begins', 'a ends', 'b begins', 'b ends', 'c begins', 'c ends']);
    expect((await store.get(id))?.version).toBe(3);
  });

  it('leave the root store seeing only what was committed while one is open (SQLite: it waits its turn)', async () => {
    const store = await testStore();
    const id = await startedGame(store);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const order: string[] = [];
    const open = store.transaction(async (tx) => {
      await tx.commitAction(id, 0, stepMove(1));
      order.push('written');
      await held;
      throw new Error('rolled back');
    });
    await vi.waitFor(() => expect(order).toEqual(['written']), { timeout: 10_000 });
    const read = store.get(id).then((row) => {
      order.push('read');
      return row;
    });
    if (onPostgres) {
      // PostgreSQL's reads take a connection of their own and see the last commit, the transaction still open.
      expect((await read)?.version).toBe(0);
      expect(order).toEqual(['written', 'read']);
    } else {
      // SQLite's one connection: the read waits its turn.
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(order).toEqual(['written']);
    }
    release();
    await expect(open).rejects.toThrow('rolled back');
    expect((await read)?.version).toBe(0); // never the uncommitted version 1
    expect(order).toEqual(['written', 'read']);
  });

  // SQLite's file lock (PostgreSQL's lock timeouts are their own tests).
  it.skipIf(onPostgres)('fail at their start, with the busy error, when another connection holds the write lock', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'harbour-tx-')), 'games.sqlite');
    const store = new Storage(openDatabase(path));
    const id = await startedGame(store);
    const other = new Database(path);
    other.exec('BEGIN IMMEDIATE');
    let started = false;
    try {
      const error = await store
        .transaction(async (tx) => {
          started = true;
          await tx.commitAction(id, 0, stepMove(1));
        })
        .catch((e: unknown) => e);
      expect(isBusy(error)).toBe(true);
      expect(started).toBe(false);
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
    // The connection is free again: the next transaction goes through.
    expect(await store.transaction((tx) => tx.commitAction(id, 0, stepMove(1)))).toBe(1);
  });
});
