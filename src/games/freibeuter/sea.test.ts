import { describe, expect, it } from 'vitest';
import {
  FIELDS,
  FIELD_POINTS,
  LINES,
  POINT_FIELDS,
  SHIP_VALUES,
  dutchmanDeck,
  fieldCapacity,
  fieldIndex,
  isBorderField,
  lineFields,
  pointAt,
  pointLabel,
  seaDeck,
  tokenSet,
} from './rules.js';
import { B2 } from './test-positions.js';

/** The pieces of the game: the sea's fields and points, the sea and Dutchman cards, the tokens. */

describe('Freibeuter: the sea, the cards and the tokens', () => {
  it('has 49 fields A1..G7, 24 of them on the border, and 36 points touching four fields each', () => {
    expect(FIELDS).toHaveLength(49);
    expect(FIELDS[0]).toBe('A1');
    expect(FIELDS[6]).toBe('A7');
    expect(FIELDS[7]).toBe('B1');
    expect(FIELDS[48]).toBe('G7');
    expect(FIELDS.filter((_, f) => isBorderField(f))).toHaveLength(24);
    expect(POINT_FIELDS).toHaveLength(36);
    expect(POINT_FIELDS.every((fields) => new Set(fields).size === 4)).toBe(true);
    expect(pointLabel(B2)).toBe('B2-C3');
    expect(POINT_FIELDS[B2]?.map((f) => FIELDS[f])).toEqual(['B2', 'B3', 'C2', 'C3']);
    expect(pointLabel(35)).toBe('F6-G7');
    expect(pointAt('G1')).toBe(-1);
    // Corners touch one point, other border fields two, inner fields four.
    expect(FIELD_POINTS[fieldIndex('A1')]).toHaveLength(1);
    expect(FIELD_POINTS[fieldIndex('A4')]).toHaveLength(2);
    expect(FIELD_POINTS[fieldIndex('D4')]).toHaveLength(4);
  });

  it('names rows A-G and columns 1-7 for the Dutchman', () => {
    expect(LINES).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'G', '1', '2', '3', '4', '5', '6', '7']);
    expect(lineFields('C').map((f) => FIELDS[f])).toEqual(['C1', 'C2', 'C3', 'C4', 'C5', 'C6', 'C7']);
    expect(lineFields('3').map((f) => FIELDS[f])).toEqual(['A3', 'B3', 'C3', 'D3', 'E3', 'F3', 'G3']);
  });

  it('has 74 sea cards, one per border field and two per inner field: the capacity of each field', () => {
    const deck = seaDeck();
    expect(deck).toHaveLength(74);
    FIELDS.forEach((name, field) => {
      const copies = deck.filter((c) => c === name).length;
      expect(copies).toBe(isBorderField(field) ? 1 : 2);
      expect(fieldCapacity(field)).toBe(copies);
    });
    expect(dutchmanDeck()).toHaveLength(14);
    expect(new Set(dutchmanDeck()).size).toBe(14);
  });

  it('has 36 tokens: 7 ships of each value, 4 pirate treasures, a double for each value', () => {
    const tokens = tokenSet();
    expect(tokens).toHaveLength(36);
    for (const value of SHIP_VALUES) {
      expect(tokens.filter((t) => t.kind === 'ship' && t.value === value)).toHaveLength(7);
      expect(tokens.filter((t) => t.kind === 'double' && t.value === value)).toHaveLength(1);
    }
    expect(tokens.filter((t) => t.kind === 'pirate')).toHaveLength(4);
  });
});
