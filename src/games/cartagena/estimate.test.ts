import { describe, expect, it } from 'vitest';
import { SHIP, START, cartagena } from './rules.js';
import { exampleTunnel, position } from './test-positions.js';

const estimate = (s: Parameters<NonNullable<typeof cartagena.estimate>>[0]) => cartagena.estimate?.(s) as number[];

describe('Cartagena: how a cut-off game looks to the bots', () => {
  it('favours the seat further along, counts cards as fuel, and stays within [0, 1]', () => {
    const s = position({
      tunnel: exampleTunnel,
      pirates: [
        [SHIP, SHIP, 20, 12, 3, START],
        [10, 8, 5, START, START, START],
        [10, 8, 5, START, START, START],
      ],
      hands: [['skull'], ['hat', 'hat', 'key'], ['key']],
    });
    const [ahead, withCards, behind] = estimate(s) as [number, number, number];
    expect(ahead).toBeGreaterThan(withCards);
    expect(withCards).toBeGreaterThan(behind);
    for (const value of [ahead, withCards, behind]) expect(value).toBeGreaterThanOrEqual(0);
    expect(ahead).toBeLessThanOrEqual(1);
    // Each pair of seats shares one point, as places do.
    expect(ahead + withCards + behind).toBeCloseTo(1.5);
  });

  it('is even for equal seats and puts a resigned seat last', () => {
    const s = position({
      tunnel: exampleTunnel,
      pirates: [
        [4, 5, 6, START, START, START],
        [4, 5, 6, START, START, START],
      ],
      hands: [['key'], ['hat']],
    });
    expect(estimate(s)).toEqual([0.5, 0.5]);
    expect(estimate({ ...s, pirates: [[], s.pirates[1] as number[]], hands: [[], ['hat']], resigned: [true, false] })).toEqual([0, 1]);
  });
});
