import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { Lanes, Slices } from './pace.js';

describe('pace', () => {
  it('lanes: at most `size` jobs out; the next starts as one ends; one that hangs is let go after `holdMs`', async () => {
    const lanes = new Lanes(2, 50);
    const ends: (() => void)[] = [];
    const started: number[] = [];
    const job = (n: number) => () => {
      started.push(n);
      return new Promise<void>((resolve) => ends.push(resolve));
    };
    await lanes.start(job(1));
    await lanes.start(job(2));
    const third = lanes.start(job(3));
    const fourth = lanes.start(job(4));
    await nextTurn();
    expect(started).toEqual([1, 2]);
    ends[0]?.();
    await third;
    expect(started).toEqual([1, 2, 3]);
    expect(lanes.inUse).toBe(2);
    // Nobody ends jobs 2 and 3: after the hold, the fourth goes anyway.
    await fourth;
    expect(started).toEqual([1, 2, 3, 4]);
  });

  it('slices: the event loop gets a turn once a slice of work went by, not before', async () => {
    let now = 0;
    const slices = new Slices(20, () => now);
    let turns = 0;
    setImmediate(() => turns++);
    now = 19;
    await slices.breathe();
    expect(turns).toBe(0);
    now = 20;
    await slices.breathe();
    expect(turns).toBe(1);
    await sleep(1);
  });
});
