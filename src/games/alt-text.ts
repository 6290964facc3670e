/**
 * Board images' descriptions (alt text): what a screen reader says in place of the picture,
 * carried as the image attachment's `description`. Each game's presenter says its board in a few
 * sentences (`altText`: whose turn, the scores, the last turn), from the very spectator view the
 * board is drawn from, so a description can tell nothing the picture does not; this file makes
 * them one plain text that Discord takes.
 */
import type { Translate } from '../i18n/index.js';
import { SHAPE_GLYPH } from '../render/palette.js';
import type { AnyGamePresenter, PresentContext } from './presenter.js';
import { DISCORD_LIMITS, fitText } from '../text-fit.js';

/** Discord's limit on an attachment's description. */
export const MAX_ALT_TEXT = DISCORD_LIMITS.altText;

/**
 * Pictures a screen reader would spell out by name ("game die", "flag: Netherlands") beside words
 * that already say it: emoji, flags and the players' shape marks. The card suits stay: in
 * "K♠" the suit is the card.
 */
const PICTURES = new RegExp(
  `(?![♠♥♦♣])[\\p{Extended_Pictographic}\\p{So}]|\\p{Regional_Indicator}|[\\u{FE0F}\\u{200D}\\u{20E3}•${Object.values(SHAPE_GLYPH).join('')}]`,
  'gu',
);

/**
 * A post's line as plain text to be read aloud: Markdown marks out (a crossed-out card is said
 * to be crossed out), pictures out, spaces tidied.
 */
export function spokenText(text: string, t: Translate): string {
  return text
    .replace(/~~(.+?)~~/g, (_, struck: string) => t('alt.struck', { text: struck }))
    .replace(/\*\*|__|`/g, '')
    .replace(PICTURES, '')
    .replace(/\(\s*\)/g, '')
    .replace(/\s+/g, ' ')
    .replace(/\(\s+/g, '(')
    .replace(/\s+([.,:;!?)])/g, '$1')
    .trim();
}

/** Which turn a post's lines tell: the one just ended, the one under way, or how the game began. */
export type TurnTold = 'last' | 'under-way' | 'start';

const TURN_KEY = { last: 'alt.last-turn', 'under-way': 'alt.this-turn', start: 'alt.start' } as const;

/**
 * The lines a post tells of a turn as one sentence of the description ("Last turn: Anne played …
 * Bart …"), each line ended as a sentence (a heading such as "Final scoring" gets its full stop);
 * none when there are no lines.
 */
export function turnSentence(t: Translate, lines: readonly string[], told: TurnTold): string[] {
  if (lines.length === 0) return [];
  const events = lines.map((line) => line.trim()).map((line) => (/[.!?:…][*_~)]*$/.test(line) ? line : `${line}.`));
  return [t(TURN_KEY[told], { events: events.join(' ') })];
}

/** The players' names as typed: a description is not Markdown, so nothing is escaped. */
export function altTextContext(ctx: PresentContext): PresentContext {
  return { ...ctx, players: ctx.players.map((p) => ({ ...p, name: p.plain ?? p.name })) };
}

/** Where a sentence ends: its stop (and a closing quote or bracket) before a space or the end. */
const SENTENCE_END = /[.!?…]["”’)]*(?=\s|$)/g;

/**
 * Cut to Discord's limit after the last whole sentence that fits, so that a screen reader never
 * stops mid-sentence; only a first sentence longer than the limit is cut at a word, marked as cut.
 */
export function fitSentences(text: string, limit: number = MAX_ALT_TEXT): string {
  if (text.length <= limit) return text;
  let end = 0;
  for (const match of text.matchAll(SENTENCE_END)) {
    const after = (match.index ?? 0) + match[0].length;
    if (after > limit) break;
    end = after;
  }
  return end > 0 ? text.slice(0, end) : fitText(text, limit, { atWord: true });
}

/**
 * The description of a board drawn from `view` (a spectator's view): the game's name, then what
 * its presenter says of the board, most important first (whose turn, the scores, the positions,
 * then the last turn), so that what does not fit in 1,024 characters is the end of the last turn,
 * left out by whole sentences.
 */
export function boardAltText(presenter: AnyGamePresenter, view: unknown, ctx: PresentContext): string {
  const plain = altTextContext(ctx);
  const sentences = [ctx.t('alt.board', { game: ctx.t(presenter.name) }), ...presenter.altText(view, plain)];
  return fitSentences(
    sentences
      .map((s) => spokenText(s, ctx.t))
      .filter(Boolean)
      .join(' '),
  );
}
