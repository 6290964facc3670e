import { z } from 'zod';
import { defineSetting } from './declare.js';

/** A member's own: reminders of his time by direct message too. */
export const dmReminders = defineSetting({
  key: 'dmReminders',
  owner: 'member',
  value: z.boolean(),
  default: false,
  name: 'settings.name.dm',
  told: (on, _locale, t) => t(on ? 'settings.dm.on' : 'settings.dm.off'),
  change: { name: 'reminders', option: 'dm', kind: 'boolean' },
});
