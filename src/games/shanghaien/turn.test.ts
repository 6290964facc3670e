import { describe, expect, it } from 'vitest';
import { IllegalAction } from '../../engine/index.js';
import { shanghaien, type ShanghaienAction } from './rules.js';
import { ROW, act, expectAllCardsAccountedFor, legal, ofType, position, trick } from './test-positions.js';

/** A turn: rolling, numbering the row, placing a die, and shanghai, which ends the round. */

describe('Shanghaien: rolling and placing', () => {
  it('a roll shows two dice; the round start player then chooses which end is card 1', () => {
    const s = act(position({ first: null }), { type: 'roll' });
    const [a, b] = s.rolled as [number, number];
    for (const d of [a, b]) expect(d >= 1 && d <= 6).toBe(true);
    expect(s.events).toEqual([{ type: 'rolled', seat: 0, dice: [a, b] }]);
    expect(legal(s)).toEqual([
      { type: 'orient', first: 'left' },
      { type: 'orient', first: 'right' },
    ]);
    expect(shanghaien.toAct(s)).toEqual([0]);
  });

  it("the rulebook's example: Anne numbers the row from the left and places her 2 on the second card; Marc's 5 goes to the fifth", () => {
    // Anne is seat 0 and starts; she rolled 2 and 4.
    let s = position({ first: null, rolled: [2, 4] });
    s = act(s, { type: 'orient', first: 'left' });
    expect(s.first).toBe('left');
    expect(legal(s)).toEqual([
      { type: 'place', pips: 2 },
      { type: 'place', pips: 4 },
    ]);
    s = act(s, { type: 'place', pips: 2 });
    expect(s.dice[0]).toEqual([0, 1, 0, 0, 0, 0]);
    expect(s.events).toEqual([{ type: 'placed', seat: 0, pips: 2, card: ROW[1] }]);
    expect(s.current).toBe(1);
    expect(s.rolled).toBeNull();
    // Marc rolls 1 and 5 and picks the 5; the numbering stands for the whole round.
    s = act({ ...s, rolled: [1, 5] });
    expect(legal(s)).toEqual([
      { type: 'place', pips: 1 },
      { type: 'place', pips: 5 },
    ]);
    s = act(s, { type: 'place', pips: 5 });
    expect(s.dice[1]).toEqual([0, 0, 0, 0, 1, 0]);
  });

  it('numbered from the right, card 2 is the second card from the right', () => {
    const s = act(position({ first: null, rolled: [2, 4] }), { type: 'orient', first: 'right' }, { type: 'place', pips: 2 });
    expect(s.dice[0]).toEqual([0, 0, 0, 0, 1, 0]);
    expect(s.events).toContainEqual({ type: 'placed', seat: 0, pips: 2, card: ROW[4] });
  });

  it('a double offers a single placement', () => {
    expect(legal(position({ rolled: [3, 3] }))).toEqual([{ type: 'place', pips: 3 }]);
  });

  it('the other die returns: each roll places exactly one die', () => {
    const s = act(position({ rolled: [1, 6] }), { type: 'place', pips: 6 });
    expect(s.dice[0]?.reduce((a, b) => a + b)).toBe(1);
  });

  it('refuses out-of-turn actions, a die that was not rolled and placing before numbering the row', () => {
    const s = position({ first: null, rolled: [2, 4] });
    expect(() => shanghaien.apply(s, 1, { type: 'orient', first: 'left' })).toThrow(IllegalAction);
    expect(() => shanghaien.apply(s, 0, { type: 'place', pips: 2 })).toThrow(IllegalAction);
    const oriented = act(s, { type: 'orient', first: 'left' });
    expect(() => shanghaien.apply(oriented, 0, { type: 'place', pips: 3 })).toThrow(IllegalAction);
    expect(() => shanghaien.apply(oriented, 0, { type: 'orient', first: 'right' })).toThrow(IllegalAction);
    expect(() => shanghaien.apply(oriented, 0, { type: 'roll' })).toThrow(IllegalAction);
    expect(() => shanghaien.apply(oriented, 0, { type: 'place', pips: 2, extra: 1 } as unknown as ShanghaienAction)).toThrow(IllegalAction);
    expect(() => shanghaien.apply(oriented, 0, null as unknown as ShanghaienAction)).toThrow(IllegalAction);
  });

  it('takes a listed action whatever the order of its fields, and refuses it with a field of its own', () => {
    const s = position({ rolled: [2, 4], crews: [{ tricks: [trick('adjust')] }, {}] });
    expect(shanghaien.apply(s, 0, { to: 3, from: 2, type: 'adjust' })).toEqual(act(s, { type: 'adjust', from: 2, to: 3 }));
    expect(() => shanghaien.apply(s, 0, { type: 'adjust', from: 2, to: 3, extra: 1 } as ShanghaienAction)).toThrow(IllegalAction);
  });

  it('never changes the state it is given', () => {
    const s = position({ rolled: [2, 4], crews: [{ tricks: [trick('adjust')] }, {}] });
    const before = structuredClone(s);
    act(s, { type: 'adjust', from: 2, to: 3 });
    act(s, { type: 'place', pips: 4 });
    shanghaien.resign(s, 1);
    expect(s).toEqual(before);
  });
});

