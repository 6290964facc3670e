import { PING_AWAY_MINUTES, PING_MODES } from '../../../service/settings.js';
import { refuse } from '../../replies.js';
import { choice, integer, label, oneOf, within } from '../declare.js';
import type { SettingSubcommand, ShownSetting } from './declare.js';

const MINUTES = integer(PING_AWAY_MINUTES.min, PING_AWAY_MINUTES.max);

/** A member's own: when a post about his turn pings him. */
export const pings: ShownSetting = {
  told: ({ pings: setting }, _locale, t) => ({
    name: 'settings.name.pings',
    value: t(`settings.pings.value.${setting.mode}`, { minutes: setting.awayMinutes }),
  }),
};

export const pingsCommand: SettingSubcommand = {
  name: 'pings',
  bounds: { when: oneOf(16), minutes: MINUTES },
  define: (s) =>
    label(s, 'pings', 'command.settings.pings')
      .addStringOption((o) =>
        label(o, 'when', 'command.settings.pings.when')
          .setRequired(true)
          .addChoices(...PING_MODES.map((mode) => choice(`settings.pings.${mode}`, mode))),
      )
      .addIntegerOption((o) => within(label(o, 'minutes', 'command.settings.pings.minutes'), MINUTES)),
  handle: async ({ ctx, interaction, before, t, changed }) => {
    const wanted = interaction.options.getString('when', true);
    const mode = PING_MODES.find((m) => m === wanted);
    const minutes = interaction.options.getInteger('minutes') ?? before.pings.awayMinutes;
    if (mode === undefined || minutes < PING_AWAY_MINUTES.min || minutes > PING_AWAY_MINUTES.max) return refuse(interaction, t, 'refusal.bad-options');
    await ctx.service.settings.setPings(interaction.user.id, { mode, awayMinutes: minutes });
    return changed(pings);
  },
};
