import { describe, expect, it } from 'vitest';
import { freibeuter, scoreOf, type ShipValue } from './rules.js';
import { ANNE, B2, B3, CARL, MARC, PIRATE, apply, ofType, place, player, position, ship } from './test-positions.js';

/** When the game ends, and the final score. */

describe('Freibeuter: the end', () => {
  it('ends once the last pirate treasure is paid out, after every token of that move; nobody draws', () => {
    const s0 = position({
      current: ANNE,
      boats: { B2: [CARL], B3: [ANNE], C2: [CARL], B4: [MARC], C4: [CARL] },
      tokens: { [B2]: PIRATE, [B3]: ship(5), 28: ship(5), 29: ship(5), 30: ship(5), 31: ship(5) },
      boarded: { [B3]: MARC },
      hands: [{ sea: ['C3', 'E5'], dutchman: [] }],
    });
    const s = apply(s0, ANNE, place('C3'));
    expect(s.events.map((e) => e.type)).toEqual(['placed', 'encircled', 'pirateTreasure', 'captured', 'gameOver']);
    expect(s.end).toEqual({ reason: 'pirateTreasures', seat: null });
    expect(player(s, ANNE).hand.sea).toEqual(['E5']);
    // Anne 20 + 4 + 2, Marc 20 − 3 + the 5 ship, Carl 20 + 4 + 1.
    expect(freibeuter.result(s)).toEqual({ scores: [26, 22, 25], ranking: [[ANNE], [CARL], [MARC]] });
  });

  it('ends when a player has no boat in supply at the start of his turn', () => {
    const s0 = position({ supply: [10, 0, 10] });
    const s = apply(s0, ANNE, { type: 'board', point: 3 });
    expect(s.end).toEqual({ reason: 'noBoats', seat: MARC });
    expect(ofType(s.events, 'turnStarted')).toEqual([]);
    expect(freibeuter.result(s)?.scores).toEqual([20, 20, 20]);
  });

  it("the rulebook's final score: 36 + 10 + 20 + 60 = 126 with the doubles of 10 and 15", () => {
    const anne = { treasure: 36, ships: [5, 5, 20, 15, 15] as ShipValue[], loans: [] };
    expect(scoreOf(anne, [10, 15])).toBe(126);
    expect(scoreOf(anne, [])).toBe(96);
    const s = position({
      ships: [anne.ships, [10, 10], []],
      treasure: [36, 50, 80],
      loans: [[], [], [3]],
      doubles: [10, 15],
      phase: 'over',
    });
    expect(freibeuter.result(s)).toEqual({ scores: [126, 90, 74], ranking: [[ANNE], [MARC], [CARL]] });
  });

  it('equal scores share the place', () => {
    const s = position({ seats: 4, treasure: [30, 10, 30, 10], phase: 'over' });
    expect(freibeuter.result(s)).toEqual({
      scores: [30, 10, 30, 10],
      ranking: [
        [0, 2],
        [1, 3],
      ],
    });
    expect(freibeuter.result(position({}))).toBeNull();
  });
});
