import { describe, expect, it } from 'vitest';
import { chooseAction } from '../../ai/index.js';
import { randomInt, seedRng } from '../../engine/index.js';
import { estimate, marginIfShanghaied, playoutAction } from './estimate.js';
import { finalScoring, shanghaien, type Crew, type ShanghaienAction } from './rules.js';
import { playRandomly, position, sailor } from './test-positions.js';

/**
 * Seat 0 holds an unopposed German 6 (a 4 and a 2) and has four dice in supply; the opponent's dice
 * lie at the German 3 (card 3), the Dutch 1 and the Spanish 2, with three in his supply: one roll.
 */
const ROW = [sailor('american', 1), sailor('french', 2), sailor('german', 3), sailor('chinese', 4), sailor('dutch', 1), sailor('spanish', 2)];
const cutsOwnCrew = () =>
  position({
    row: ROW,
    dice: [
      [1, 1],
      [3, 5, 6],
    ],
    current: 0,
    crews: [{ sailors: [sailor('german', 2), sailor('german', 4)] }, { sailors: [sailor('french', 3)] }],
  });

describe('Shanghaien: how the bots judge and play out a game', () => {
  it('the playout policy names a legal action in random reachable states', () => {
    const rng = seedRng('policy');
    const picks = seedRng('policy-games');
    for (const seed of ['a', 'b', 'c', 'd', 'e', 'f']) {
      playRandomly(
        seed,
        (n) => randomInt(picks, n),
        (before) => {
          const legal = shanghaien.legalActions(before, before.current);
          expect(legal).toContainEqual(playoutAction(before, before.current, legal, rng));
        },
      );
    }
  });

  it('counts the margin as the final scoring does, with the row distributed as the rules do', () => {
    const picks = seedRng('margin-games');
    const margin = (crews: Crew[]) => (finalScoring(crews).totals[0] as number) - (finalScoring(crews).totals[1] as number);
    for (const seed of ['a', 'b', 'c', 'd']) {
      playRandomly(
        seed,
        (n) => randomInt(picks, n),
        (before, after) => {
          expect(marginIfShanghaied(before, 0, null)).toBe(margin(before.crews));
          expect(marginIfShanghaied(before, 1, null)).toBe(-margin(before.crews));
          if (after.events.some((e) => e.type === 'distributed')) expect(marginIfShanghaied(before, 0, before.dice)).toBe(margin(after.crews));
        },
      );
    }
  });

  it('the estimate lies in [0, 1], sums to one, and favours the seat ahead with the row distributed now', () => {
    const picks = seedRng('estimate-games');
    for (const seed of ['a', 'b', 'c']) {
      playRandomly(
        seed,
        (n) => randomInt(picks, n),
        (before) => {
          const [a, b] = estimate(before) as [number, number];
          expect(a).toBeGreaterThanOrEqual(0);
          expect(a).toBeLessThanOrEqual(1);
          expect(a + b).toBeCloseTo(1);
        },
      );
    }
    // Shanghaied now, seat 0 would take the American 1 but lose 3 of his German 6 to the opponent.
    const [cut] = estimate(cutsOwnCrew()) as [number];
    expect(cut).toBeLessThan(
      estimate({
        ...cutsOwnCrew(),
        dice: [
          [0, 0, 0, 0, 0, 0],
          [0, 0, 0, 0, 0, 0],
        ],
      })[0] as number,
    );
    const even = position({ row: ROW, dice: [[], []], crews: [{ sailors: [sailor('german', 2)] }, { sailors: [sailor('italian', 2)] }] });
    expect(estimate(even)).toEqual([0.5, 0.5]);
    const ahead = position({ row: ROW, dice: [[4], []], crews: [{ sailors: [sailor('german', 2)] }, { sailors: [sailor('italian', 2)] }] });
    expect(estimate(ahead)[0]).toBeGreaterThan(0.5);
    // The same lead counts for more with fewer rounds left.
    const late = position({ row: ROW, round: 7, dice: [[4], []], crews: [{ sailors: [sailor('german', 2)] }, { sailors: [sailor('italian', 2)] }] });
    expect(estimate(late)[0]).toBeGreaterThan(estimate(ahead)[0] as number);
  });

  it('the playout policy never calls shanghai when it loses the seat points, and places a die where it gains most', () => {
    const s = cutsOwnCrew();
    const legal = shanghaien.legalActions(s, 0);
    expect(legal).toEqual([{ type: 'roll' }, { type: 'shanghai' }]);
    const rng = seedRng('no-shanghai');
    for (let i = 0; i < 50; i++) expect(playoutAction(s, 0, legal, rng)).toEqual({ type: 'roll' });
    // A 4 takes the Chinese 4 (4 points); a 2 the French 2, which only cuts the opponent's French 3 to 2.
    const rolled = { ...s, rolled: [2, 4] as [number, number] };
    const places = shanghaien.legalActions(rolled, 0).filter((a) => a.type === 'place');
    for (let i = 0; i < 20; i++) expect(playoutAction(rolled, 0, places, rng)).toEqual({ type: 'place', pips: 4 });
  });

  it('the bot does not call shanghai with four dice in supply on a row that cuts its own unopposed crew', () => {
    const s = cutsOwnCrew();
    for (const seed of ['a', 'b', 'c', 'd', 'e', 'f']) {
      const action: ShanghaienAction = chooseAction(shanghaien, s, 0, { level: 'normal', seed, budgetMs: Number.POSITIVE_INFINITY });
      expect(action, `seed ${seed}`).toEqual({ type: 'roll' });
    }
  });
});
