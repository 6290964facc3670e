/**
 * What each setting of `/settings` declares in its module beside this one: how `/settings show`
 * tells it (its name and its value in words, also in the line confirming a change) and the
 * subcommand that changes it. Its value (default, range, name) is declared with the other server
 * settings in src/db/setting-bounds.ts, where the store reads its default.
 */
import type { GuildSettings, PingSetting } from '../../../service/settings.js';
import type { Locale, MessageKey, Translate } from '../../../i18n/index.js';
import type { Handled } from '../../replies.js';
import type { CommandUse, Subcommand } from '../declare.js';

/** What `/settings` shows: the server's settings and the member's own. */
export interface SettingsSeen {
  settings: GuildSettings;
  dmReminders: boolean;
  pings: PingSetting;
}

/** One setting as `/settings` tells it: its name and its value in words. */
export interface Told {
  name: MessageKey;
  value: string;
}

/** A line of `/settings show`. */
export interface ShownSetting {
  told(seen: SettingsSeen, locale: Locale, t: Translate): Told;
}

/** A `/settings` subcommand as its handler gets it. */
export interface SettingsUse extends CommandUse {
  guildId: string;
  /** The settings before the change, for the line that confirms it. */
  before: SettingsSeen;
  /** Answers with the setting's old and new value. */
  changed: (setting: ShownSetting) => Promise<Handled>;
  /** Answers with a text of its own. */
  tell: (text: string) => Promise<Handled>;
}

/** A subcommand of `/settings`: a server's settings need `preconditions: ['manages the server']`; a member's own, none. */
export type SettingSubcommand = Subcommand<SettingsUse>;
