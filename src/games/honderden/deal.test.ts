import { describe, expect, it } from 'vitest';
import { honderden, honderdenOptions, sortHand, tableOf, type Card } from './rules.js';
import { ofType } from './test-positions.js';

describe('Honderden: options and setup', () => {
  it('defaults to 5 game points, and takes 2 or 3 seats', () => {
    expect(honderdenOptions.parse({})).toEqual({ target: 5 });
    expect(() => honderdenOptions.parse({ target: 0 })).toThrow();
    expect(honderden.setup({ seats: 2, seed: 'x', options: {} as { target: number } }).target).toBe(5);
    expect(honderden.id).toBe('honderden');
    expect(honderden.rulesVersion).toBe(3);
    expect(honderden.setup({ seats: 2, seed: 'x', options: { target: 5 } }).rules).toBe(3);
    expect(honderden.setup({ seats: 2, seed: 'x', options: { target: 5 }, rulesVersion: 1 }).rules).toBe(1);
    expect([honderden.minSeats, honderden.maxSeats]).toEqual([2, 3]);
    expect(() => honderden.setup({ seats: 1, seed: 'x', options: { target: 5 } })).toThrow(RangeError);
    expect(() => honderden.setup({ seats: 4, seed: 'x', options: { target: 5 } })).toThrow(RangeError);
  });

  it('two players: 9 each, 13 hidden in the stock, the turned card open under it sets trump; the other leads', () => {
    const s = honderden.setup({ seats: 2, seed: 'deal', options: { target: 5 } });
    expect(tableOf(s)).toBe('two');
    expect(s.hands.map((h) => h.length)).toEqual([9, 9]);
    expect(s.stock).toHaveLength(13);
    expect(s.trumpCard).toBe(s.turnedUp);
    expect(s.trump).toBe(s.turnedUp[1]);
    expect(new Set([...s.hands.flat(), ...s.stock, s.trumpCard]).size).toBe(32);
    expect(honderden.toAct(s)).toEqual([1 - s.dealer]);
    const v = honderden.view(s, null);
    expect(v.stockSize).toBe(13);
    expect(v.trumpCard).toBe(s.turnedUp);
    expect(v.hand).toBeNull();
    expect(v.handSizes).toEqual([9, 9]);
    expect(ofType(s.events, 'handDealt')).toMatchObject([{ dealer: s.dealer, leader: 1 - s.dealer, trump: s.trump, rules: 'two' }]);
  });

  it('the first dealer is drawn from the seed', () => {
    const dealers = new Set(Array.from({ length: 20 }, (_, i) => honderden.setup({ seats: 2, seed: `d${i}`, options: { target: 5 } }).dealer));
    expect(dealers).toEqual(new Set([0, 1]));
  });

  it('a seat sees its own hand sorted, and only the sizes of other hands and of the stock', () => {
    const s = honderden.setup({ seats: 2, seed: 'view', options: { target: 5 } });
    const v = honderden.view(s, 0);
    expect(v.hand).toEqual(sortHand(s.hands[0] as Card[], s.trump));
    const text = JSON.stringify(v);
    for (const card of [...(s.hands[1] as Card[]), ...s.stock]) expect(text).not.toContain(`"${card}"`);
    expect(text).not.toContain('rng');
  });
});
