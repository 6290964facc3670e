/**
 * A commit is one transaction on both stores (in the storage suite: run on SQLite in `unit` and
 * on PostgreSQL in `postgres`): its writes go through the transaction's own connection, so one
 * that fails takes the others back with it.
 */
import { describe, expect, it } from 'vitest';
import { testStore } from '../../tests/support/test-store.js';
import { StaleVersion } from './storage.js';
import { NO_WAIT } from './wait-timing.js';
import { testLobby } from '../../tests/support/store-fixtures.js';

describe("a commit's writes", () => {
  it('are taken back whole when a later one fails: an undo of an action that is not there leaves the game at its version, its state and its log', async () => {
    let clock = 1000;
    const store = await testStore(() => clock++);
    const lobby = await store.createLobby(testLobby());
    expect(await store.start(lobby.id, { step: 0 }, NO_WAIT)).toBe(true);
    expect(await store.commitAction(lobby.id, 0, { seat: 0, action: { a: 1 }, publicEvents: [], nextState: { step: 1 }, wait: NO_WAIT })).toBe(1);
    // The game's row is advanced first, then the undone action marked: there is no action 7.
    await expect(
      store.commitAction(lobby.id, 1, { seat: 0, action: { undo: 7 }, publicEvents: [], nextState: { step: 2 }, wait: NO_WAIT, undoes: 7 }),
    ).rejects.toThrow(StaleVersion);
    const row = await store.get(lobby.id);
    expect(row?.version).toBe(1);
    expect(row?.state).toEqual({ step: 1 });
    expect((await store.log.actionsOf(lobby.id)).map((a) => a.seq)).toEqual([1]);
  });
});
