import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { actionKey, indexOfAction, sameAction } from './action-identity.js';

describe('action identity', () => {
  it('is the content, whatever order the fields were written in', () => {
    expect(sameAction({ type: 'joker', effect: 'reroll', nation: 'dutch' }, { nation: 'dutch', type: 'joker', effect: 'reroll' })).toBe(true);
    expect(
      sameAction({ type: 'declare', roem: { kind: 'sequence', top: 'K', length: 3 } }, { roem: { length: 3, kind: 'sequence', top: 'K' }, type: 'declare' }),
    ).toBe(true);
    expect(sameAction({ type: 'play', card: 3 }, { type: 'play', card: 4 })).toBe(false);
    expect(sameAction([1, 2], [2, 1])).toBe(false);
    expect(sameAction('red', 'red')).toBe(true);
  });

  it('reads as JSON does: a field left undefined is no field', () => {
    expect(sameAction({ type: 'end', extra: undefined }, { type: 'end' })).toBe(true);
    expect(actionKey({ b: [1, { d: null, c: 'x' }], a: true })).toBe('{"a":true,"b":[1,{"c":"x","d":null}]}');
    expect(JSON.parse(actionKey({ z: 1, a: [{ y: 2, b: 3 }] }))).toEqual({ z: 1, a: [{ y: 2, b: 3 }] });
  });

  it('finds an action among the legal ones', () => {
    const legal = [{ type: 'forward', from: 1, card: 'hat' }, { type: 'end' }];
    expect(indexOfAction(legal, { card: 'hat', from: 1, type: 'forward' })).toBe(0);
    expect(indexOfAction(legal, { type: 'end' })).toBe(1);
    expect(indexOfAction(legal, { type: 'back', from: 1 })).toBe(-1);
  });

  it('sameAction says what equal keys say, for any JSON values, their fields written in any order', () => {
    /** `value` written again: every object's fields in reverse order, some with an undefined field added. */
    const rewritten = (value: unknown, salt: number): unknown => {
      if (Array.isArray(value)) return value.map((v, i) => rewritten(v, salt + i));
      if (value === null || typeof value !== 'object') return value;
      const entries = Object.entries(value)
        .reverse()
        .map(([k, v], i) => [k, rewritten(v, salt + i)] as const);
      return Object.fromEntries(salt % 3 === 0 ? [...entries, ['absent', undefined]] : entries);
    };
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 3 }), fc.jsonValue({ maxDepth: 3 }), fc.nat(), (a, b, salt) => {
        expect(sameAction(a, rewritten(a, salt))).toBe(true);
        expect(sameAction(a, b)).toBe(actionKey(a) === actionKey(b));
        expect(sameAction(b, a)).toBe(sameAction(a, b));
      }),
      { numRuns: 500 },
    );
  });
});
