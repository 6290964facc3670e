import { describe, expect, it } from 'vitest';
import { chooseAction } from '../../ai/index.js';
import { randomInt, seedRng } from '../../engine/index.js';
import { estimate, playoutAction } from './estimate.js';
import { shanghaien, type ShanghaienAction } from './rules.js';
import { playRandomly, position, sailor } from './test-positions.js';

/** Seat 0 holds an unopposed German 6 (a 4 and a 2); the opponent's die lies at the German 3 (card 3). */
const ROW = [sailor('american', 1), sailor('french', 2), sailor('german', 3), sailor('chinese', 4), sailor('dutch', 1), sailor('spanish', 2)];
const cutsOwnCrew = () =>
  position({
    row: ROW,
    dice: [[1, 1], [3]],
    current: 0,
    crews: [{ sailors: [sailor('german', 2), sailor('german', 4)] }, { sailors: [sailor('french', 3)] }],
  });

describe('Shanghaien: how the bots judge and play out a game', () => {
  it('the playout policy names a legal action in random reachable states', () => {
    const rng = seedRng('policy');
    const picks = seedRng('policy-games');
    for (const seed of ['a', 'b', 'c', 'd', 'e', 'f']) {
      playRandomly(seed, (n) => randomInt(picks, n), (before) => {
        const legal = shanghaien.legalActions(before, before.current);
        expect(legal).toContainEqual(playoutAction(before, before.current, legal, rng));
      });
    }
  });

  it('the estimate lies in [0, 1], sums to one, and favours the seat ahead with the row distributed now', () => {
    const picks = seedRng('estimate-games');
    for (const seed of ['a', 'b', 'c']) {
      playRandomly(seed, (n) => randomInt(picks, n), (before) => {
        const [a, b] = estimate(before) as [number, number];
        expect(a).toBeGreaterThanOrEqual(0);
        expect(a).toBeLessThanOrEqual(1);
        expect(a + b).toBeCloseTo(1);
      });
    }
    // Shanghaied now, seat 0 would take the American 1 but lose 3 of his German 6 to the opponent.
    const [cut] = estimate(cutsOwnCrew()) as [number];
    expect(cut).toBeGreaterThan(0.5);
    const even = position({ row: ROW, dice: [[], []], crews: [{ sailors: [sailor('german', 2)] }, { sailors: [sailor('italian', 2)] }] });
    expect(estimate(even)).toEqual([0.5, 0.5]);
    const ahead = position({ row: ROW, dice: [[4], []], crews: [{ sailors: [sailor('german', 2)] }, { sailors: [sailor('italian', 2)] }] });
    expect(estimate(ahead)[0]).toBeGreaterThan(0.5);
    // The same lead counts for more with fewer rounds left.
    const late = position({ row: ROW, round: 7, dice: [[4], []], crews: [{ sailors: [sailor('german', 2)] }, { sailors: [sailor('italian', 2)] }] });
    expect(estimate(late)[0]).toBeGreaterThan(estimate(ahead)[0] as number);
  });

  it('the playout policy never calls shanghai when it loses the seat points', () => {
    const s = cutsOwnCrew();
    const legal = shanghaien.legalActions(s, 0);
    expect(legal).toEqual([{ type: 'roll' }, { type: 'shanghai' }]);
    const rng = seedRng('no-shanghai');
    for (let i = 0; i < 50; i++) expect(playoutAction(s, 0, legal, rng)).toEqual({ type: 'roll' });
  });

  it('the bot does not call shanghai with four dice in supply on a row that cuts its own unopposed crew', () => {
    const s = cutsOwnCrew();
    // Without the estimate and the playout policy the bot called shanghai here for seed 'e'.
    for (const seed of ['a', 'b', 'c', 'd', 'e']) {
      const action: ShanghaienAction = chooseAction(shanghaien, s, 0, { level: 'normal', seed, budgetMs: Number.POSITIVE_INFINITY });
      expect(action, `seed ${seed}`).toEqual({ type: 'roll' });
    }
  });
});
