import { describe, expect, it } from 'vitest';
import { translator } from '../i18n/index.js';
import { DEFAULT_GUILD_SETTINGS, DEFAULT_MEMBER_SETTINGS, MEMBER_SETTINGS, SERVER_SETTINGS, tellSetting, type Setting } from './index.js';

const ALL: readonly Setting[] = [...SERVER_SETTINGS, ...MEMBER_SETTINGS];

describe('the declared settings', () => {
  it('have one key each, each list its owner, and a default that is a value they may hold', () => {
    expect(new Set(ALL.map((s) => s.key)).size).toBe(ALL.length);
    expect(SERVER_SETTINGS.every((s) => s.owner === 'server')).toBe(true);
    expect(MEMBER_SETTINGS.every((s) => s.owner === 'member')).toBe(true);
    for (const setting of ALL) expect(setting.value.safeParse(setting.default).success, setting.key).toBe(true);
  });

  it('store every value their subcommand offers, and nothing just past its range', () => {
    for (const setting of ALL) {
      const change = setting.change;
      if (change?.kind === 'integer') {
        const unit = change.unit ?? 1;
        for (const n of [change.min, change.max]) expect(setting.value.safeParse(n * unit).success, `${setting.key} ${n}`).toBe(true);
        for (const n of [change.min - 1, change.max + 1]) expect(setting.value.safeParse(n * unit).success, `${setting.key} ${n}`).toBe(false);
      }
      if (change?.kind === 'choice') for (const c of change.choices) expect(setting.value.safeParse(c.value).success, `${setting.key} ${c.option}`).toBe(true);
    }
  });

  it('tell every default in both languages', () => {
    for (const locale of ['en', 'nl'] as const) {
      const t = translator(locale);
      for (const setting of ALL.filter((s) => s.owner === 'server')) expect(tellSetting(setting, DEFAULT_GUILD_SETTINGS, locale, t), setting.key).not.toBe('');
      for (const setting of ALL.filter((s) => s.owner === 'member')) expect(tellSetting(setting, DEFAULT_MEMBER_SETTINGS, locale, t), setting.key).not.toBe('');
    }
  });
});
