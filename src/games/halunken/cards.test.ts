import { describe, expect, it } from 'vitest';
import { SAILOR_CARDS, SAILOR_VALUES, scoreCrew } from './cards.js';
import { y, g, v, r } from './test-positions.js';

describe('Halunken: the cards', () => {
  it('has 42 sailor cards: yellow 1-12, grey 2-11 and 13, violet 3-11 and 14, red 4-11 and 15', () => {
    expect(SAILOR_CARDS).toHaveLength(42);
    expect(SAILOR_VALUES.yellow).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(SAILOR_VALUES.grey).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13]);
    expect(SAILOR_VALUES.violet).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 14]);
    expect(SAILOR_VALUES.red).toEqual([4, 5, 6, 7, 8, 9, 10, 11, 15]);
    expect(new Set(SAILOR_CARDS.map((c) => `${c.colour}${c.value}`)).size).toBe(42);
  });

  it('doubles the colour with the most cards (the rulebook: 3 violet, 2 yellow, 5 grey doubles grey)', () => {
    const crew = [v(3), v(4), v(5), y(1), y(2), g(2), g(3), g(4), g(5), g(6)];
    expect(scoreCrew(crew)).toEqual({ cards: 10, sum: 12 + 3 + 20, doubled: 'grey', bonus: 20, score: 55 });
  });

  it('on a tie in cards doubles the colour worth most to the player, also when every colour has one card', () => {
    expect(scoreCrew([y(1), y(2), r(15), r(4), g(13)])).toMatchObject({ doubled: 'red', bonus: 19, score: 35 + 19 });
    expect(scoreCrew([y(12), g(2), v(14), r(4)])).toMatchObject({ doubled: 'violet', score: 32 + 14 });
    // Equal worth: the same score either way; the colour order names one.
    expect(scoreCrew([y(5), g(5)])).toMatchObject({ doubled: 'yellow', score: 15 });
  });

  it('a third card of a weak colour makes it the one that is doubled', () => {
    expect(scoreCrew([r(15), r(11), y(1), y(2)]).score).toBe(29 + 26);
    expect(scoreCrew([r(15), r(11), y(1), y(2), y(3)]).score).toBe(32 + 6);
  });

  it('an empty crew scores nothing', () => {
    expect(scoreCrew([])).toEqual({ cards: 0, sum: 0, doubled: null, bonus: 0, score: 0 });
  });
});
