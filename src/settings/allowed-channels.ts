import { z } from 'zod';
import { defineSetting } from './declare.js';

const mention = (id: string) => `<#${id}>`;

/**
 * The channels games may be opened in; none listed: every channel. Changed one channel at a time
 * by the Discord layer's own subcommands (src/discord/commands/settings/channels.ts).
 */
export const allowedChannels = defineSetting({
  key: 'allowedChannels',
  owner: 'server',
  value: z.array(z.string()),
  default: [] as string[],
  name: 'settings.name.channels',
  told: (ids, _locale, t) => (ids.length === 0 ? t('settings.channels.all') : ids.map(mention).join(', ')),
  listed: (ids) => ids.map(mention),
});
