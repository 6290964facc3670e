import { z } from 'zod';
import { defineSetting } from './declare.js';

/**
 * Whether the server's finished games also count in the ratings shared between servers
 * (src/service/ratings.ts): from the change on; the games before count after `npm run ratings:rebuild`.
 */
export const sharedRatings = defineSetting({
  key: 'sharedRatings',
  owner: 'server',
  value: z.boolean(),
  default: false,
  name: 'settings.name.shared-ratings',
  told: (on, _locale, t) => t(on ? 'settings.shared-ratings.on' : 'settings.shared-ratings.off'),
  change: { name: 'shared-ratings', option: 'share', kind: 'boolean' },
});
