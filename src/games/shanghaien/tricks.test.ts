import { describe, expect, it } from 'vitest';
import { IllegalAction } from '../../engine/index.js';
import { finalScoring, shanghaien, type Crew, type DieEffect } from './rules.js';
import { ROW, act, expectAllCardsAccountedFor, isTrickAction, legal, ofType, position, sailor, trick } from './test-positions.js';

/** The dirty tricks: ±1, place both dice, roll again, and the joker. */

describe('Shanghaien: dirty tricks', () => {
  const holding = (...effects: DieEffect[]): Partial<Crew>[] => [{ tricks: effects.map(trick), sailors: [sailor('italian', 3)] }, {}];

  it('±1 changes one die within 1-6 and places the changed die; the card leaves the game', () => {
    const s = position({ rolled: [1, 6], crews: holding('adjust') });
    const adjusts = legal(s).filter((a) => a.type === 'adjust');
    expect(adjusts).toEqual([
      { type: 'adjust', from: 1, to: 2 },
      { type: 'adjust', from: 6, to: 5 },
    ]);
    const next = act(s, { type: 'adjust', from: 6, to: 5 });
    expect(next.dice[0]).toEqual([0, 0, 0, 0, 1, 0]);
    expect(next.crews[0]?.tricks).toEqual([]);
    expect(next.discarded).toContainEqual(trick('adjust'));
    expect(next.trickUsed).toEqual([true, false]);
    expect(next.current).toBe(1);
    expect(next.events).toEqual([
      { type: 'trick', seat: 0, effect: 'adjust', from: 6, to: 5 },
      { type: 'placed', seat: 0, pips: 5, card: ROW[4] },
    ]);
    expectAllCardsAccountedFor(next);
  });

  it('±1 offers both directions for a middle die', () => {
    const adjusts = legal(position({ rolled: [3, 3], crews: holding('adjust') })).filter((a) => a.type === 'adjust');
    expect(adjusts).toEqual([
      { type: 'adjust', from: 3, to: 2 },
      { type: 'adjust', from: 3, to: 4 },
    ]);
  });

  it('"place both dice" places both at their cards', () => {
    const next = act(position({ rolled: [2, 5], crews: holding('place-both') }), { type: 'place-both' });
    expect(next.dice[0]).toEqual([0, 1, 0, 0, 1, 0]);
    expect(next.events).toEqual([
      { type: 'trick', seat: 0, effect: 'place-both', dice: [2, 5] },
      { type: 'placed', seat: 0, pips: 2, card: ROW[1] },
      { type: 'placed', seat: 0, pips: 5, card: ROW[4] },
    ]);
    expect(next.current).toBe(1);
  });

  it('"roll again" rolls both dice anew; the new result must be used and no other trick follows', () => {
    const s = position({ rolled: [1, 1], crews: holding('reroll', 'adjust') });
    const next = act(s, { type: 'reroll' });
    const [rerolled] = ofType(next, 'trick');
    expect(rerolled).toEqual({ type: 'trick', seat: 0, effect: 'reroll', dice: next.rolled });
    expect(next.current).toBe(0);
    expect(legal(next)).toEqual([...new Set(next.rolled)].sort().map((pips) => ({ type: 'place', pips })));
    expect(next.crews[0]?.tricks).toEqual([trick('adjust')]);
    expect(next.discarded).toContainEqual(trick('reroll'));
  });

  it('the joker joins a nationality the player already has, counts as a sailor of value 2 and stays', () => {
    const s = position({
      rolled: [2, 4],
      crews: [{ tricks: [trick('reroll')], sailors: [sailor('french', 1), sailor('german', 4)] }, { sailors: [sailor('dutch', 3)] }],
    });
    expect(legal(s).filter((a) => a.type === 'joker')).toEqual([
      { type: 'joker', effect: 'reroll', nation: 'french' },
      { type: 'joker', effect: 'reroll', nation: 'german' },
    ]);
    const next = act(s, { type: 'joker', effect: 'reroll', nation: 'french' });
    expect(next.crews[0]?.jokers).toEqual([{ nation: 'french', effect: 'reroll' }]);
    expect(next.crews[0]?.tricks).toEqual([]);
    expect(next.events).toEqual([{ type: 'joker', seat: 0, effect: 'reroll', nation: 'french' }]);
    // The joker was this round's trick; the roll still has to be placed.
    expect(next.current).toBe(0);
    expect(legal(next)).toEqual([
      { type: 'place', pips: 2 },
      { type: 'place', pips: 4 },
    ]);
    expectAllCardsAccountedFor(next);
    // French: 1 + joker 2 = 3 alone.
    expect(finalScoring(next.crews).nations.find((n) => n.nation === 'french')?.sums).toEqual([3, 0]);
  });

  it('the joker can never stand for a missing nationality: without sailors there is no joker', () => {
    const s = position({ rolled: [2, 4], crews: [{ tricks: [trick('adjust')] }, { sailors: [sailor('dutch', 3)] }] });
    expect(legal(s).some((a) => a.type === 'joker')).toBe(false);
    expect(() => act(s, { type: 'joker', effect: 'adjust', nation: 'dutch' })).toThrow(IllegalAction);
  });

  it('the joker can be made of any held trick card, each listed by its die effect', () => {
    const s = position({ rolled: [2, 4], crews: holding('adjust', 'adjust', 'reroll') });
    expect(legal(s).filter((a) => a.type === 'joker')).toEqual([
      { type: 'joker', effect: 'adjust', nation: 'italian' },
      { type: 'joker', effect: 'reroll', nation: 'italian' },
    ]);
    expect(() => act(s, { type: 'joker', effect: 'place-both', nation: 'italian' })).toThrow(IllegalAction);
  });

  it('only one trick per round: after a trick, the next own roll of the round offers none', () => {
    const s = position({ rolled: [2, 4], crews: holding('adjust', 'place-both'), dice: [[1], [6]] });
    let next = act(s, { type: 'adjust', from: 2, to: 3 });
    next = act(next, { type: 'roll' }); // the opponent
    next = act(next, { type: 'place', pips: (next.rolled as number[])[0] as number });
    next = act(next, { type: 'roll' });
    expect(next.current).toBe(0);
    expect(legal(next).some(isTrickAction)).toBe(false);
    next = act(next, { type: 'place', pips: (next.rolled as number[])[0] as number }, { type: 'shanghai' });
    // The next round allows a trick again.
    expect(next.trickUsed).toEqual([false, false]);
    const newRound = { ...next, rolled: [1, 2] as [number, number], first: 'left' as const };
    expect(newRound.current).toBe(0);
    expect(legal(newRound)).toContainEqual({ type: 'place-both' });
  });

  it('each player has his own trick per round', () => {
    const s = position({
      rolled: [2, 4],
      current: 1,
      trickUsed: [true, false],
      crews: [{}, { tricks: [trick('place-both')] }],
    });
    expect(legal(s)).toContainEqual({ type: 'place-both' });
  });

  it("only right after an own roll: never when about to roll or shanghai, never in the opponent's turn", () => {
    const s = position({ dice: [[1, 2], []], crews: holding('adjust', 'place-both', 'reroll') });
    expect(legal(s)).toEqual([{ type: 'roll' }, { type: 'shanghai' }]);
    const theirs = { ...s, current: 1, rolled: [3, 4] as [number, number] };
    expect(shanghaien.legalActions(theirs, 0)).toEqual([]);
    expect(() => shanghaien.apply(theirs, 0, { type: 'reroll' })).toThrow(IllegalAction);
  });

  it('cards received in round 7 can be played in round 8', () => {
    const s = position({ round: 8, rolled: [2, 4], crews: holding('place-both') });
    expect(legal(s)).toContainEqual({ type: 'place-both' });
  });

  it('cards received in the last round can no longer be played: the game ends and each scores 1', () => {
    const row = [trick('adjust'), trick('reroll'), ...ROW.slice(2)];
    const s = position({ round: 8, row, dice: [[1, 2], []] });
    const over = act(s, { type: 'shanghai' });
    expect(over.crews[0]?.tricks).toHaveLength(2);
    expect(shanghaien.isOver(over)).toBe(true);
    expect(shanghaien.toAct(over)).toEqual([]);
    expect(shanghaien.legalActions(over, 0)).toEqual([]);
    expect(shanghaien.legalActions(over, 1)).toEqual([]);
    expect(shanghaien.result(over)).toEqual({ scores: [2, 0], ranking: [[0], [1]] });
  });
});
