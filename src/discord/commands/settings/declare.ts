/**
 * What `/settings` works with. Each setting is declared once in src/settings (its value, default,
 * name and subcommand); ./change.ts builds its subcommand and its line from that declaration. A
 * setting whose subcommand is not one option (the channels, the pings) has its own module here.
 */
import type { GuildSettings, MemberSettings } from '../../../service/settings.js';
import type { MessageKey, Locale, Translate } from '../../../i18n/index.js';
import type { Handled } from '../../replies.js';
import type { CommandUse, Subcommand } from '../declare.js';

/** What `/settings` shows: the server's settings and the member's own. */
export interface SettingsSeen {
  settings: GuildSettings;
  member: MemberSettings;
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
