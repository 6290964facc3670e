/**
 * Texts fitted into Discord's limits: every text the bot cuts for Discord is cut here. A cut
 * falls between graphemes (what a reader sees as one character: a flag, a family emoji, a letter
 * with its accents), never inside an emoji sequence or a surrogate pair: Discord refuses a whole
 * message for half an emoji. Lengths are counted in UTF-16 code units, which is never less than
 * any way Discord counts (code points or code units), so a fitted text is never too long for it.
 */

/** The mark of a text cut short; it counts in the limit like any character. */
export const ELLIPSIS = '…';

/** Discord's limits on the texts the bot sends, in characters. */
export const DISCORD_LIMITS = {
  content: 2000,
  optionLabel: 100,
  optionDescription: 100,
  buttonLabel: 80,
  placeholder: 150,
  choiceName: 100,
  altText: 1024,
  threadName: 100,
  embedDescription: 4096,
} as const;

/** Graphemes are the same in every language (Unicode's extended grapheme clusters): one segmenter serves all. */
const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** `text`'s graphemes, in order: what a reader sees as its characters. */
export function graphemesOf(text: string): string[] {
  return Array.from(graphemes.segment(text), ({ segment }) => segment);
}

/** How a limit counts: UTF-16 code units (Discord's limits) or code points (a bound of the bot's own, such as a name's 32). */
export type Unit = 'utf16' | 'codePoint';

const codePoints = (text: string): number => {
  let count = 0;
  for (const _ of text) count++;
  return count;
};

const measure = (unit: Unit): ((text: string) => number) => (unit === 'utf16' ? (text) => text.length : codePoints);

export interface FitOptions {
  unit?: Unit;
  /** Cut at the last space of what fits, when there is one, and leave no comma or colon before the mark. */
  atWord?: boolean;
}

/**
 * `text` when it is at most `max` long; else the longest run of its first whole graphemes that
 * leaves room for "…", with "…" after it, together at most `max`. Trailing spaces before the mark
 * go. Reads the text only as far as the cut.
 */
export function fitText(text: string, max: number, options: FitOptions = {}): string {
  const length = measure(options.unit ?? 'utf16');
  if (text.length <= max || length(text) <= max) return text;
  const room = max - length(ELLIPSIS);
  if (room < 0) return '';
  let end = 0;
  let used = 0;
  for (const { segment, index } of graphemes.segment(text)) {
    const size = length(segment);
    if (used + size > room) break;
    used += size;
    end = index + segment.length;
  }
  let kept = text.slice(0, end);
  if (options.atWord) {
    const space = kept.search(/\s\S*$/);
    if (space > 0) kept = kept.slice(0, space);
    kept = kept.replace(/[\s,;:]+$/, '');
  }
  return `${kept.trimEnd()}${ELLIPSIS}`;
}

/**
 * `items` joined with `separator`, at most `max` long: when they do not all fit, the first ones
 * that do, then `more(n)` for the n left out ("… and 12 more"). Items are kept whole; `more` of
 * every item is the answer when not even the first fits beside it.
 */
export function joinWithin(items: readonly string[], max: number, more: (left: number) => string, separator = '\n'): string {
  const all = items.join(separator);
  if (all.length <= max) return all;
  let kept = 0;
  let used = 0;
  for (const item of items) {
    const next = used + (kept > 0 ? separator.length : 0) + item.length;
    const left = items.length - kept - 1;
    // Room for this item and, unless it is the last, the line that says how many are left.
    if (next + (left > 0 ? separator.length + more(left).length : 0) > max) break;
    used = next;
    kept++;
  }
  const tail = more(items.length - kept);
  return fitText(kept === 0 ? tail : `${items.slice(0, kept).join(separator)}${separator}${tail}`, max);
}
