import type { Locale, Translate } from '../../../i18n/index.js';
import { MEMBER_SETTINGS, SERVER_SETTINGS, tellSetting, type Setting } from '../../../service/settings.js';
import { withList } from '../../replies.js';
import { valuesOf } from './change.js';
import type { SettingsSeen, ShownSetting, Told } from './declare.js';

/** The lines of `/settings show`, in the order declared (src/settings/index.ts): the server's, then the member's. */
const SHOWN: readonly Setting[] = [...SERVER_SETTINGS, ...MEMBER_SETTINGS].filter((setting) => setting.shown !== false);

/** The settings in words, one line each, for `/settings show`. */
export function settingsText(seen: SettingsSeen, locale: Locale, t: Translate): string {
  // Servers allow many channels: a listed setting's items are cut to what the answer has room for.
  const listed = SHOWN.find((setting) => setting.listed !== undefined);
  const items = listed?.listed?.((valuesOf(listed, seen) as Record<string, unknown>)[listed.key]) ?? [];
  const line = (setting: Setting, list: string) => {
    const value = setting === listed && items.length > 0 ? list : tellSetting(setting, valuesOf(setting, seen), locale, t);
    return t('settings.line', { name: t(setting.name), value });
  };
  const text = (list: string) => [t('settings.heading'), ...SHOWN.map((setting) => line(setting, list))].join('\n');
  return withList(text, items, t, ', ');
}

/** The one line that confirms a change: the setting, its old value and its new one ("✅ Time per move for new games: 2 days → 1 day"). */
export function changedText(setting: ShownSetting, before: SettingsSeen, after: SettingsSeen, locale: Locale, t: Translate): string {
  const old: Told = setting.told(before, locale, t);
  const now: Told = setting.told(after, locale, t);
  if (old.value === now.value) return t('settings.unchanged', { name: t(now.name), value: now.value });
  return t('settings.changed', { name: t(now.name), old: old.value, value: now.value });
}
