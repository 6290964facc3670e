import { z } from 'zod';
import { tn } from '../i18n/index.js';
import { defineSetting } from './declare.js';

/** The most days of time off in any 30 days (0 turns time off off): two weeks unless set. */
export const AWAY_DAYS = { min: 0, max: 30, default: 14 } as const;

/** The most days of time off (`/away`) a member may take in any 30 days; 0: none. */
export const awayDaysMax = defineSetting({
  key: 'awayDaysMax',
  owner: 'server',
  value: z.number().int().min(AWAY_DAYS.min).max(AWAY_DAYS.max),
  default: AWAY_DAYS.default,
  name: 'settings.name.away-days',
  told: (days, locale, t) => (days === 0 ? t('settings.away-days.none') : tn(locale, 'settings.away-days', days, { days })),
  change: { name: 'away-days', option: 'days', kind: 'integer', min: AWAY_DAYS.min, max: AWAY_DAYS.max },
});
