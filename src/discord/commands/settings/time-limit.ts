import { SERVER_SETTINGS } from '../../../service/settings.js';
import { timeLimitByName, timeLimitName } from '../../../service/time-limits.js';
import { refuse } from '../../replies.js';
import { label, oneOf } from '../declare.js';
import type { SettingSubcommand, ShownSetting } from './declare.js';

/** The time per move a new game gets unless its host picks another. */
export const timeLimit: ShownSetting = {
  told: ({ settings }, _locale, t) => ({ name: SERVER_SETTINGS.defaultTimeLimitMs.name, value: t(`time-limit.${timeLimitName(settings.defaultTimeLimitMs)}`) }),
};

export const timeLimitCommand: SettingSubcommand = {
  name: 'time-limit',
  preconditions: ['manages the server'],
  bounds: { limit: oneOf(16) },
  define: (s, { timeLimits }) =>
    label(s, 'time-limit', 'command.settings.time-limit').addStringOption((o) =>
      label(o, 'limit', 'command.settings.time-limit.limit')
        .setRequired(true)
        .addChoices(...timeLimits),
    ),
  handle: async ({ ctx, interaction, guildId, t, changed }) => {
    const limit = timeLimitByName(interaction.options.getString('limit', true));
    if (limit === undefined) return refuse(interaction, t, 'refusal.bad-options');
    await ctx.service.settings.updateGuild(guildId, { defaultTimeLimitMs: limit });
    return changed(timeLimit);
  },
};
