import { PING_AWAY_MINUTES, PING_MODES, pings } from '../../../service/settings.js';
import { refuse } from '../../replies.js';
import { choice, integer, label, oneOf, within } from '../declare.js';
import { shownSetting } from './change.js';
import type { SettingSubcommand } from './declare.js';

const MINUTES = integer(PING_AWAY_MINUTES.min, PING_AWAY_MINUTES.max);

/** A member's own, with two options: when a post about his turn pings him, and after how long away. */
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
  handle: async ({ ctx, interaction, guildId, before, t, changed }) => {
    const wanted = interaction.options.getString('when', true);
    const mode = PING_MODES.find((m) => m === wanted);
    const minutes = interaction.options.getInteger('minutes') ?? before.member.pings.awayMinutes;
    if (mode === undefined || minutes < PING_AWAY_MINUTES.min || minutes > PING_AWAY_MINUTES.max) return refuse(interaction, t, 'refusal.bad-options');
    await ctx.service.settings.set(pings, { mode, awayMinutes: minutes }, { guildId, userId: interaction.user.id });
    return changed(shownSetting(pings));
  },
};
