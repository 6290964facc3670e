import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryPlans } from '../../tests/support/query-plans.js';
import { handleOf, onPostgres, testStore } from '../../tests/support/test-store.js';
import { Storage, NOTHING_POSTED, StaleVersion } from './storage.js';
import { NO_WAIT } from './wait-timing.js';
import { startedGame, testLobby } from '../../tests/support/store-fixtures.js';

async function storeWithRunningGame() {
  let clock = 1000;
  const store = await testStore(() => clock++);
  return { store, id: await startedGame(store) };
}

describe('game store', () => {
  it('runs on the database its project names: PostgreSQL in `postgres`, SQLite in `unit`', async ({ task }) => {
    // Without this, a project whose store setting were lost would run the suite on SQLite twice.
    expect(onPostgres).toBe(task.file.projectName === 'postgres');
    const h = handleOf(await testStore());
    const query = onPostgres ? sql`SELECT version() AS version` : sql`SELECT 'SQLite ' || sqlite_version() AS version`;
    const [row] = await h.rows<{ version: string }>(query);
    expect(row?.version).toMatch(onPostgres ? /^PostgreSQL \d+/ : /^SQLite 3\./);
  });

  it('commits an action only at the version it was read at, and logs it', async () => {
    const { store, id } = await storeWithRunningGame();
    expect(await store.commitAction(id, 0, { seat: 0, action: { a: 1 }, publicEvents: [{ e: 1 }], nextState: { step: 1 }, wait: NO_WAIT })).toBe(1);
    await expect(store.commitAction(id, 0, { seat: 1, action: { a: 2 }, publicEvents: [], nextState: { step: 99 }, wait: NO_WAIT })).rejects.toThrow(
      StaleVersion,
    );
    const row = await store.get(id);
    expect(row?.version).toBe(1);
    expect(row?.state).toEqual({ step: 1 });
    expect((await store.log.actionsOf(id)).map((a) => [a.seq, a.seat, a.action, a.publicEvents])).toEqual([[1, 0, { a: 1 }, [{ e: 1 }]]]);
  });

  it('reads a state as the database holds it, even when it was changed there behind its back, and hands it out frozen', async () => {
    const store = await testStore();
    const lobby = await store.createLobby(testLobby());
    await store.start(lobby.id, { step: 0 }, NO_WAIT);
    await store.commitAction(lobby.id, 0, { seat: 0, action: {}, publicEvents: [], nextState: { step: 1, hand: [1, 2] }, wait: NO_WAIT });
    const first = (await store.get(lobby.id))?.state as { step: number; hand: number[] };
    expect((await store.get(lobby.id))?.state).toBe(first); // the same stored text: parsed once
    expect(() => first.hand.push(3)).toThrow(TypeError);
    // The row is edited by hand, past the store, at the same version: the next read shows the edit.
    const { db, t } = handleOf(store);
    await db
      .update(t.games)
      .set({ state: { step: 7, hand: [] } })
      .where(eq(t.games.id, lobby.id));
    expect((await store.get(lobby.id))?.state).toEqual({ step: 7, hand: [] });
  });

  it('records the result and the finish when the final action is committed', async () => {
    const { store, id } = await storeWithRunningGame();
    await store.commitAction(id, 0, {
      seat: 0,
      action: {},
      publicEvents: [],
      nextState: { over: true },
      wait: NO_WAIT,
      result: { scores: [1, 0], ranking: [[0], [1]] },
    });
    const row = await store.get(id);
    expect(row?.status).toBe('finished');
    expect(row?.result).toEqual({ scores: [1, 0], ranking: [[0], [1]] });
    expect(row?.finishedAt).not.toBeNull();
    await expect(store.commitAction(id, 1, { seat: 0, action: {}, publicEvents: [], nextState: {}, wait: NO_WAIT })).rejects.toThrow(StaleVersion);
  });

  it('lists a started game as owing a post until its opening post is made, then after each unposted action, and one with posts to trim', async () => {
    const { store, id } = await storeWithRunningGame();
    expect((await store.get(id))?.lastPostedSeq).toBe(NOTHING_POSTED);
    expect(await store.posts.owing()).toEqual([id]);
    await store.posts.markPosted(id, 0);
    expect(await store.posts.owing()).toEqual([]);
    await store.commitAction(id, 0, { seat: 0, action: {}, publicEvents: [], nextState: {}, wait: NO_WAIT });
    expect(await store.posts.owing()).toEqual([id]);
    await store.posts.markPosted(id, 1);
    await store.posts.markPosted(id, 0); // a late, older post never moves the mark back
    expect((await store.get(id))?.lastPostedSeq).toBe(1);
    expect(await store.posts.owing()).toEqual([]);
    // A newer post leaves the one before it to trim: owed until it is trimmed.
    await store.commitAction(id, 1, { seat: 0, action: {}, publicEvents: [], nextState: {}, wait: NO_WAIT });
    await store.posts.markPosted(id, 2, { channelId: 'c', messageId: 'm1', summary: 'one' });
    await store.commitAction(id, 2, { seat: 0, action: {}, publicEvents: [], nextState: {}, wait: NO_WAIT });
    await store.posts.markPosted(id, 3, { channelId: 'c', messageId: 'm2', summary: 'two' });
    expect(await store.posts.owing()).toEqual([id]);
    // Trims held (near Discord's global limit): a game that owes only trims is not listed.
    expect(await store.posts.owing({ trims: false })).toEqual([]);
    await store.commitAction(id, 3, { seat: 0, action: {}, publicEvents: [], nextState: {}, wait: NO_WAIT });
    expect(await store.posts.owing({ trims: false })).toEqual([id]);
    await store.posts.markPosted(id, 4);
    await store.posts.markTrimmed(id, 'm1');
    expect(await store.posts.owing()).toEqual([]);
  });

  it('owes a trim of the last board post once the game is cancelled, also of a post that was on its way meanwhile', async () => {
    const { store, id } = await storeWithRunningGame();
    await store.posts.markPosted(id, 0, { channelId: 'c', messageId: 'm1', summary: 'one' });
    await store.commitAction(id, 0, { seat: 0, action: {}, publicEvents: [], nextState: {}, wait: NO_WAIT });
    await store.posts.markPosted(id, 1, { channelId: 'c', messageId: 'm2', summary: 'two' });
    await store.posts.markTrimmed(id, 'm1');
    expect(await store.posts.owing()).toEqual([]);
    expect(await store.cancel(id)).toBe(true);
    expect((await store.get(id))?.boardPost).toBeNull();
    expect((await store.get(id))?.postsToTrim.map((p) => p.messageId)).toEqual(['m2']);
    expect(await store.posts.owing()).toEqual([id]);
    // A post that went out while the cancellation was committed: superseded already.
    await store.posts.markPosted(id, 1, { channelId: 'c', messageId: 'm3', summary: 'three' });
    expect((await store.get(id))?.postsToTrim.map((p) => p.messageId)).toEqual(['m2', 'm3']);
    expect((await store.get(id))?.boardPost).toBeNull();
    await store.posts.markTrimmed(id, 'm2');
    await store.posts.markTrimmed(id, 'm3');
    expect(await store.posts.owing()).toEqual([]);
    // A lobby has no post to trim.
    const lobby = await store.createLobby(testLobby());
    expect(await store.cancel(lobby.id)).toBe(true);
    expect((await store.get(lobby.id))?.postsToTrim).toEqual([]);
  });

  // SQLite's query plans (PostgreSQL's planner is checked on its own).
  it.skipIf(onPostgres)('finds the games that owe a post on their partial index, without reading the others', async () => {
    const plan = (await queryPlans(async (db) => void (await new Storage(db).posts.owing()))).at(-1)?.plan;
    expect(plan).toMatch(/USING (COVERING )?INDEX games_owing_idx/);
    const sharded = (await queryPlans(async (db) => void (await new Storage(db, Date.now, { id: 1, count: 2 }).posts.owing()))).at(-1)?.plan;
    expect(sharded).toMatch(/USING (COVERING )?INDEX games_owing_idx/);
  });
});
