import { describe, expect, it } from 'vitest';
import { altTextOf, expectSoundAltTexts } from '../../../tests/support/alt-text.js';
import { stateAfter } from '../../ai/fairness-testing.js';
import { freibeuter } from './rules.js';

describe('Freibeuter’s board in words (alt text)', () => {
  it.each([2, 4])('fits, names who is to move and tells nothing hidden (%i players)', (seats) => {
    expectSoundAltTexts('freibeuter', { seats, options: {}, maxSteps: 300 });
  });

  it('says whose turn it is, everyone’s points and the turn just ended, never a card drawn', () => {
    const state = stateAfter(freibeuter, { seats: 3, options: {} }, 'alt', 30);
    const text = altTextOf('freibeuter', state);
    expect(text).toMatch(/^Freibeuter board\. Turn \d+, (Anne|Jo\*Jo|Cees) to move/);
    expect(text).toMatch(/Points: Anne -?\d+, Jo\*Jo -?\d+, Cees -?\d+\./);
    expect(text).toMatch(/Last turn: (Anne|Jo\*Jo|Cees) /);
    expect(altTextOf('freibeuter', stateAfter(freibeuter, { seats: 3, options: {} }, 'alt', 0), 'nl')).toMatch(
      /^Spelbord van Freibeuter\. Beurt 1, \S+ is aan zet .+ Punten: Anne 20, Jo\*Jo 20, Cees 20\. Bij het begin: De schijfjes /,
    );
  });
});
