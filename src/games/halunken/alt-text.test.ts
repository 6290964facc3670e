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

  it('says the ring of taverns (open cards, who stands where) and each crew by colour', () => {
    const state = stateAfter(halunken, { seats: 3, options: { variant: 'standard' } }, 'p', 40);
    const view = halunken.view(state as Parameters<typeof halunken.view>[0], null);
    const text = altTextOf('halunken', state);
    expect(text).toMatch(/Taverns: 1 (Yellow|Grey|Violet|Red) \d+|Taverns: 1 (empty|face down)/);
    // 14 taverns, each with its number, in order.
    const list = /Taverns: ([^.]+)\./.exec(text)?.[1] ?? '';
    expect(list.split('; ').map((entry) => Number(entry.split(' ')[0]))).toEqual(Array.from({ length: 14 }, (_, i) => i + 1));
    view.captains.forEach((space, seat) => {
      if (space !== null) expect(list.split('; ')[space]).toContain(['Anne', 'Jo*Jo', 'Cees'][seat]);
    });
    for (const name of ['Anne', 'Jo*Jo', 'Cees']) expect(text).toMatch(new RegExp(`Crew of ${name.replace('*', '\\*')}: [^.]+\\.`));
    expect(altTextOf('halunken', state, 'nl')).toMatch(/Kroegen: 1 .+ Bemanning van Anne: /);
  });
});
