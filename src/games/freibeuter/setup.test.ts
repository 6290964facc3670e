import { describe, expect, it } from 'vitest';
import { freibeuter, freibeuterOptions, tokenSet } from './rules.js';

describe('Freibeuter: options and setup', () => {
  it('declares its id, seats, rules version and empty options', () => {
    expect(freibeuter.id).toBe('freibeuter');
    expect(freibeuter.minSeats).toBe(2);
    expect(freibeuter.maxSeats).toBe(4);
    expect(freibeuter.rulesVersion).toBe(2);
    // A game keeps the rules it was opened under; without one it gets the current rules.
    expect(freibeuter.setup({ seats: 2, seed: 'x', options: {} }).rules).toBe(2);
    expect(freibeuter.setup({ seats: 2, seed: 'x', options: {}, rulesVersion: 1 }).rules).toBe(1);
    expect(freibeuterOptions.parse({})).toEqual({});
    expect(() => freibeuter.setup({ seats: 1, seed: 'x', options: {} })).toThrow(RangeError);
    expect(() => freibeuter.setup({ seats: 5, seed: 'x', options: {} })).toThrow(RangeError);
  });

  it('deals 4 sea cards and 1 Dutchman card, 25 boats and 20 treasure to each player; all tokens on the points', () => {
    for (const seats of [2, 3, 4]) {
      const s = freibeuter.setup({ seats, seed: `deal-${seats}`, options: {} });
      expect(s.players).toHaveLength(seats);
      for (const p of s.players) {
        expect(p.hand.sea).toHaveLength(4);
        expect(p.hand.dutchman).toHaveLength(1);
        expect(p.boats).toBe(25);
        expect(p.treasure).toBe(20);
        expect(p.ships).toEqual([]);
        expect(p.loans).toEqual([]);
      }
      expect(s.seaPile).toHaveLength(74 - 4 * seats);
      expect(s.dutchmanPile).toHaveLength(14 - seats);
      expect(s.tokens.every((t) => t !== null)).toBe(true);
      expect([...s.tokens].map((t) => JSON.stringify(t)).sort()).toEqual(
        tokenSet()
          .map((t) => JSON.stringify(t))
          .sort(),
      );
      expect(s.sea.every((boats) => boats.length === 0)).toBe(true);
      expect(freibeuter.toAct(s)).toEqual([s.current]);
      expect(s.events).toEqual([{ type: 'turnStarted', seat: s.current, turn: 1 }]);
    }
  });

  it('shuffles tokens and cards and draws the start player from the seed', () => {
    const a = freibeuter.setup({ seats: 4, seed: 'same', options: {} });
    expect(freibeuter.setup({ seats: 4, seed: 'same', options: {} })).toEqual(a);
    const layouts = new Set<string>();
    const starters = new Set<number>();
    for (let i = 0; i < 40; i++) {
      const s = freibeuter.setup({ seats: 4, seed: `seed-${i}`, options: {} });
      layouts.add(JSON.stringify(s.tokens));
      starters.add(s.current);
    }
    expect(layouts.size).toBe(40);
    expect([...starters].sort()).toEqual([0, 1, 2, 3]);
  });
});
