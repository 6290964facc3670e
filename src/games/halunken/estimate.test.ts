import { describe, expect, it } from 'vitest';
import { randomInt, seedRng } from '../../engine/index.js';
import { estimate } from './estimate.js';
import { halunken, type HalunkenState } from './rules.js';

/** The states of a random game of this variant, in order. */
function randomGame(seed: string, seats: number, variant: 'standard' | 'beginner'): HalunkenState[] {
  const rng = seedRng(seed);
  let s = halunken.setup({ seats, seed, options: halunken.options.parse({ variant }) });
  const states = [s];
  while (!halunken.isOver(s)) {
    const seat = halunken.toAct(s)[0] as number;
    const legal = halunken.legalActions(s, seat);
    s = halunken.apply(s, seat, legal[randomInt(rng, legal.length)] as (typeof legal)[number]);
    states.push(s);
  }
  return states;
}

describe('Halunken & Spelunken: how a cut-off game looks to the bots', () => {
  it('lies in [0, 1] for every seat, the seats sharing one point per pair as places do', () => {
    for (const [seats, variant] of [
      [3, 'standard'],
      [2, 'standard'],
      [3, 'beginner'],
      [4, 'beginner'],
    ] as const) {
      for (const s of randomGame(`estimate-${seats}-${variant}`, seats, variant)) {
        const values = estimate(s);
        expect(values).toHaveLength(seats);
        for (const v of values) {
          expect(v).toBeGreaterThanOrEqual(0);
          expect(v).toBeLessThanOrEqual(1);
        }
        expect(values.reduce((a, b) => a + b, 0)).toBeCloseTo(seats / 2);
      }
    }
  });

  it('favours the seat with the better crew, more so late in the game, and puts a seat that left last', () => {
    const states = randomGame('estimate-order', 3, 'standard');
    const mid = states.find((s) => s.round === 3) as HalunkenState;
    const late = states.find((s) => s.round === 8) as HalunkenState;
    const crews = [
      [
        { colour: 'red', value: 15 },
        { colour: 'red', value: 11 },
      ],
      [{ colour: 'yellow', value: 3 }],
      [],
    ] as HalunkenState['crews'];
    const [ahead, second, last] = estimate({ ...mid, crews }) as [number, number, number];
    expect(ahead).toBeGreaterThan(second);
    expect(second).toBeGreaterThan(last);
    expect(estimate({ ...late, crews })[0]).toBeGreaterThan(ahead);
    expect(estimate({ ...mid, crews, resigned: [true, false, false] })[0]).toBe(0);
    expect(estimate({ ...mid, crews: [[], [], []] })).toEqual([0.5, 0.5, 0.5]);
  });
});