describe('Shanghaien: shanghai', () => {
  it('needs two own dice placed: the start of a round offers only a roll', () => {
    expect(legal(position({ dice: [[], []] }))).toEqual([{ type: 'roll' }]);
    expect(legal(position({ dice: [[3], [1, 2, 4]] }))).toEqual([{ type: 'roll' }]);
  });

  it('is allowed besides rolling once two dice are placed', () => {
    expect(legal(position({ dice: [[3, 5], []] }))).toEqual([{ type: 'roll' }, { type: 'shanghai' }]);
  });

  it('is forced with a single die left in the supply', () => {
    const s = position({ dice: [[1, 2, 3, 4, 5], [6]] });
    expect(legal(s)).toEqual([{ type: 'shanghai' }]);
    expect(() => act(s, { type: 'roll' })).toThrow(IllegalAction);
    expect(ofType(act(s, { type: 'shanghai' }), 'shanghai')).toEqual([{ type: 'shanghai', seat: 0, round: 4, forced: true }]);
  });

  it('is forced with no die left (after placing both dice with a trick)', () => {
    const s = position({ dice: [[1, 2, 3, 4], []], rolled: [6, 6], crews: [{ tricks: [trick('place-both')] }, {}] });
    const after = act(s, { type: 'place-both' });
    expect(after.dice[0]).toEqual([1, 1, 1, 1, 0, 2]);
    expect(legal({ ...after, current: 0 })).toEqual([{ type: 'shanghai' }]);
  });

  it('a voluntary shanghai is announced as such', () => {
    const s = act(position({ dice: [[3, 5], []] }), { type: 'shanghai' });
    expect(ofType(s, 'shanghai')).toEqual([{ type: 'shanghai', seat: 0, round: 4, forced: false }]);
  });

  it("returns the dice, turns up six new cards and lets the distributor's opponent start", () => {
    const s = position({ dice: [[1, 2], [3]], startPlayer: 0, round: 3, trickUsed: [true, true] });
    const pileBefore = s.drawPile.length;
    const next = act(s, { type: 'shanghai' });
    expect(next.round).toBe(4);
    expect(next.dice).toEqual([Array(6).fill(0), Array(6).fill(0)]);
    expect(next.first).toBeNull();
    expect(next.trickUsed).toEqual([false, false]);
    expect(next.row).toHaveLength(6);
    expect(next.drawPile).toHaveLength(pileBefore - 6);
    expect(next.startPlayer).toBe(1);
    expect(next.current).toBe(1);
    expect(legal(next)).toEqual([{ type: 'roll' }]);
    expect(ofType(next, 'round-started')).toEqual([{ type: 'round-started', round: 4, startPlayer: 1, row: next.row }]);
    expectAllCardsAccountedFor(next);
  });

  it('when the player who did not start shanghais, the same start player begins the next round', () => {
    const s = position({ dice: [[1], [3, 4]], startPlayer: 0, current: 1 });
    const next = act(s, { type: 'shanghai' });
    expect(next.startPlayer).toBe(0);
    expect(shanghaien.toAct(next)).toEqual([0]);
    // The new start player numbers the new row after his first roll.
    expect(legal({ ...next, rolled: [1, 2] })).toEqual([
      { type: 'orient', first: 'left' },
      { type: 'orient', first: 'right' },
    ]);
  });
});
