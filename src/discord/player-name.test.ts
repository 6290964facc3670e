import { describe, expect, it } from 'vitest';
import { escapeMarkdown, type Interaction } from 'discord.js';
import { NAME_LENGTH, cleanName, escapeName, firstNonEmptyName, memberName, plainName, ratedName, textName } from './player-name.js';
import { translator } from '../i18n/index.js';
import { BOT_LEVELS } from '../service/settings.js';

// Within Discord's 32 characters; the issue's `[Free Nitro](https://evil.example) ```` is longer.
const HOSTILE = '[Nitro](https://evil.io) ```';
const ISSUE_NAME = '[Free Nitro](https://evil.example) ```';
const BIDI = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069', '\u200E', '\u200F', '\u061C'];
const ZERO_WIDTH = ['\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF'];

describe('cleaning a name', () => {
  it('takes out every bidirectional override, isolate and mark', () => {
    for (const c of BIDI) expect(cleanName(`ab${c}cd`)).toBe('abcd');
    expect(cleanName('\u202Egnp.exe')).toBe('gnp.exe');
  });

  it('takes out zero-width characters', () => {
    for (const c of ZERO_WIDTH) expect(cleanName(`a${c}b`)).toBe('ab');
  });

  it('keeps the joiners and tags inside an emoji: a family, a rainbow flag, a pirate flag, England; not around letters', () => {
    for (const emoji of ['👨\u200D👩\u200D👧', '🏳️\u200D🌈', '🏴\u200D☠️', '👩🏽\u200D💻', '🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}']) {
      expect(cleanName(`Anne ${emoji}`)).toBe(`Anne ${emoji}`);
      expect([...new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(cleanName(emoji))]).toHaveLength(1);
    }
    expect(cleanName('\u200D👩')).toBe('👩');
    expect(cleanName('👩\u200D')).toBe('👩');
    expect(cleanName('a\u200D👩')).toBe('a👩');
    expect(cleanName('a\u{E0067}b')).toBe('ab');
    expect(cleanName('👩\u{E0067}')).toBe('👩');
  });

  it('turns line breaks, controls and runs of spaces into one space, and trims', () => {
    expect(cleanName('  Anne\n\n```\r\tde\u2028Vries\u0007 ')).toBe('Anne ``` de Vries');
  });

  it(`cuts a name longer than ${NAME_LENGTH} code points with an ellipsis, never inside a character`, () => {
    expect(cleanName('a'.repeat(NAME_LENGTH))).toBe('a'.repeat(NAME_LENGTH));
    expect(cleanName('a'.repeat(200))).toBe(`${'a'.repeat(NAME_LENGTH - 1)}…`);
    // A pirate flag is four code points (black flag, joiner, skull, variation selector): seven fit beside the ellipsis.
    const emoji = cleanName('🏴‍☠️'.repeat(40));
    expect(emoji).toBe(`${'🏴‍☠️'.repeat(7)}…`);
    expect(() => encodeURIComponent(emoji)).not.toThrow(); // no lone surrogate
  });

  it('never cuts a flag or a skin tone of a long name in two', () => {
    // 20 flags are 40 code points: 15 whole ones fit beside the ellipsis, not 15 and a half.
    expect(cleanName('🇳🇱'.repeat(20))).toBe(`${'🇳🇱'.repeat(15)}…`);
    expect(cleanName(`${'a'.repeat(30)}👋🏽 Anne`)).toBe(`${'a'.repeat(30)}…`);
  });

  it('leaves Markdown alone: images draw it as typed', () => {
    expect(cleanName(HOSTILE)).toBe(HOSTILE);
  });

  it('is empty when nothing visible is left', () => {
    expect(cleanName('\u202E\u200B \n\uFEFF')).toBe('');
    expect(cleanName(null)).toBe('');
    expect(firstNonEmptyName('\u200B', undefined, ' ', 'anne_v')).toBe('anne_v');
    expect(firstNonEmptyName('\u200B')).toBe('');
  });
});

describe('escaping a name for message texts', () => {
  it('escapes a masked link and a code fence', () => {
    const escaped = escapeName(HOSTILE);
    expect(escaped).toBe('\\[Nitro\\](https://evil.io) \\`\\`\\`');
    expect(escaped).toContain(escapeMarkdown('```'));
    expect(escaped).toContain('\\`\\`\\`');
    expect(escaped.replaceAll('\\`', '')).not.toContain('`');
  });

  it('escapes emphasis, spoilers, headings, lists, quotes and subtext', () => {
    expect(escapeName('*a* _b_ ~~c~~ ||d|| \\[')).toBe('\\*a\\* \\_b\\_ \\~\\~c\\~\\~ \\|\\|d\\|\\| \\\\\\[');
    expect(escapeName('# Big')).toBe('\\# Big');
    expect(escapeName('- item')).toBe('\\- item');
    expect(escapeName('1. first')).toBe('1\\. first');
    expect(escapeName('>>> all of it')).toBe('\\>>> all of it');
    expect(escapeName('-# small')).toBe('\\-# small');
  });

  it('leaves a plain name as it is', () => {
    expect(escapeName('Anne de Vries')).toBe('Anne de Vries');
  });

  it('shows the first 31 characters of a longer hostile name, escaped', () => {
    expect(escapeName(cleanName(ISSUE_NAME))).toBe('\\[Free Nitro\\](https://evil.examp…');
    expect(escapeName('](https://evil.io')).toBe('\\](https://evil.io');
  });
});

describe('a seat name', () => {
  it('is cleaned, and escaped only for texts', () => {
    const seat = { seat: 1, displayName: `\u202E${HOSTILE}\u200B` };
    expect(plainName(seat)).toBe(HOSTILE);
    expect(textName(seat)).toBe(escapeName(HOSTILE));
  });

  it('falls back to the seat number when nothing is left of a stored name', () => {
    expect(plainName({ seat: 1, displayName: '\u200B\u202E' })).toBe('#2');
    expect(textName({ seat: 0, displayName: '' })).toBe('#1');
  });
});

describe("a member's name", () => {
  const interaction = (member: unknown, user: { id: string; username: string; globalName: string | null }) => ({ member, user }) as unknown as Interaction;
  const user = { id: '42', username: 'anne_v', globalName: 'Anne' };

  it('is his nickname here, cleaned', () => {
    expect(memberName(interaction({ displayName: '\u2066Captain\u2069' }, user))).toBe('Captain');
    expect(memberName(interaction({ nick: 'Cap' }, user))).toBe('Cap');
  });

  it('falls back to his global name, then his username, when a nickname is only invisible characters', () => {
    expect(memberName(interaction({ displayName: '\u200B\u200D' }, user))).toBe('Anne');
    expect(memberName(interaction({ displayName: '\u200B' }, { ...user, globalName: '\u202E' }))).toBe('anne_v');
    expect(memberName(interaction(null, { ...user, globalName: null }))).toBe('anne_v');
  });
});

describe('a rated player', () => {
  it('a bot of any level is named by its level, a member by a mention', () => {
    const t = translator('en');
    for (const level of BOT_LEVELS) expect(ratedName(`bot:${level}`, t)).toBe(`Bot (${level})`);
    expect(ratedName('bot:expert', translator('nl'))).toBe('Bot (expert)');
    expect(ratedName('123456789012345678', t)).toBe('<@123456789012345678>');
  });
});
