import type { SettingsStore } from '../db/settings-store.js';
import { lobbyLimitsOf, type GuildSettings, type LobbyLimits, type MemberSettings, type PingSetting, type Setting } from '../settings/index.js';

export * from '../settings/index.js';

/** Whose settings a change is for: the server's where it was asked, or the member who asked. */
export interface SettingOwners {
  guildId: string;
  userId: string;
}

/**
 * The settings as the Discord layer reads and changes them (`GameService.settings`): a server's,
 * how it runs its games (`/settings`), and a member's own, reminders by direct message and when
 * posts ping him; each declared once in src/settings. The store keeps them beside the bot's
 * heartbeat, which is the deadline keeper's (src/service/deadlines.ts) and not offered here. Each
 * read is one row by its key.
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

  /** A member's own settings: his choices, the defaults where he made none. */
  async member(userId: string): Promise<MemberSettings> {
    return this.store.member(userId);
  }

  async updateMember(userId: string, change: Partial<MemberSettings>): Promise<MemberSettings> {
    return this.store.updateMember(userId, change);
  }

  /** Sets one declared setting, the server's or the member's as it declares (its subcommand). */
  async set<V>(setting: Setting<string, V>, value: V, owners: SettingOwners): Promise<void> {
    const change = { [setting.key]: value };
    if (setting.owner === 'server') await this.store.updateGuild(owners.guildId, change);
    else await this.store.updateMember(owners.userId, change);
  }

  /** The limits a server puts on its members' lobbies, as `openLobby` and `rematch` take them. */
  async lobbyLimits(guildId: string): Promise<LobbyLimits> {
    return lobbyLimitsOf(await this.store.guild(guildId));
  }

  /** Whether he wants reminders of his time by direct message too. */
  async dmReminders(userId: string): Promise<boolean> {
    return (await this.store.member(userId)).dmReminders;
  }

  async setDmReminders(userId: string, on: boolean): Promise<void> {
    await this.store.updateMember(userId, { dmReminders: on });
  }

  /** When a post about his turn pings him (src/service/pings.ts). */
  async pings(userId: string): Promise<PingSetting> {
    return (await this.store.member(userId)).pings;
  }

  async setPings(userId: string, setting: PingSetting): Promise<void> {
    await this.store.updateMember(userId, { pings: setting });
  }
}
