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

  it('says the tavern row as the board shows it: each card, its number once chosen, the dice at it', () => {
    const state = stateAfter(shanghaien, { seats: 2, options: {} }, 'p', 60);
    const view = shanghaien.view(state as Parameters<typeof shanghaien.view>[0], null);
    const text = altTextOf('shanghaien', state);
    const row = /The tavern, left to right on the board: ([^.]+)\./.exec(text)?.[1] ?? '';
    const slots = row.split('; ');
    expect(slots).toHaveLength(view.row.length);
    view.row.forEach((slot, i) => {
      if (slot.position !== null) expect(slots[i]).toMatch(new RegExp(`^card ${slot.position}: `));
      slot.dice.forEach((count, seat) => {
        if (count > 0) expect(slots[i]).toContain(`${['Anne', 'Jo*Jo'][seat]} ${count}`);
      });
    });
    expect(text.indexOf('The tavern')).toBeLessThan(text.search(/(Last turn|This turn so far): /));
    expect(altTextOf('shanghaien', state, 'nl')).toMatch(/De kroeg, van links naar rechts op het bord: kaart \d: /);
  });
});
