import { describe, expect, it } from 'vitest';
import { shanghaien } from './rules.js';
import { ROW, position, sailor, trick } from './test-positions.js';

describe('Shanghaien: views', () => {
  it('shows everything on the table to everybody, but neither the draw pile nor the generator', () => {
    const s = position({ dice: [[2, 2], [5]], rolled: [3, 4], crews: [{ tricks: [trick('adjust')], jokers: [] }, {}] });
    const v = shanghaien.view(s, null);
    expect(v).not.toHaveProperty('drawPile');
    expect(v).not.toHaveProperty('rng');
    expect(JSON.stringify(v)).not.toContain(JSON.stringify(s.rng));
    expect(v.drawPileSize).toBe(s.drawPile.length);
    expect(v.row[1]).toEqual({ card: ROW[1], position: 2, dice: [2, 0] });
    expect(v.rolled).toEqual([3, 4]);
    expect(v.phase).toBe('rolled');
    expect(v.supply).toEqual([4, 5]);
    expect(v.placed).toEqual([2, 1]);
    expect(v.crews).toEqual(s.crews);
    // Seated players see the same, apart from who is looking.
    expect({ ...shanghaien.view(s, 0), viewer: null }).toEqual(v);
    expect({ ...shanghaien.view(s, 1), viewer: null }).toEqual(v);
  });

  it('numbers the row in the view only once the start player has chosen', () => {
    const v = shanghaien.view(position({ first: null, rolled: [1, 2] }), null);
    expect(v.row.map((slot) => slot.position)).toEqual([null, null, null, null, null, null]);
    const right = shanghaien.view(position({ first: 'right' }), null);
    expect(right.row.map((slot) => slot.position)).toEqual([6, 5, 4, 3, 2, 1]);
  });

  it('a view is a copy: changing it leaves the state alone', () => {
    const s = position({ dice: [[2], []], crews: [{ sailors: [sailor('dutch', 4)] }, {}] });
    const before = structuredClone(s);
    const v = shanghaien.view(s, 0);
    v.crews[0]?.sailors.pop();
    (v.row[0] as { dice: number[] }).dice[0] = 9;
    v.events.push({ type: 'resigned', seat: 0, winner: 1 });
    expect(s).toEqual(before);
  });
});
