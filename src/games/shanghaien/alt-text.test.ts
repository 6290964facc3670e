import { describe, expect, it } from 'vitest';
import { altTextOf, expectSoundAltTexts } from '../../../tests/support/alt-text.js';
import { stateAfter } from '../../ai/fairness-testing.js';
import { shanghaien } from './rules.js';

describe('Shanghaien’s board in words (alt text)', () => {
  it('fits, names who is to move and tells nothing hidden', () => {
    expectSoundAltTexts('shanghaien', { seats: 2, options: {}, maxSteps: 120 });
  });

  it('says whose turn it is, the points as they stand and the last turn', () => {
    const state = stateAfter(shanghaien, { seats: 2, options: {} }, 'alt', 12);
    const text = altTextOf('shanghaien', state);
    expect(text).toMatch(/^Shanghaien board\. Round \d of 8/);
    expect(text).toMatch(/Points if the game ended now: Anne \d+, Jo\*Jo \d+\./);
    // Rolled, the dice not yet placed: the turn is under way.
    expect(text).toMatch(/: (Anne|Jo\*Jo) rolled \d and \d\. .+ This turn so far: (Anne|Jo\*Jo) rolled/);
  });
});
