import { SlashCommandSubcommandBuilder } from '@discordjs/builders';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineSetting } from '../../../settings/declare.js';
import { testStore } from '../../../../tests/support/test-store.js';
import { games } from '../../../games/index.js';
import { translator } from '../../../i18n/index.js';
import { GameService } from '../../../service/game-service.js';
import { changedText, settingsText } from './text.js';
import { absentLevel, defaultTimeLimit, lobbyExpiry as lobbyExpirySetting, pings as pingsSetting, useThreads } from '../../../service/settings.js';
import { changeSubcommand, shownSetting } from './change.js';
import { withList } from '../../replies.js';

/** Channel ids as Discord makes them: 19 digits. */
const channelIds = (n: number) => Array.from({ length: n }, (_, i) => String(1_300_000_000_000_000_000n + BigInt(i) * 7919n));

const timeLimit = shownSetting(defaultTimeLimit);
const lobbyExpiry = shownSetting(lobbyExpirySetting);
const pings = shownSetting(pingsSetting);
const threads = shownSetting(useThreads);

describe('/settings show with many allowed channels', () => {
  for (const locale of ['en', 'nl'] as const) {
    it(`stays within Discord's 2,000 characters, every setting said, the channels that fit named (${locale})`, async () => {
      const t = translator(locale);
      const service = new GameService(await testStore(), games, () => 'seed');
      const ids = channelIds(64);
      await service.settings.updateGuild('g', { allowedChannels: ids });
      const settings = await service.settings.guild('g');
      const text = settingsText({ settings, member: { dmReminders: true, pings: await service.settings.pings('u') } }, locale, t);
      // All of them in one line would not fit: that is what this answer used to send.
      expect(ids.map((id) => `<#${id}>`).join(', ').length + 600).toBeGreaterThan(2000);
      expect(text.length).toBeLessThanOrEqual(2000);
      const lines = text.split('\n');
      const few = settingsText(
        { settings: { ...settings, allowedChannels: ids.slice(0, 1) }, member: { dmReminders: true, pings: await service.settings.pings('u') } },
        locale,
        t,
      ).split('\n');
      expect(lines).toHaveLength(few.length);
      // Every line but the channels' is as it is with one channel.
      const at = few.findIndex((line) => line.includes(`<#${ids[0]}>`));
      expect(lines.filter((_, i) => i !== at)).toEqual(few.filter((_, i) => i !== at));
      const named = [...(lines[at] as string).matchAll(/<#(\d+)>/g)].map((m) => m[1]);
      expect(named).toEqual(ids.slice(0, named.length));
      expect(named.length).toBeGreaterThan(40);
      expect(lines[at]).toMatch(new RegExp(`, ${t('list.more', { count: ids.length - named.length }).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
    });
  }

  it('names every channel when they fit', async () => {
    const t = translator('en');
    const service = new GameService(await testStore(), games, () => 'seed');
    await service.settings.updateGuild('g', { allowedChannels: channelIds(5) });
    const text = settingsText({ settings: await service.settings.guild('g'), member: await service.settings.member('u') }, 'en', t);
    expect(text).toContain(
      `• Channels for games: ${channelIds(5)
        .map((id) => `<#${id}>`)
        .join(', ')}\n`,
    );
  });
});

describe('a change of a setting', () => {
  it('is confirmed in one line with the old value and the new, in both languages; the time running out is one line of /settings show', async () => {
    const service = new GameService(await testStore(), games, () => 'seed');
    const seen = async () => ({ settings: await service.settings.guild('g'), member: await service.settings.member('u') });
    const before = await seen();
    await service.settings.updateGuild('g', { defaultTimeLimitMs: 86_400_000, lobbyExpiryMs: 3_600_000, absentLevel: 'easy' });
    await service.settings.setPings('u', { mode: 'never', awayMinutes: 10 });
    const after = await seen();
    const en = translator('en');
    expect(changedText(timeLimit, before, after, 'en', en)).toBe('✅ Time per move for new games: 2 days → 1 day');
    expect(changedText(lobbyExpiry, before, after, 'en', en)).toBe('✅ A lobby nobody starts expires after: 24 hours → an hour');
    expect(changedText(pings, before, after, 'en', en)).toBe(
      '✅ A post about your turn pings you: every time → never (it names you; reminders still ping you)',
    );
    expect(changedText(threads, before, after, 'en', en)).toBe('✅ Where games are played: each in a thread of its own (as it was)');
    // The absent player's bot is told in the line of what happens when time runs out.
    expect(changedText(shownSetting(absentLevel), before, after, 'en', en)).toBe(
      "✅ When a player's time runs out: a bot of level normal makes a safe move for him → a bot of level easy makes a safe move for him",
    );
    const nl = translator('nl');
    expect(changedText(timeLimit, before, after, 'nl', nl)).toBe('✅ Tijd per zet voor nieuwe spellen: 2 dagen → 1 dag');
    expect(changedText(lobbyExpiry, before, after, 'nl', nl)).toBe('✅ Een lobby die niemand start, verloopt na: 24 uur → een uur');
    for (const [locale, t] of [
      ['en', en],
      ['nl', nl],
    ] as const) {
      const lines = settingsText(after, locale, t).split('\n');
      expect(lines.filter((l) => l.startsWith(`• ${t('settings.name.timeout')}:`))).toHaveLength(1);
      expect(lines.filter((l) => l.includes(t('bot.level.easy')) || l.includes(t('bot.level.normal')))).toHaveLength(1);
    }
    expect(settingsText(after, 'en', en)).toContain("• When a player's time runs out: a bot of level");
  });
});

describe('answers made of lists', () => {
  it('keep whole items within the limit and say how many are left, in both languages', () => {
    const items = Array.from({ length: 300 }, (_, i) => `• [Cartagena #${i}](https://discord.com/channels/1/2/3): **your move**, move <t:1:R>`);
    for (const locale of ['en', 'nl'] as const) {
      const t = translator(locale);
      const text = withList((list) => [t('games.header'), list].join('\n'), items, t);
      expect(text.length).toBeLessThanOrEqual(2000);
      const lines = text.split('\n');
      const shown = lines.slice(1, -1);
      expect(shown).toEqual(items.slice(0, shown.length));
      expect(lines.at(-1)).toBe(t('list.more', { count: items.length - shown.length }));
    }
    expect(translator('nl')('list.more', { count: 12 })).toBe('… en nog 12');
  });
});

describe("a declared setting's subcommand", () => {
  it("is built from the declaration alone: one required option of its kind and bound, a server's for those who manage it", () => {
    // Declared here only (not in the lists players see), with the names of an existing subcommand for its texts.
    const declared = (owner: 'server' | 'member') =>
      defineSetting({
        key: 'testOnly',
        owner,
        value: z.number().int().min(2).max(9),
        default: 3,
        name: 'settings.name.open-lobbies',
        told: String,
        change: { name: 'lobby-limit', option: 'lobbies', kind: 'integer', min: 2, max: 9 },
      });
    const server = changeSubcommand(declared('server'));
    expect(server.preconditions).toEqual(['manages the server']);
    expect(server.bounds).toEqual({ lobbies: { type: 'integer', min: 2, max: 9 } });
    const json = server.define(new SlashCommandSubcommandBuilder(), { games: [], timeLimits: [] }).toJSON();
    expect(json.name).toBe('lobby-limit');
    expect(json.options).toMatchObject([{ name: 'lobbies', type: 4, required: true, min_value: 2, max_value: 9 }]);
    expect(changeSubcommand(declared('member')).preconditions).toBeUndefined();
  });
});
