import { describe, expect, it } from 'vitest';
import { playHeuristic } from '../../ai/heuristic.js';
import { playAgainstRandom } from '../../ai/heuristic-match.js';
import { expectLegalChoices, expectViewOnly } from '../../ai/heuristic-testing.js';
import { seedRng } from '../../engine/index.js';
import { freibeuterHeuristic } from './heuristic.js';
import { freibeuter, type FreibeuterState } from './rules.js';
import { B2, position } from './test-positions.js';

const choice = (s: FreibeuterState) => playHeuristic(freibeuter, freibeuterHeuristic, s, s.current, seedRng('choice'));

describe('Freibeuter heuristic player', () => {
  it('chooses only legal actions, from its view and its legal actions alone', () => {
    for (const seats of [2, 4]) expectLegalChoices(freibeuter, freibeuterHeuristic, { seats, options: {}, maxSteps: 250 }, 80);
  });

  it('chooses the same in states it cannot tell apart (the others’ hands and the piles drawn anew)', () => {
    expectViewOnly(freibeuter, freibeuterHeuristic, { seats: 3, options: {}, maxSteps: 200 }, 40);
  });

  it('closes the ring of the ship it boarded (nobody to pay) rather than taking 2 treasure', () => {
    // The 10-ship between B2, B3, C2 and C3 is boarded by seat 0, whose boats lie on three of its fields.
    const s = position({ seats: 2, boats: { B2: [0], B3: [0], C2: [0] }, boarded: { [B2]: 0 }, hands: [{ sea: ['B2', 'C3', 'A1', 'G7'], dutchman: ['D'] }] });
    expect(choice(s)).toEqual({ type: 'place', field: 'C3' });
  });

  it('boards no ship with few boats left in supply', () => {
    const s = position({ seats: 2, supply: [3, 20], hands: [{ sea: ['B2', 'C3', 'A1', 'G7'], dutchman: ['D'] }] });
    expect(freibeuter.legalActions(s, 0).some((a) => a.type === 'board')).toBe(true);
    expect(choice(s).type).not.toBe('board');
  });

  it('draws from the empty sea pile (ending the game) only when it leads', () => {
    const drawing = (treasure: number[]) => position({ seats: 2, phase: 'draw', treasure, seaPile: [], hands: [{ sea: ['A1', 'A2', 'A3'], dutchman: ['D'] }] });
    expect(choice(drawing([30, 20]))).toEqual({ type: 'draw', pile: 'sea' });
    expect(choice(drawing([20, 30]))).toEqual({ type: 'draw', pile: 'dutchman' });
  });

  it('beats random players in at least 90 % of two-player games, seats rotated', () => {
    const figures = playAgainstRandom(freibeuter, freibeuterHeuristic, { seats: 2, options: {} }, 40, 'freibeuter-2');
    expect(figures.wins).toBeGreaterThanOrEqual(36);
  });
});
