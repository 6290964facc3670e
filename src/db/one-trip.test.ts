import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { handleOf, onPostgres, testStore } from '../../tests/support/test-store.js';
import type { Dialect } from './dialect.js';
import { Storage, StaleVersion } from './storage.js';
import { NO_WAIT } from './wait-timing.js';
import { testLobby } from '../../tests/support/store-fixtures.js';

// A click's read and write in one go each (the dialect's `oneTrip`: one statement each on
// PostgreSQL, ./pg/one-trip.ts; one turn on the connection on SQLite, ./sqlite-one-trip.ts) must
// give and write exactly what the store's plain path does: the same store over the same
// database, with `oneTrip` taken away, is the yardstick.

async function runningGame(store: Storage): Promise<number> {
  const lobby = await store.createLobby(testLobby({ options: { variant: 'jamaica' }, locale: 'nl', timeLimitMs: 60_000 }));
  expect(await store.join(lobby.id, 'ann', 'Ann 🦜', 5)).toBe(true);
  expect(await store.join(lobby.id, 'bot', 'Bot', 5, 'hard')).toBe(true);
  expect(await store.start(lobby.id, { step: 0, hands: [[1, 2], [3]] }, { waitingSince: 5, deadlineAt: 60_005, reminderAt: 30_005 })).toBe(true);
  return lobby.id;
}

/** The same database through the store's plain path: two statements to read, a transaction to write. */
function plain(store: Storage): Storage {
  const h = handleOf(store);
  expect(h.oneTrip).toBeDefined();
  return new Storage(Object.create(h, { oneTrip: { value: undefined } }) as Dialect, () => 7_000);
}

describe(`a click's read and write in one go each, on ${onPostgres ? 'PostgreSQL' : 'SQLite'}`, () => {
  it('reads a game and its seats as the two plain reads do, every kind of column included', async () => {
    const store = await testStore(() => 7_000);
    const id = await runningGame(store);
    const { db, t } = handleOf(store);
    // Each seat column away from its default: booleans, a JSON list, times in ms, a nullable level.
    await db
      .update(t.seats)
      .set({ resigned: true, unansweredVersion: 3, standInVotes: ['h', 'bot'], standInUntil: 2 ** 41 + 7, leftAt: 1_700_000_000_123 })
      .where(eq(t.seats.userId, 'ann'));
    // Time off: Ann's that lasts, one of hers that ended, one over, one in another server, one of someone not at the table.
    let next = 100;
    const off = (userId: string, guildId: string, startsAt: number, until: number, endedAt: number | null = null) => ({
      id: next++,
      guildId,
      userId,
      startsAt,
      until,
      endedAt,
      reason: null,
    });
    // Listed so that no row's id is the game's: a read that joined the wrong ids would show.
    await db
      .insert(t.timeOff)
      .values([
        off('h', 'other', 6_000, 90_000),
        off('cas', 'g', 6_000, 90_000),
        off('ann', 'g', 1_000, 50_000, 2_000),
        off('h', 'g', 1_000, 6_999),
        off('ann', 'g', 6_000, 90_000),
      ]);
    expect((await db.select({ id: t.timeOff.id }).from(t.timeOff)).map((r) => r.id)).not.toContain(id);
    const reference = plain(store);
    const expected = { row: await reference.get(id), seats: await reference.seatsOf(id) };
    expect(expected.seats.map((s) => s.userId)).toEqual(['h', 'ann', 'bot']);
    const read = await store.getWithSeats(id, 7_000);
    expect(read && { row: read.row, seats: read.seats }).toEqual(expected);
    // PostgreSQL: what has not ended by then, of the people at this table in this server, as the
    // plain read of it gives. SQLite asks when a move needs it (in process, cheaper than on every load).
    const current = (await reference.timeOff.current('g', ['h', 'ann', 'bot'], 7_000)).map(({ userId, startsAt, until }) => ({ userId, startsAt, until }));
    expect(current).toEqual([{ userId: 'ann', startsAt: 6_000, until: 90_000 }]);
    expect(read?.away).toEqual(onPostgres ? current : undefined);
    expect(await store.getWithSeats(id + 1000)).toBeUndefined();
  });

  it('writes a move as the plain transaction does, and nothing at a version the game has left', async () => {
    const store = await testStore(() => 7_000);
    const fast = await runningGame(store);
    const slow = await runningGame(store);
    const move = {
      seat: 1,
      action: { card: 'hat', path: [3, 4] },
      publicEvents: [{ kind: 'moved', text: 'Ann → 4' }],
      nextState: { step: 1, note: 'é "q" \\' },
      wait: { waitingSince: 7_000, deadlineAt: 67_000, reminderAt: null },
      origin: 'stand-in' as const,
      undoable: true,
    };
    expect(await store.commitAction(fast, 0, move)).toBe(1);
    expect(await plain(store).commitAction(slow, 0, move)).toBe(1);
    const { db, t } = handleOf(store);
    const game = async (id: number) => ({ ...(await db.select().from(t.games).where(eq(t.games.id, id)))[0], id: 0 });
    const logged = async (id: number) => (await db.select().from(t.actions).where(eq(t.actions.gameId, id))).map((a) => ({ ...a, gameId: 0 }));
    expect(await game(fast)).toEqual(await game(slow));
    expect(await logged(fast)).toEqual(await logged(slow));
    expect((await logged(fast))[0]).toMatchObject({ seq: 1, seat: 1, origin: 'stand-in', undoable: true, undone: false, createdAt: 7_000 });

    // At a version already left: refused, and neither the game nor its log changes.
    await expect(store.commitAction(fast, 0, { ...move, nextState: { step: 99 } })).rejects.toThrow(StaleVersion);
    expect(await game(fast)).toEqual(await game(slow));
    expect(await logged(fast)).toHaveLength(1);
    // Inside a transaction it is the transaction's: rolled back with it.
    await expect(
      store.transaction(async (tx) => {
        expect(await tx.commitAction(fast, 1, { ...move, wait: NO_WAIT })).toBe(2);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect((await store.get(fast))?.version).toBe(1);
    expect(await logged(fast)).toHaveLength(1);
  });

  it('leaves a wait that goes on as the database has it, shifted since the game was read, and writes a new one', async () => {
    const store = await testStore(() => 7_000);
    const wait = async (id: number) => {
      const row = await store.get(id);
      return { waitingSince: row?.waitingSince, deadlineAt: row?.deadlineAt, reminderAt: row?.reminderAt };
    };
    for (const path of [store, plain(store)]) {
      const id = await runningGame(store);
      const read = await wait(id);
      // Time off began after the game was read: its wait moved on by ten seconds.
      expect(await store.timeOff.shiftWait(id, 0, 10_000)).toBe(true);
      const move = {
        seat: 1,
        action: { card: 'hat' },
        publicEvents: [],
        nextState: { step: 1 },
        wait: { waitingSince: 5, deadlineAt: 60_005, reminderAt: 30_005 },
        waitGoesOn: true,
      };
      expect(await path.commitAction(id, 0, move)).toBe(1);
      expect(await wait(id)).toEqual({ ...read, deadlineAt: 70_005, reminderAt: 40_005 });
      // A new wait (another player's turn) is written as the move says.
      expect(await path.commitAction(id, 1, { ...move, wait: { waitingSince: 7_000, deadlineAt: 67_000, reminderAt: null }, waitGoesOn: false })).toBe(2);
      expect(await wait(id)).toEqual({ waitingSince: 7_000, deadlineAt: 67_000, reminderAt: null });
    }
  });
});
