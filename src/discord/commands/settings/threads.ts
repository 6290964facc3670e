import { SERVER_SETTINGS } from '../../../service/settings.js';
import { label } from '../declare.js';
import type { SettingSubcommand, ShownSetting } from './declare.js';

/** Whether games get a thread of their own. */
export const threads: ShownSetting = {
  told: ({ settings }, _locale, t) => ({
    name: SERVER_SETTINGS.useThreads.name,
    value: t(settings.useThreads ? 'settings.threads.on' : 'settings.threads.off'),
  }),
};

export const threadsCommand: SettingSubcommand = {
  name: 'threads',
  preconditions: ['manages the server'],
  bounds: {},
  define: (s) =>
    label(s, 'threads', 'command.settings.threads').addBooleanOption((o) => label(o, 'enabled', 'command.settings.threads.enabled').setRequired(true)),
  handle: async ({ ctx, interaction, guildId, changed }) => {
    await ctx.service.settings.updateGuild(guildId, { useThreads: interaction.options.getBoolean('enabled', true) });
    return changed(threads);
  },
};
