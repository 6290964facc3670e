/**
 * Players' names are text a member chose, shown inside the bot's own posts and drawn on boards.
 * Every name the bot shows passes through here: `plainName` for images and component labels
 * (drawn literally), `textName` for Markdown message texts. Names are cleaned again when read, so
 * rows stored before this cleaning show the same way.
 */
import { escapeMarkdown, type Interaction } from 'discord.js';
import type { SeatRow } from '../db/schema.js';
import { BOT_LEVELS, type BotLevel } from '../service/settings.js';
import type { Translate } from '../i18n/index.js';
import { fitText } from '../text-fit.js';

/**
 * The longest name shown, in code points: Discord's own limit for usernames, global names and
 * nicknames, so it never cuts a real name and bounds a forged or stored one. Boards cut further.
 */
export const NAME_LENGTH = 32;

// Format characters (\p{Cf}): bidirectional marks, embeddings, overrides and isolates (U+200E/F,
// U+061C, U+202A–E, U+2066–9), zero-width ones (U+200B–D, U+2060, U+FEFF) and the like. They
// reorder or hide what follows them, in posts as on boards. Two are kept where an emoji needs
// them: the zero-width joiner between two pictographs (a family, a rainbow flag) and the tags
// after a black flag (England's, Scotland's flags).
const INVISIBLE = /\p{Cf}/gu;
const ZWJ = '\u200D';
const AFTER_PICTOGRAPH = /\p{Extended_Pictographic}\u{FE0F}?[\u{1F3FB}-\u{1F3FF}]?$/u;
const BEFORE_PICTOGRAPH = /^\p{Extended_Pictographic}/u;
const TAG = /^[\u{E0020}-\u{E007F}]$/u;
const IN_FLAG_TAGS = /\u{1F3F4}[\u{E0020}-\u{E007E}]*$/u;
/** How far back a kept format character looks: an emoji with its modifiers, or a flag with its tags. */
const LOOK_BACK = 32;

/** Whether the format character at `at` belongs to an emoji sequence and stays. */
function partOfEmoji(text: string, char: string, at: number): boolean {
  const before = text.slice(Math.max(0, at - LOOK_BACK), at);
  if (char === ZWJ) return AFTER_PICTOGRAPH.test(before) && BEFORE_PICTOGRAPH.test(text.slice(at + 1, at + 3));
  return TAG.test(char) && IN_FLAG_TAGS.test(before);
}

const withoutInvisible = (text: string): string => text.replace(INVISIBLE, (char: string, at: number) => (partOfEmoji(text, char, at) ? char : ''));

// Controls and line or paragraph breaks would break a post's lines; any run of spaces becomes one.
const SPACES = /[\p{Cc}\p{Zl}\p{Zp}\s]+/gu;

/** A name without invisible characters or line breaks, cut to NAME_LENGTH; '' when nothing is left. */
export function cleanName(raw: string | null | undefined): string {
  return cleanText(raw, NAME_LENGTH);
}

/** Any short text a member typed for others to read (a reason for his time off), cleaned as a name is and cut to `max` code points, between graphemes. */
export function cleanText(raw: string | null | undefined, max: number): string {
  return fitText(
    withoutInvisible(raw ?? '')
      .replace(SPACES, ' ')
      .trim(),
    max,
    { unit: 'codePoint' },
  );
}

/** The first of `names` that is not empty once cleaned, cleaned; '' if none is. */
export function firstNonEmptyName(...names: (string | null | undefined)[]): string {
  for (const name of names) {
    const clean = cleanName(name);
    if (clean) return clean;
  }
  return '';
}

/**
 * Markdown in a name shown as typed: discord.js' escapeMarkdown, with headings and lists too, plus
 * two things it leaves alone. Every bracket: escapeMarkdown escapes a masked link only when the
 * whole link is in the name, and a name cut short (or ending in "](https://…") would close one
 * with the text after it. A quote (`>`, `>>>`) or subtext (`-# `) at the start: it would quote
 * or shrink the rest of a post whose line starts with the name.
 */
export function escapeName(name: string): string {
  const escaped = escapeMarkdown(name, { heading: true, bulletedList: true, numberedList: true }).replace(/[[\]]/g, '\\$&');
  return /^(>|-#\s)/.test(escaped) ? `\\${escaped}` : escaped;
}

type NamedSeat = Pick<SeatRow, 'seat' | 'displayName'>;

/** A seat's name for images and labels: cleaned, "#2" when nothing is left of it. */
export const plainName = (seat: NamedSeat): string => cleanName(seat.displayName) || `#${seat.seat + 1}`;

/** A seat's name for message texts: cleaned and escaped for Markdown. */
export const textName = (seat: NamedSeat): string => escapeName(plainName(seat));

/**
 * The name a member goes by here, to be stored with his seat: his server nickname, else his
 * global name, else his username, whichever first has something left once cleaned.
 */
export function memberName(interaction: Interaction): string {
  const { member, user } = interaction;
  const nickname = member && 'displayName' in member ? member.displayName : member?.nick;
  return firstNonEmptyName(nickname, user.globalName, user.username) || user.id;
}

/** How a rated player is named: a member by a mention (the answer pings nobody), a bot level by its level. */
export function ratedName(playerId: string, t: Translate): string {
  const level = BOT_LEVELS.find((each: BotLevel) => playerId === `bot:${each}`);
  return level ? t('rating.bot', { level: t(`bot.level.${level}`) }) : `<@${playerId}>`;
}
