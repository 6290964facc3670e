import { getTableColumns } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { guildSettings } from './schema.js';
import { guildSettings as pgGuildSettings } from './pg/schema.js';
import { DEFAULT_GUILD_SETTINGS, SERVER_SETTINGS } from './setting-bounds.js';

describe('the server settings are declared once', () => {
  it('each has a column in both dialects, and a column default is the declared default', () => {
    for (const columns of [getTableColumns(guildSettings), getTableColumns(pgGuildSettings)]) {
      for (const [key, setting] of Object.entries(SERVER_SETTINGS)) {
        const column = Object.hasOwn(columns, key) ? columns[key as keyof typeof columns] : undefined;
        expect(column, key).toBeDefined();
        // The time limit's column has no default: a row is always written whole (SettingsStore.updateGuild).
        if (column?.default !== undefined) expect(column.default, key).toEqual(setting.default);
      }
    }
  });

  it('a server that set nothing gets every declared default, each within its range', () => {
    for (const [key, setting] of Object.entries(SERVER_SETTINGS)) {
      expect(DEFAULT_GUILD_SETTINGS[key as keyof typeof DEFAULT_GUILD_SETTINGS], key).toEqual(setting.default);
      if (setting.range) expect(setting.range.min <= setting.range.default && setting.range.default <= setting.range.max, key).toBe(true);
    }
  });
});
