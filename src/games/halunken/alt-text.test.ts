import { describe, expect, it } from 'vitest';
import { altTextOf, expectSoundAltTexts } from '../../../tests/support/alt-text.js';
import { stateAfter } from '../../ai/fairness-testing.js';
import { halunken } from './rules.js';

describe('Halunken & Spelunken’s board in words (alt text)', () => {
  it.each([
    ['standard', 2, false],
    ['standard', 4, false],
    ['beginner', 3, true],
  ] as const)('fits, names who is to move and tells nothing hidden (%s, %i players, long: %s)', (variant, seats, long) => {
    expectSoundAltTexts('halunken', { seats, options: { variant, long }, maxSteps: 200 });
  });

  it('says whose turn it is, the crews’ points and the last move', () => {
    const state = stateAfter(halunken, { seats: 3, options: { variant: 'standard' } }, 'alt', 25);
    const text = altTextOf('halunken', state);
    expect(text).toMatch(/^Halunken & Spelunken board\. Round \d of 8/);
    expect(text).toMatch(/Points: Anne \d+, Jo\*Jo \d+, Cees \d+\./);
  });
});
