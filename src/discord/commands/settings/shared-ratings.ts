import { SERVER_SETTINGS } from '../../../service/settings.js';
import { label } from '../declare.js';
import type { SettingSubcommand, ShownSetting } from './declare.js';

/** Whether the server's finished games also count in the ratings shared between servers. */
export const sharedRatings: ShownSetting = {
  told: ({ settings }, _locale, t) => ({
    name: SERVER_SETTINGS.sharedRatings.name,
    value: t(settings.sharedRatings ? 'settings.shared-ratings.on' : 'settings.shared-ratings.off'),
  }),
};

export const sharedRatingsCommand: SettingSubcommand = {
  name: 'shared-ratings',
  preconditions: ['manages the server'],
  bounds: {},
  define: (s) =>
    label(s, 'shared-ratings', 'command.settings.shared-ratings').addBooleanOption((o) =>
      label(o, 'share', 'command.settings.shared-ratings.share').setRequired(true),
    ),
  handle: async ({ ctx, interaction, guildId, changed }) => {
    // From now on: the games finished before count in the shared ratings after `npm run ratings:rebuild`.
    await ctx.service.settings.updateGuild(guildId, { sharedRatings: interaction.options.getBoolean('share', true) });
    return changed(sharedRatings);
  },
};
