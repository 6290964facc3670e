import type { Locale, Translate } from '../../../i18n/index.js';
import { SERVER_SETTINGS } from '../../../service/settings.js';
import { withList } from '../../replies.js';
import type { SettingsSeen, ShownSetting, Told } from './declare.js';
import { awayDays } from './away-days.js';
import { lobbyExpiry } from './lobby-expiry.js';
import { openLobbies } from './open-lobbies.js';
import { dm } from './reminders.js';
import { pings } from './pings.js';
import { sharedRatings } from './shared-ratings.js';
import { threads } from './threads.js';
import { timeLimit } from './time-limit.js';
import { timeout } from './timeout.js';

/** The lines of `/settings show`, in order; the channels' line comes after the first two (a list cut to fit). */
const BEFORE_CHANNELS: readonly ShownSetting[] = [timeLimit, timeout];
const AFTER_CHANNELS: readonly ShownSetting[] = [threads, openLobbies, lobbyExpiry, awayDays, sharedRatings, dm, pings];

/** The settings in words, one line each, for `/settings show`. */
export function settingsText(seen: SettingsSeen, locale: Locale, t: Translate): string {
  const channels = seen.settings.allowedChannels.map((id) => `<#${id}>`);
  const line = (s: ShownSetting) => {
    const told = s.told(seen, locale, t);
    return t('settings.line', { name: t(told.name), value: told.value });
  };
  const text = (list: string) =>
    [
      t('settings.heading'),
      ...BEFORE_CHANNELS.map(line),
      t('settings.line', { name: t(SERVER_SETTINGS.allowedChannels.name), value: channels.length === 0 ? t('settings.channels.all') : list }),
      ...AFTER_CHANNELS.map(line),
    ].join('\n');
  // Servers allow many channels: the list is cut to what the answer has room for.
  return withList(text, channels, t, ', ');
}

/** The one line that confirms a change: the setting, its old value and its new one ("✅ Time per move for new games: 2 days → 1 day"). */
export function changedText(setting: ShownSetting, before: SettingsSeen, after: SettingsSeen, locale: Locale, t: Translate): string {
  const old: Told = setting.told(before, locale, t);
  const now: Told = setting.told(after, locale, t);
  if (old.value === now.value) return t('settings.unchanged', { name: t(now.name), value: now.value });
  return t('settings.changed', { name: t(now.name), old: old.value, value: now.value });
}
