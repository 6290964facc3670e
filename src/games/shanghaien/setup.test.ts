import { describe, expect, it } from 'vitest';
import { DIE_EFFECTS, NATIONS, SAILOR_VALUES, TRICKS_PER_EFFECT, fullDeck, shanghaien, type SailorCard } from './rules.js';
import { expectAllCardsAccountedFor } from './test-positions.js';

describe('Shanghaien: setup', () => {
  it('lays out 6 of the 48 shuffled cards and lets the start player roll', () => {
    const s = shanghaien.setup({ seats: 2, seed: 'setup', options: shanghaien.options.parse({}) });
    expect(s.row).toHaveLength(6);
    expect(s.drawPile).toHaveLength(42);
    expectAllCardsAccountedFor(s);
    expect(s.round).toBe(1);
    expect(s.current).toBe(s.startPlayer);
    expect(shanghaien.toAct(s)).toEqual([s.startPlayer]);
    expect(shanghaien.legalActions(s, s.startPlayer)).toEqual([{ type: 'roll' }]);
    expect(shanghaien.legalActions(s, 1 - s.startPlayer)).toEqual([]);
    expect(s.events).toEqual([{ type: 'round-started', round: 1, startPlayer: s.startPlayer, row: s.row }]);
  });

  it('has 8 nationalities of sailors 1, 2, 3, 3, 4 and 8 trick cards split 3 / 3 / 2', () => {
    const deck = fullDeck();
    expect(deck).toHaveLength(48);
    for (const nation of NATIONS) {
      const values = deck.filter((c): c is SailorCard => c.kind === 'sailor' && c.nation === nation).map((c) => c.value);
      expect(values).toEqual([...SAILOR_VALUES]);
    }
    for (const effect of DIE_EFFECTS) {
      expect(deck.filter((c) => c.kind === 'trick' && c.effect === effect)).toHaveLength(TRICKS_PER_EFFECT[effect]);
    }
    expect(deck.filter((c) => c.kind === 'trick')).toHaveLength(8);
  });

  it('draws the first start player at random from the seed', () => {
    const starts = new Set(Array.from({ length: 20 }, (_, i) => shanghaien.setup({ seats: 2, seed: `start ${i}`, options: {} }).startPlayer));
    expect(starts).toEqual(new Set([0, 1]));
  });

  it('is for exactly two players and needs no options', () => {
    expect(() => shanghaien.setup({ seats: 3, seed: 'x', options: {} })).toThrow(RangeError);
    expect(shanghaien.minSeats).toBe(2);
    expect(shanghaien.maxSeats).toBe(2);
    expect(shanghaien.options.parse({})).toEqual({});
    expect(shanghaien.rulesVersion).toBe(2);
  });
});
