import { z } from 'zod';
import { defineSetting } from './declare.js';

/** Whether games get a thread of their own. */
export const useThreads = defineSetting({
  key: 'useThreads',
  owner: 'server',
  value: z.boolean(),
  default: true,
  name: 'settings.name.threads',
  told: (on, _locale, t) => t(on ? 'settings.threads.on' : 'settings.threads.off'),
  change: { name: 'threads', option: 'enabled', kind: 'boolean' },
});
