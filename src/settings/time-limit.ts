import { z } from 'zod';
import { defineSetting } from './declare.js';

const HOUR = 60 * 60 * 1000;

/** The time limits per move offered in Discord, by name: none, or one hour to a week. */
export const TIME_LIMITS = {
  none: null,
  '1h': HOUR,
  '6h': 6 * HOUR,
  '12h': 12 * HOUR,
  '1d': 24 * HOUR,
  '2d': 48 * HOUR,
  '3d': 72 * HOUR,
  '1w': 7 * 24 * HOUR,
} as const satisfies Record<string, number | null>;

export type TimeLimitName = keyof typeof TIME_LIMITS;
export const TIME_LIMIT_NAMES = Object.keys(TIME_LIMITS) as TimeLimitName[];

/** A server without settings gives each move two days: long enough for play across time zones. */
export const DEFAULT_TIME_LIMIT_MS: number | null = TIME_LIMITS['2d'];

export function timeLimitByName(name: string): number | null | undefined {
  return Object.hasOwn(TIME_LIMITS, name) ? TIME_LIMITS[name as TimeLimitName] : undefined;
}

/** The name of a stored limit (limits are only ever stored from the list above). */
export function timeLimitName(ms: number | null): TimeLimitName {
  return TIME_LIMIT_NAMES.find((name) => TIME_LIMITS[name] === ms) ?? 'none';
}

/** The time per move a new game gets unless its host picks another; null: no limit. */
export const defaultTimeLimit = defineSetting({
  key: 'defaultTimeLimitMs',
  owner: 'server',
  value: z.number().int().positive().nullable(),
  default: DEFAULT_TIME_LIMIT_MS,
  name: 'settings.name.time-limit',
  told: (ms, _locale, t) => t(`time-limit.${timeLimitName(ms)}`),
  change: {
    name: 'time-limit',
    option: 'limit',
    kind: 'choice',
    choices: TIME_LIMIT_NAMES.map((name) => ({ option: name, text: `time-limit.${name}`, value: TIME_LIMITS[name] })),
  },
});
