import { describe, expect, it } from 'vitest';
import { IllegalAction } from '../../engine/index.js';
import { halunken } from './rules.js';
import { y, g, r, position, run, chooseAll, ofType, countCards } from './test-positions.js';

describe('Halunken: players leaving', () => {
  it('a beginner game left with two players ends; the leaver ranks last', () => {
    const s0 = position({ captains: [0, 4, 8], crews: [[y(5)], [g(13)], [r(15)]] });
    const s = halunken.resign(s0, 2);
    expect(halunken.isOver(s)).toBe(true);
    expect(s.phase).toEqual({ name: 'over', reason: 'tooFewPlayers' });
    expect(s.removed).toEqual([r(15)]);
    expect(halunken.result(s)).toEqual({ scores: [10, 26, 0], ranking: [[1], [0], [2]] });
    expect(() => halunken.resign(s, 0)).toThrow(IllegalAction);
  });

  it('a standard game goes on without him: captain gone, crew out of play, his choice void', () => {
    const s0 = position({ variant: 'standard', captains: [0, 4, 8, 11], crews: [[y(1)], [y(2)], [y(3)], [y(4)]], blackJack: 13 });
    const chosen = run(s0, [0, { type: 'choose', card: 2 }], [1, { type: 'choose', card: 3 }], [3, { type: 'choose', card: 4 }]).s;
    const left = halunken.resign(chosen, 3);
    expect(left.captains[3]).toBeNull();
    expect(left.removed).toEqual([y(4)]);
    expect(countCards(left)).toBe(42);
    expect(halunken.toAct(left)).toEqual([2]);
    const next = halunken.apply(left, 2, { type: 'choose', card: 5 });
    expect(ofType(next.events, 'revealed')[0]?.laid.map((l) => l.piece)).toEqual([0, 1, 2]);
    expect(halunken.legalActions(next, 3)).toEqual([]);
    expect(() => halunken.resign(next, 3)).toThrow(IllegalAction);
  });

  it('in the auction his offer is withdrawn, and his turn is skipped', () => {
    const s0 = position({
      variant: 'standard',
      captains: [0, 4, 8],
      crews: [[y(5)], [y(9)], [y(2), r(15)]],
      blackJack: 12,
      phase: { name: 'auction', order: [0, 1, 2], bids: [], passed: [] },
    });
    const bid = run(s0, [0, { type: 'bid', card: y(5) }], [1, { type: 'bid', card: y(9) }]).s;
    expect(halunken.toAct(bid)).toEqual([2]);
    const bidderLeft = halunken.resign(bid, 1);
    expect(halunken.legalActions(bidderLeft, 2)).toEqual([{ type: 'pass' }, { type: 'bid', card: r(15) }]);
    const passed = halunken.apply(bidderLeft, 2, { type: 'pass' });
    expect(passed.hirer).toBe(0);
    expect(passed.harbour).toEqual([y(5)]);
    const lastLeft = halunken.resign(bid, 2);
    expect(lastLeft.hirer).toBe(1);
    expect(lastLeft.harbour).toEqual([y(9)]);
  });

  it('when the hirer leaves, Black Jack works for nobody: the passed captains give to the harbour', () => {
    const s0 = position({
      variant: 'standard',
      captains: [2, 4, 6],
      crews: [[y(1)], [y(2), y(3)], [y(4)]],
      taverns: { 2: [], 4: [], 6: [] },
      blackJack: 0,
      blackJackDeck: [9],
      hirer: 2,
    });
    const chosen = run(s0, [0, { type: 'choose', card: 1 }], [1, { type: 'choose', card: 1 }]).s;
    const s = halunken.resign(chosen, 2);
    expect(s.hirer).toBeNull();
    expect(s.phase).toEqual({ name: 'decide', decision: { kind: 'give', seat: 1 } });
    expect(s.harbour).toEqual([y(1)]); // seat 0 had one card and gave it by itself
  });

  it('a theft from him lapses; his decision lapses', () => {
    const s0 = position({ variant: 'standard', captains: [1, 3, 10], crews: [[y(1)], [y(2), y(3)], []], blackJack: 12, blackJackDeck: [1] });
    const reached = run(s0, ...chooseAll(2, 7, 5)).s;
    expect(reached.phase).toMatchObject({ decision: { kind: 'landingSteal', victim: 1 } });
    const victimLeft = halunken.resign(reached, 1);
    expect(victimLeft.captains[1]).toBeNull();
    expect(victimLeft.round).toBe(2);
    const thiefLeft = halunken.resign(reached, 0);
    expect(thiefLeft.captains[1]).toBe(11); // displaced to 4 all the same, then moved 7
    expect(thiefLeft.round).toBe(2);
  });

  it('while placing: the next player places; if the Black Jack placer leaves, the next-lowest starting card places him', () => {
    const s0 = position({
      variant: 'standard',
      captains: [null, null, null],
      taverns: { 0: [y(3)], 1: [y(2)], 2: [y(9)] },
      round: 0,
      tavernsOpen: false,
      phase: { name: 'placeCaptain', seat: 0 },
    });
    const placed = run(s0, [0, { type: 'place', space: 0 }], [1, { type: 'place', space: 1 }], [2, { type: 'place', space: 2 }]).s;
    expect(placed.phase).toEqual({ name: 'placeBlackJack', seat: 1 });
    const left = halunken.resign(placed, 1);
    expect(left.phase).toEqual({ name: 'placeBlackJack', seat: 0 });
    const early = halunken.resign(halunken.apply(s0, 0, { type: 'place', space: 0 }), 1);
    expect(early.phase).toEqual({ name: 'placeCaptain', seat: 2 });
  });
});
