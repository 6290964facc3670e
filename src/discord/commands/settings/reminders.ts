import { label } from '../declare.js';
import type { SettingSubcommand, ShownSetting } from './declare.js';

/** A member's own: reminders of his time by direct message too. */
export const dm: ShownSetting = {
  told: ({ dmReminders }, _locale, t) => ({ name: 'settings.name.dm', value: t(dmReminders ? 'settings.dm.on' : 'settings.dm.off') }),
};

export const remindersCommand: SettingSubcommand = {
  name: 'reminders',
  bounds: {},
  define: (s) => label(s, 'reminders', 'command.settings.reminders').addBooleanOption((o) => label(o, 'dm', 'command.settings.reminders.dm').setRequired(true)),
  handle: async ({ ctx, interaction, changed }) => {
    await ctx.service.settings.setDmReminders(interaction.user.id, interaction.options.getBoolean('dm', true));
    return changed(dm);
  },
};
