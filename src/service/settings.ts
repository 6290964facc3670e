import type { GuildSettings, PingSetting, SettingsStore } from '../db/settings-store.js';
import type { LobbyLimits } from './lobby-limits.js';
import { lobbyLimitsOf } from '../db/settings-store.js';

export { lobbyLimitsOf, PING_AWAY_MINUTES, type GuildSettings, type PingSetting } from '../db/settings-store.js';
export { SERVER_SETTINGS, type ServerSetting } from '../db/setting-bounds.js';
export { BOT_LEVELS, DEADLINE_POLICIES, PING_MODES, type BotLevel, type DeadlinePolicy, type PingMode } from '../db/schema.js';

/**
 * The settings as the Discord layer reads and changes them (`GameService.settings`): a server's,
 * how it runs its games (`/settings`), and a player's own, reminders by direct message and when
 * posts ping him. The store keeps them beside the bot's heartbeat, which is the deadline keeper's
 * (src/service/deadlines.ts) and not offered here. Each read is one row by its key.
 */
export class Settings {
  constructor(private readonly store: SettingsStore) {}

  /** How a server runs its games: its own choices, the defaults where it made none. */
  async guild(guildId: string): Promise<GuildSettings> {
    return this.store.guild(guildId);
  }

  /** Changes some of a server's settings; gives back all of them as they are now. */
  async updateGuild(guildId: string, change: Partial<GuildSettings>): Promise<GuildSettings> {
    return this.store.updateGuild(guildId, change);
  }

  /** The limits a server puts on its members' lobbies, as `openLobby` and `rematch` take them. */
  async lobbyLimits(guildId: string): Promise<LobbyLimits> {
    return lobbyLimitsOf(await this.store.guild(guildId));
  }

  /** Whether he wants reminders of his time by direct message too. */
  async dmReminders(userId: string): Promise<boolean> {
    return this.store.dmReminders(userId);
  }

  async setDmReminders(userId: string, on: boolean): Promise<void> {
    await this.store.setDmReminders(userId, on);
  }

  /** When a post about his turn pings him (src/service/pings.ts). */
  async pings(userId: string): Promise<PingSetting> {
    return this.store.pings(userId);
  }

  async setPings(userId: string, setting: PingSetting): Promise<void> {
    await this.store.setPings(userId, setting);
  }
}
