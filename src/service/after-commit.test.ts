import { AsyncLocalStorage } from 'node:async_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { testStore } from '../../tests/support/test-store.js';
import { games } from '../games/index.js';
import { GameService, type Change } from './game-service.js';
import { hostingOf } from './hosting.js';
import { storeForTests } from './test-access.js';
import { LOBBY_REQUEST } from '../../tests/support/service-fixtures.js';

/** A service whose listeners note each change told and whether a transaction was open then. */
async function listened() {
  const svc = new GameService(await testStore(), games, () => 'seed');
  const told: { id: number; change: Change; inTransaction: boolean }[] = [];
  svc.afterCommit((id, change) => told.push({ id, change, inTransaction: storeForTests(svc).inTransaction }));
  return { svc, told };
}

describe('listeners of committed changes (afterCommit)', () => {
  it('are told of each change once its write is committed, in the order the changes were made', async () => {
    const { svc, told } = await listened();
    const lobby = await svc.openLobby(LOBBY_REQUEST);
    if (!lobby.ok) throw new Error(lobby.refusal);
    await svc.join(lobby.value.id, 'ann', 'Ann');
    const started = await svc.start(lobby.value.id, 'host');
    if (!started.ok) throw new Error(started.refusal);
    const game = started.value;
    const seat = game.def.toAct(game.state)[0] as number;
    const moved = await svc.act(game.row.id, game.seats[seat]?.userId as string, game.row.version, 0);
    expect(moved.ok).toBe(true);
    await nextTurn();
    expect(told.map((t) => t.change)).toEqual(['start', 'action']);
    expect(told.every((t) => t.id === game.row.id && !t.inTransaction)).toBe(true);
  });

  it('are told of moves made inside a transaction of their own: a resignation, and the one that ends the game', async () => {
    const { svc, told } = await listened();
    const lobby = await svc.openLobby(LOBBY_REQUEST);
    if (!lobby.ok) throw new Error(lobby.refusal);
    await svc.join(lobby.value.id, 'ann', 'Ann');
    await svc.join(lobby.value.id, 'bob', 'Bob');
    expect((await svc.start(lobby.value.id, 'host')).ok).toBe(true);
    expect((await svc.resign(lobby.value.id, 'ann')).ok).toBe(true);
    const ended = await svc.resign(lobby.value.id, 'bob');
    expect(ended.ok && ended.value.result !== null).toBe(true);
    await nextTurn();
    expect(told.map((t) => t.change)).toEqual(['start', 'action', 'action']);
  });

  it('wait while a transaction is still open, and are told once it is over', async () => {
    const { svc, told } = await listened();
    let finish = (): void => {};
    let toldBoth = (): void => {};
    // The work tells of both changes, then stays open until the test lets it finish (PostgreSQL's
    // transaction begins only once it has a connection, a few turns later than SQLite's).
    const bothTold = new Promise<void>((resolve) => (toldBoth = resolve));
    const open = storeForTests(svc).transaction(async (tx) => {
      hostingOf(svc).tellCommitted(1, 'action', tx);
      hostingOf(svc).tellCommitted(2, 'cancel', tx);
      toldBoth();
      await new Promise<void>((resolve) => (finish = resolve));
    });
    await bothTold;
    await nextTurn();
    await nextTurn();
    expect(told).toEqual([]);
    finish();
    await open;
    await nextTurn();
    await nextTurn();
    expect(told).toEqual([
      { id: 1, change: 'action', inTransaction: false },
      { id: 2, change: 'cancel', inTransaction: false },
    ]);
  });

  it('are not told of a change whose transaction rolled back, nor of one told through the store outside its transaction', async () => {
    const { svc, told } = await listened();
    const failed = storeForTests(svc).transaction(async (tx) => {
      hostingOf(svc).tellCommitted(1, 'action', tx);
      throw new Error('rolled back');
    });
    await expect(failed).rejects.toThrow('rolled back');
    const misused = storeForTests(svc).transaction(async () => hostingOf(svc).tellCommitted(2, 'action'));
    await expect(misused).rejects.toThrow(/outside its transaction/);
    await nextTurn();
    expect(told).toEqual([]);
  });

  it("are told in the service's own async context, not that of the transaction the change was made in", async () => {
    const { svc } = await listened();
    // As the store knows its transaction: by the async context the work runs in.
    const transaction = new AsyncLocalStorage<string>();
    const seen: (string | undefined)[] = [];
    svc.afterCommit(() => seen.push(transaction.getStore()));
    transaction.run('open', () => hostingOf(svc).tellCommitted(1, 'action'));
    await nextTurn();
    expect(seen).toEqual([undefined]);
  });
});
