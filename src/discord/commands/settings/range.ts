import type { ServerSetting } from '../../../service/settings.js';
import type { OptionBound } from '../declare.js';

/** A number setting's option bound: the range declared with the setting (src/db/setting-bounds.ts). */
export function rangeOf(setting: ServerSetting<number>): OptionBound & { type: 'integer'; max: number } {
  if (setting.range === undefined) throw new Error('A setting taken as a number declares its range');
  return { type: 'integer', min: setting.range.min, max: setting.range.max };
}
