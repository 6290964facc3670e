/**
 * The settings, one module each beside this file, listed once here in the order `/settings show`
 * tells them: a server's, then a member's own. The store keeps each owner's as one JSON document
 * and reads it back through these declarations; the Discord layer builds their subcommands.
 */
import { allowedChannels } from './allowed-channels.js';
import { awayDaysMax } from './away-days.js';
import { absentLevel, deadlinePolicy } from './timeout.js';
import { defaultsOf, type SettingValues } from './declare.js';
import { dmReminders } from './dm-reminders.js';
import { lobbyExpiry, maxOpenLobbies, type LobbyLimits } from './lobbies.js';
import { pings } from './pings.js';
import { sharedRatings } from './shared-ratings.js';
import { useThreads } from './threads.js';
import { defaultTimeLimit } from './time-limit.js';

export const SERVER_SETTINGS = [
  defaultTimeLimit,
  deadlinePolicy,
  absentLevel,
  allowedChannels,
  useThreads,
  maxOpenLobbies,
  lobbyExpiry,
  awayDaysMax,
  sharedRatings,
] as const;

export const MEMBER_SETTINGS = [dmReminders, pings] as const;

/** How a server runs its games. */
export type GuildSettings = SettingValues<typeof SERVER_SETTINGS>;
/** A member's own choices. */
export type MemberSettings = SettingValues<typeof MEMBER_SETTINGS>;

/** What a server gets before its admins change anything: each setting's declared default. */
export const DEFAULT_GUILD_SETTINGS: GuildSettings = defaultsOf(SERVER_SETTINGS);
export const DEFAULT_MEMBER_SETTINGS: MemberSettings = defaultsOf(MEMBER_SETTINGS);

/** The limits a server puts on its members' lobbies, as the service takes them. */
export const lobbyLimitsOf = (settings: GuildSettings): LobbyLimits => ({ maxOpen: settings.maxOpenLobbies, expiryMs: settings.lobbyExpiryMs });

export {
  absentLevel,
  allowedChannels,
  awayDaysMax,
  deadlinePolicy,
  defaultTimeLimit,
  dmReminders,
  lobbyExpiry,
  maxOpenLobbies,
  pings,
  sharedRatings,
  useThreads,
};
export { BOT_LEVELS, type BotLevel } from './bot-levels.js';
export type { LobbyLimits } from './lobbies.js';
export { DEADLINE_POLICIES, type DeadlinePolicy } from './timeout.js';
export { PING_AWAY_MINUTES, PING_MODES, type PingMode, type PingSetting } from './pings.js';
export {
  readSettings,
  storedSettings,
  tellSetting,
  type Setting,
  type SettingChange,
  type SettingOwner,
  type SettingValues,
  type StoredSettings,
} from './declare.js';
