/**
 * Settings as the bot kept them before each owner's settings were one JSON document (SQLite
 * migration 0020, PostgreSQL 0003): a column each. What each row should read as after the upgrade.
 */
import { DEFAULT_GUILD_SETTINGS, DEFAULT_MEMBER_SETTINGS, type GuildSettings, type MemberSettings } from '../../src/settings/index.js';

/** A server that changed every setting, and one whose row holds the defaults. */
export const oldGuildRows = [
  {
    guild_id: 'changed',
    default_time_limit_ms: null,
    deadline_policy: 'remove',
    allowed_channels: ['1300000000000000000', '1300000000000007919'],
    use_threads: false,
    absent_level: 'easy',
    max_open_lobbies: 7,
    lobby_expiry_ms: 5 * 3_600_000,
    away_days_max: 0,
    shared_ratings: true,
    updated_at: 1_700_000_000_000,
  },
  {
    guild_id: 'defaults',
    default_time_limit_ms: 48 * 3_600_000,
    deadline_policy: 'auto-move',
    allowed_channels: [],
    use_threads: true,
    absent_level: 'normal',
    max_open_lobbies: 3,
    lobby_expiry_ms: 24 * 3_600_000,
    away_days_max: 14,
    shared_ratings: false,
    updated_at: 1,
  },
] as const;

export const oldUserRows = [
  { user_id: 'changed', dm_reminders: true, pings: 'away', ping_away_minutes: 45 },
  { user_id: 'defaults', dm_reminders: false, pings: 'every-turn', ping_away_minutes: 15 },
] as const;

export const expectedGuilds: Record<string, GuildSettings> = {
  changed: {
    defaultTimeLimitMs: null,
    deadlinePolicy: 'remove',
    absentLevel: 'easy',
    allowedChannels: ['1300000000000000000', '1300000000000007919'],
    useThreads: false,
    maxOpenLobbies: 7,
    lobbyExpiryMs: 5 * 3_600_000,
    awayDaysMax: 0,
    sharedRatings: true,
  },
  defaults: DEFAULT_GUILD_SETTINGS,
};

export const expectedMembers: Record<string, MemberSettings> = {
  changed: { dmReminders: true, pings: { mode: 'away', awayMinutes: 45 } },
  defaults: DEFAULT_MEMBER_SETTINGS,
};
