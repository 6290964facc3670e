import { describe, expect, it } from 'vitest';
import { onPostgres, testStore } from '../../tests/support/test-store.js';
import { WaitStore, type DueCursor, type DueWait } from './wait-store.js';
import { queryPlans } from '../../tests/support/query-plans.js';
import { testLobby } from '../../tests/support/store-fixtures.js';

/** Running games whose deadlines repeat (many games share a moment, as games started together do). */
async function running(count: number) {
  const store = await testStore(() => 1000);
  const ids: number[] = [];
  for (let n = 0; n < count; n++) {
    const lobby = await store.createLobby(testLobby({ timeLimitMs: 60_000 }));
    await store.join(lobby.id, 'bot:1', 'Bot Bram', 5, 'normal');
    const deadlineAt = 100 + (n % 7) * 10;
    await store.start(lobby.id, {}, { waitingSince: 0, deadlineAt, reminderAt: deadlineAt - 50 });
    ids.push(lobby.id);
  }
  return { store, ids };
}

/** Every page of a walk, `limit` at a time. */
async function walk(read: (after: DueCursor | null) => Promise<DueWait[]>): Promise<DueWait[][]> {
  const pages: DueWait[][] = [];
  let after: DueCursor | null = null;
  for (;;) {
    const page = await read(after);
    pages.push(page);
    if (page.length === 0) return pages;
    after = page[page.length - 1] as DueWait;
  }
}

describe('due waits, page by page', () => {
  it('a walk meets every due game once, soonest first, whatever the pages cut through', async () => {
    const { store, ids } = await running(60);
    for (const limit of [1, 7, 10, 100]) {
      const pages = await walk((after) => store.waits.dueDeadlines(140, { after, limit }));
      const met = pages.flat();
      expect(pages.every((page) => page.length <= limit)).toBe(true);
      expect(met.map((due) => due.id).sort((a, b) => a - b)).toEqual(ids.filter((_, n) => 100 + (n % 7) * 10 <= 140));
      const order = met.map((due) => [due.at, due.id] as const);
      expect(order).toEqual([...order].sort(([a, x], [b, y]) => a - b || x - y));
      expect(met[0]).toEqual({ id: ids[0], version: expect.any(Number), guildId: 'g', gameId: 'cartagena', at: 100 });
    }
    expect((await walk((after) => store.waits.dueReminders(60, { after, limit: 4 }))).flat().map((due) => due.at)).toEqual(
      Array(9).fill(50).concat(Array(9).fill(60)),
    );
  });

  // SQLite's query plans.
  it.skipIf(onPostgres)('each page is a search of the moment’s index, in its order: no state read, no sort of all running games', async () => {
    const plans = (
      await queryPlans(async (db) => {
        const waits = new WaitStore(db);
        await waits.dueDeadlines(5);
        await waits.dueDeadlines(5, { after: { at: 1, id: 2 }, limit: 10 });
        await waits.dueReminders(5, { after: { at: 1, id: 2 } });
        await new WaitStore(db, { id: 1, count: 2 }).dueDeadlines(5, { after: { at: 1, id: 2 } });
      })
    ).map((q) => q.plan);
    expect(plans).toHaveLength(4);
    for (const plan of plans) {
      expect(plan).toMatch(/^SEARCH games USING INDEX games_(deadline|reminder)_idx \((deadline|reminder)_at>\? AND \2_at<\?\)$/);
    }
  });
});
