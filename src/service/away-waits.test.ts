import { describe, expect, it } from 'vitest';
import type { Storage } from '../db/storage.js';
import type { SeatRow } from '../db/schema.js';
import { AWAY_READ_FRESH_MS, holdForTimeOff } from './away-waits.js';
import type { LoadedGame } from './outcomes.js';

const seat = (n: number, userId: string): SeatRow => ({
  gameId: 1,
  seat: n,
  userId,
  displayName: userId,
  resigned: false,
  unansweredVersion: null,
  botLevel: null,
  active: true,
  standInVotes: [],
  standInUntil: null,
  leftAt: null,
});

/** A store that answers the time-off question (and counts how often it was asked). */
function storeAnswering(rows: { userId: string; until: number }[]) {
  const asked: string[][] = [];
  const store = {
    timeOff: { current: async (_guild: string, people: readonly string[]) => (asked.push([...people]), rows.filter((r) => people.includes(r.userId))) },
  };
  return { store: store as unknown as Storage, asked };
}

const wait = { waitingSince: 10_000, deadlineAt: 70_000, reminderAt: 40_000 };

function game(away?: LoadedGame['away']): LoadedGame {
  return { row: { id: 1, guildId: 'g' }, seats: [seat(0, 'ann'), seat(1, 'bob')], def: {}, state: {}, ...(away ? { away } : {}) } as unknown as LoadedGame;
}

describe('a wait that begins for a player away', () => {
  it("uses the time off read with the game a moment ago, without asking again, as the question's answer would be", async () => {
    const { store, asked } = storeAnswering([{ userId: 'bob', until: 999_999 }]);
    const read = {
      at: 10_000,
      rows: [
        { userId: 'bob', startsAt: 9_000, until: 30_000 },
        { userId: 'ann', startsAt: 9_000, until: 50_000 },
      ],
    };
    // Bob is awaited and away until 30,000: the wait begins then, with its whole time.
    expect(await holdForTimeOff(store, game(read), [1], wait, 10_000)).toEqual({ waitingSince: 10_000, deadlineAt: 90_000, reminderAt: 60_000 });
    // Time off that had not begun, or had ended, by the move does not hold it.
    const later = {
      at: 10_000,
      rows: [
        { userId: 'bob', startsAt: 10_500, until: 30_000 },
        { userId: 'bob', startsAt: 1_000, until: 10_000 },
      ],
    };
    expect(await holdForTimeOff(store, game(later), [1], wait, 10_400)).toEqual(wait);
    expect(asked).toEqual([]);
  });

  it('asks when the game was read too long ago, or without its time off', async () => {
    const { store, asked } = storeAnswering([{ userId: 'bob', until: 30_000 }]);
    const old = { at: 10_000 - AWAY_READ_FRESH_MS - 1, rows: [] };
    expect((await holdForTimeOff(store, game(old), [1], wait, 10_000)).deadlineAt).toBe(90_000);
    expect((await holdForTimeOff(store, game(), [1], wait, 10_000)).deadlineAt).toBe(90_000);
    expect(asked).toEqual([['bob'], ['bob']]);
  });
});
