import { describe, expect, it } from 'vitest';
import { seedRng } from '../engine/index.js';
import { bestIndex, playHeuristic, type HeuristicPlayer } from './heuristic.js';
import { nim } from './toy-games-testing.js';

describe('heuristic players', () => {
  it('bestIndex takes the highest score and breaks ties at random', () => {
    const rng = seedRng('ties');
    expect(bestIndex([1, 5, 3], (x) => x, rng)).toBe(1);
    const chosen = new Set(Array.from({ length: 40 }, () => bestIndex([2, 7, 7, 1, 7], (x) => x, rng)));
    expect([...chosen].sort()).toEqual([1, 2, 4]);
    expect(bestIndex([0, 1], () => Number.NEGATIVE_INFINITY, rng)).toBeLessThan(2);
  });

  it('playHeuristic gives the player the view and the legal actions, and returns the action it names', () => {
    const state = nim.setup({ seats: 2, seed: 's', options: { pile: 7 } });
    const seen: unknown[] = [];
    const last: HeuristicPlayer<unknown, number> = (view, legal) => {
      seen.push(view);
      return legal.length - 1;
    };
    const action = playHeuristic(nim, last, state, 0, seedRng('x'));
    expect(seen).toEqual([nim.view(state, 0)]);
    expect(action).toBe(nim.legalActions(state, 0).at(-1));
    expect(() => playHeuristic(nim, () => 99, state, 0, seedRng('x'))).toThrow(/chose 99/);
  });
});
