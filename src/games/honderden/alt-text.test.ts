import { describe, expect, it } from 'vitest';
import { altTextOf, expectSoundAltTexts } from '../../../tests/support/alt-text.js';
import { stateAfter } from '../../ai/fairness-testing.js';
import { honderden } from './rules.js';

describe('Honderden’s board in words (alt text)', () => {
  it.each([2, 3])('fits, names who is to move and tells nothing hidden (%i players)', (seats) => {
    expectSoundAltTexts('honderden', { seats, options: { target: 3 }, maxSteps: 200 });
  });

  it('says whose turn it is, the game points and the last card', () => {
    const state = stateAfter(honderden, { seats: 2, options: { target: 5 } }, 'alt', 21);
    const text = altTextOf('honderden', state);
    expect(text).toMatch(/^Honderden board\. Hand \d+ \(game \d+\), trump [♠♥♦♣]/);
    expect(text).toMatch(/Game points \(first to 5\): Anne \d+ · Jo\*Jo \d+\./);
  });

  it('says the trick on the table: the cards played to it so far', () => {
    const state = stateAfter(honderden, { seats: 3, options: { target: 5 } }, 'p', 25);
    expect(altTextOf('honderden', state)).toMatch(/trick \d of 8: \S+ to play \((Anne|Jo\*Jo|Cees) (10|[2-9AKQJ])[♠♥♦♣]/);
    expect(altTextOf('honderden', state, 'nl')).toMatch(/slag \d van 8: \S+ is aan de beurt \((Anne|Jo\*Jo|Cees) (10|[2-9AKQJ])[♠♥♦♣]/);
  });
});
