import { describe, expect, it } from 'vitest';
import { newCanvas } from './canvas.js';
import { cutName, setName } from './names.js';
import { secondary } from './text-role.js';
import { textWidth } from './text.js';

const ctx = newCanvas(10, 10).getContext('2d');
const LONG = 'Bartholomeus van der Heijden';
const LONGEST = 'Bartholomeus van den Heuvel-Smit';
const bold = (text: string, size = 22) => textWidth(ctx, text, size, 'bold');
const regular = (text: string, size = 22) => textWidth(ctx, text, size, 'normal');

describe("setName: a player's name in a tight place", () => {
  it('keeps a name that fits bold as it is, and shrinks it no further than 22 px', () => {
    expect(setName(ctx, 'Bot Bram', { size: 24, maxWidth: 200 })).toEqual({ lines: ['Bot Bram'], size: 24, weight: 'bold' });
    const shrunk = setName(ctx, LONG, { size: 24, maxWidth: bold(LONG, 23) });
    expect(shrunk.lines).toEqual([LONG]);
    expect(shrunk.weight).toBe('bold');
    expect(shrunk.size).toBeGreaterThanOrEqual(22);
    expect(shrunk.size).toBeLessThan(24);
  });

  it('sets a name in regular type, which runs narrower, before it goes on two lines or is cut', () => {
    const room = regular(LONG) + 1;
    expect(room).toBeLessThan(bold(LONG));
    expect(setName(ctx, LONG, { size: 22, maxWidth: room, maxLines: 2 })).toEqual({ lines: [LONG], size: 22, weight: 'normal' });
  });

  it('puts a long name on two lines split where both fit best, bold where they fit bold', () => {
    expect(setName(ctx, LONG, { size: 22, maxWidth: 220, maxLines: 2 })).toEqual({ lines: ['Bartholomeus', 'van der Heijden'], size: 22, weight: 'bold' });
    // The first line has less room (a mark before it): regular type fits where bold would not.
    expect(setName(ctx, LONG, { size: 22, maxWidth: [160, 190], maxLines: 2 })).toEqual({
      lines: ['Bartholomeus', 'van der Heijden'],
      size: 22,
      weight: 'normal',
    });
  });

  it('cuts only what cannot fit: the second line after a whole first one, else the end of the one line', () => {
    const two = setName(ctx, LONGEST, { size: 22, maxWidth: [160, 190], maxLines: 2 });
    expect(two.lines[0]).toBe('Bartholomeus');
    expect(two.lines[1]).toMatch(/^van den Heu.*…$/);
    expect(regular(two.lines[1] as string)).toBeLessThanOrEqual(190);
    const one = setName(ctx, LONG, { size: 22, maxWidth: 250 });
    expect(one.lines).toHaveLength(1);
    expect(one.lines[0]).toMatch(/^Bartholomeus van.*…$/);
    expect(regular(one.lines[0] as string)).toBeLessThanOrEqual(250);
  });

  it('cuts between graphemes: never half a flag, a family or a pirate flag', () => {
    const graphemes = (text: string) => [...new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(text)].map((g) => g.segment);
    for (const emoji of ['🇳🇱', '👨\u200D👩\u200D👧', '🏴\u200D☠️']) {
      const name = `Anne ${emoji.repeat(12)}`;
      for (const width of [60, 80, 100, 120, 140]) {
        const cut = cutName(ctx, name, 22, 'bold', width);
        expect(cut.endsWith('…')).toBe(true);
        // Every grapheme before the mark is one of the name's own, whole.
        for (const g of graphemes(cut.slice(0, -1))) expect(['A', 'n', 'e', ' ', emoji]).toContain(g);
      }
    }
  });

  it('draws secondary text down to 16 px before the other steps', () => {
    const setting = secondary('caption', () => setName(ctx, LONG, { size: 20, maxWidth: bold(LONG, 17) + 1, maxLines: 2 }));
    expect(setting.lines).toEqual([LONG]);
    expect(setting.size).toBeGreaterThanOrEqual(16);
  });
});
