import { tn } from '../../../i18n/index.js';
import { SERVER_SETTINGS } from '../../../service/settings.js';
import { refuse } from '../../replies.js';
import { label, within } from '../declare.js';
import type { SettingSubcommand, ShownSetting } from './declare.js';
import { rangeOf } from './range.js';

const DAYS = rangeOf(SERVER_SETTINGS.awayDaysMax);

/** The most days of time off (`/away`) a member may take in any 30 days; 0: none. */
export const awayDays: ShownSetting = {
  told: ({ settings }, locale, t) => ({
    name: SERVER_SETTINGS.awayDaysMax.name,
    value: settings.awayDaysMax === 0 ? t('settings.away-days.none') : tn(locale, 'settings.away-days', settings.awayDaysMax, { days: settings.awayDaysMax }),
  }),
};

export const awayDaysCommand: SettingSubcommand = {
  name: 'away-days',
  preconditions: ['manages the server'],
  bounds: { days: DAYS },
  define: (s) =>
    label(s, 'away-days', 'command.settings.away-days').addIntegerOption((o) =>
      within(label(o, 'days', 'command.settings.away-days.days').setRequired(true), DAYS),
    ),
  handle: async ({ ctx, interaction, guildId, t, changed }) => {
    const days = interaction.options.getInteger('days', true);
    if (!Number.isSafeInteger(days) || days < DAYS.min || days > DAYS.max) return refuse(interaction, t, 'refusal.bad-options');
    await ctx.service.settings.updateGuild(guildId, { awayDaysMax: days });
    return changed(awayDays);
  },
};
