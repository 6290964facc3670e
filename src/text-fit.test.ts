import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ELLIPSIS, fitText, joinWithin } from './text-fit.js';

const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });
const graphemesOf = (text: string) => [...segmenter.segment(text)].map((s) => s.segment);
const loneSurrogate = /\p{Cs}/u;

const FAMILY = '👨‍👩‍👧‍👦'; // four people joined by ZWJs: 11 code units
const FLAG = '🇳🇱'; // two regional indicators: 4 code units
const WAVE = '👋🏽'; // a hand with a skin tone: 4 code units
const DAGGER = '🗡️'; // a symbol with its emoji presentation selector: 2 code units
const E_ACUTE = 'e\u0301'; // e and a combining acute accent: 2 code units
const KANJI = '漢字'; // two CJK ideographs, one code unit each

describe('fitText', () => {
  it('keeps a text that fits, whatever it holds', () => {
    for (const text of ['', 'abc', FAMILY, `${FLAG}${WAVE}${KANJI}`]) expect(fitText(text, 100)).toBe(text);
    expect(fitText('x'.repeat(100), 100)).toBe('x'.repeat(100));
  });

  it('counts "…" in the limit', () => {
    expect(fitText('x'.repeat(101), 100)).toBe(`${'x'.repeat(99)}${ELLIPSIS}`);
    expect(fitText('x'.repeat(101), 100)).toHaveLength(100);
  });

  it('never cuts an emoji sequence, a flag, a skin tone, a presentation selector or an accent in two', () => {
    // Each case puts the sequence across the cut: the old `slice(0, 99)` would have split it.
    for (const emoji of [FAMILY, FLAG, WAVE, DAGGER, E_ACUTE]) {
      const text = `${'a'.repeat(98)}${emoji} and more`;
      const fitted = fitText(text, 100);
      expect(fitted).toBe(`${'a'.repeat(98)}${ELLIPSIS}`);
      expect(loneSurrogate.test(fitted)).toBe(false);
    }
    // The log line of the issue: the card's emoji at the cut.
    const line = `${'▲ carol played a card and moved a pirate forward to the '.padEnd(98, '.')}🗡 Dagger`;
    expect(line.slice(0, 99)).toMatch(/\uD83D$/);
    expect(fitText(line, 100)).toBe(`${line.slice(0, 98)}${ELLIPSIS}`);
  });

  it('keeps a sequence that fits whole, and counts it in UTF-16 code units', () => {
    const text = `${'a'.repeat(89)}${FAMILY}`;
    expect(text.length).toBe(100);
    expect(fitText(text, 100)).toBe(text);
    expect(fitText(`${text}b`, 100)).toBe(`${'a'.repeat(89)}${ELLIPSIS}`);
    expect(fitText(`${'a'.repeat(88)}${FAMILY}bc`, 100)).toBe(`${'a'.repeat(88)}${FAMILY}${ELLIPSIS}`);
  });

  it('cuts Chinese text by its characters', () => {
    expect(fitText(KANJI.repeat(60), 100)).toBe(`${KANJI.repeat(49)}漢${ELLIPSIS}`);
  });

  it('counts code points when asked (a bound of the bot, such as a name of 32)', () => {
    const name = WAVE.repeat(16); // 32 code points, 64 code units
    expect(fitText(name, 32, { unit: 'codePoint' })).toBe(name);
    expect(fitText(`${name}x`, 32, { unit: 'codePoint' })).toBe(`${WAVE.repeat(15)}${ELLIPSIS}`);
  });

  it('cuts at a word when asked, without a comma before the mark', () => {
    expect(fitText('one two, three four', 12, { atWord: true })).toBe(`one two${ELLIPSIS}`);
  });

  it('leaves no trailing space before the mark', () => {
    expect(fitText(`${'a'.repeat(97)}  bbb`, 100)).toBe(`${'a'.repeat(97)}${ELLIPSIS}`);
  });

  // Texts of whole graphemes mixed from every kind that matters here.
  const pieces = fc.constantFrom('a', ' ', 'é', E_ACUTE, KANJI, FAMILY, FLAG, WAVE, DAGGER, '♠', '🃏', '\u{1F9D1}\u200D\u{1F4BB}', '1\uFE0F\u20E3');
  const texts = fc.oneof(
    fc.array(pieces, { maxLength: 80 }).map((p) => p.join('')),
    fc.string({ unit: 'grapheme', maxLength: 150 }),
  );

  it('always gives a prefix of whole graphemes, within the limit, with no lone surrogate', () => {
    fc.assert(
      fc.property(texts, fc.integer({ min: 1, max: 120 }), (text, max) => {
        const fitted = fitText(text, max);
        expect(fitted.length).toBeLessThanOrEqual(max);
        expect(loneSurrogate.test(fitted)).toBe(false);
        if (fitted === text) return;
        expect(fitted.endsWith(ELLIPSIS)).toBe(true);
        const kept = fitted.slice(0, -ELLIPSIS.length);
        expect(text.startsWith(kept)).toBe(true);
        // The cut is a grapheme boundary of the text: its graphemes begin with the kept ones.
        const whole = graphemesOf(text);
        const keptGraphemes = graphemesOf(kept);
        expect(whole.slice(0, keptGraphemes.length)).toEqual(keptGraphemes);
        // As much as fits: the longest run of whole graphemes that leaves room for the mark (then trailing spaces dropped).
        let longest = '';
        for (const g of whole) {
          if (longest.length + g.length > max - ELLIPSIS.length) break;
          longest += g;
        }
        expect(kept).toBe(longest.trimEnd());
      }),
    );
  });
});

describe('joinWithin', () => {
  const more = (n: number) => `… and ${n} more`;

  it('joins everything that fits', () => {
    expect(joinWithin(['a', 'b'], 10, more)).toBe('a\nb');
  });

  it('keeps whole items and says how many are left, within the limit', () => {
    const items = Array.from({ length: 60 }, (_, i) => `<#${1_000_000_000_000_000_000n + BigInt(i)}>`);
    const joined = joinWithin(items, 300, more, ', ');
    expect(joined.length).toBeLessThanOrEqual(300);
    const shown = joined.split(', ');
    const tail = shown.pop();
    expect(shown).toEqual(items.slice(0, shown.length));
    expect(tail).toBe(more(items.length - shown.length));
  });

  it('holds any list within any limit that its summary fits in', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'grapheme', maxLength: 40 }), { maxLength: 80 }), fc.integer({ min: 20, max: 500 }), (items, max) => {
        const joined = joinWithin(items, max, more);
        expect(joined.length).toBeLessThanOrEqual(max);
        if (joined !== items.join('\n')) expect(joined).toMatch(/… and \d+ more$/);
      }),
    );
  });
});
