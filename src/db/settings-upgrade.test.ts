import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { olderDatabase } from '../../tests/support/older-database.js';
import { expectedGuilds, expectedMembers, oldGuildRows, oldUserRows } from '../../tests/support/settings-before-documents.js';
import { openDatabase } from './connection.js';
import { RatingStore } from './rating-store.js';
import { SettingsStore } from './settings-store.js';

// SQLite migration 0020 moves each setting's column into its owner's JSON document: nobody loses a
// setting. (PostgreSQL's 0003: ./pg/settings-upgrade.pg.test.ts.)

describe('upgrading the settings to one document per owner', () => {
  it('reads every server and member setting as it was before', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'harbour-settings-')), 'games.sqlite');
    olderDatabase(path, 20, (sqlite) => {
      const guild = sqlite.prepare(
        `INSERT INTO guild_settings (guild_id, default_time_limit_ms, deadline_policy, allowed_channels, use_threads, absent_level, max_open_lobbies, lobby_expiry_ms, away_days_max, shared_ratings, updated_at)
         VALUES (@guild_id, @default_time_limit_ms, @deadline_policy, @allowed_channels, @use_threads, @absent_level, @max_open_lobbies, @lobby_expiry_ms, @away_days_max, @shared_ratings, @updated_at)`,
      );
      for (const row of oldGuildRows) {
        guild.run({
          ...row,
          allowed_channels: JSON.stringify(row.allowed_channels),
          use_threads: Number(row.use_threads),
          shared_ratings: Number(row.shared_ratings),
        });
      }
      const user = sqlite.prepare(
        'INSERT INTO user_settings (user_id, dm_reminders, pings, ping_away_minutes) VALUES (@user_id, @dm_reminders, @pings, @ping_away_minutes)',
      );
      for (const row of oldUserRows) user.run({ ...row, dm_reminders: Number(row.dm_reminders) });
    });
    const db = openDatabase(path, { upgradeBackupDir: join(path, '..', 'backups') });
    try {
      const settings = new SettingsStore(db);
      for (const [guildId, expected] of Object.entries(expectedGuilds)) expect(await settings.guild(guildId), guildId).toEqual(expected);
      for (const [userId, expected] of Object.entries(expectedMembers)) expect(await settings.member(userId), userId).toEqual(expected);
      const ratings = new RatingStore(db);
      expect([await ratings.sharesRatings('changed'), await ratings.sharesRatings('defaults')]).toEqual([true, false]);
    } finally {
      db.$client.close();
    }
  });
});
