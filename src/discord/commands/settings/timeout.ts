import { DEADLINE_POLICIES, SERVER_SETTINGS, type DeadlinePolicy } from '../../../service/settings.js';
import { refuse } from '../../replies.js';
import { choice, label, oneOf } from '../declare.js';
import type { SettingSubcommand, ShownSetting } from './declare.js';

/** What happens when a player's time runs out: one line for the policy and the absent player's bot. */
export const timeout: ShownSetting = {
  told: ({ settings }, _locale, t) => ({
    name: SERVER_SETTINGS.deadlinePolicy.name,
    value: t(`settings.timeout.${settings.deadlinePolicy}`, { level: t(`bot.level.${settings.absentLevel}`) }),
  }),
};

export const deadlinePolicyCommand: SettingSubcommand = {
  name: 'deadline-policy',
  preconditions: ['manages the server'],
  bounds: { policy: oneOf(32) },
  define: (s) =>
    label(s, 'deadline-policy', 'command.settings.deadline-policy').addStringOption((o) =>
      label(o, 'policy', 'command.settings.deadline-policy.policy')
        .setRequired(true)
        .addChoices(...DEADLINE_POLICIES.map((p) => choice(`settings.policy.${p}`, p))),
    ),
  handle: async ({ ctx, interaction, guildId, t, changed }) => {
    const policy = DEADLINE_POLICIES.find((p): p is DeadlinePolicy => p === interaction.options.getString('policy', true));
    if (policy === undefined) return refuse(interaction, t, 'refusal.bad-options');
    await ctx.service.settings.updateGuild(guildId, { deadlinePolicy: policy });
    return changed(timeout);
  },
};

/** The levels /settings offers for the bot that moves for an absent player. */
const ABSENT_LEVELS = ['easy', 'normal'] as const;

export const absentLevelCommand: SettingSubcommand = {
  name: 'absent-level',
  preconditions: ['manages the server'],
  bounds: { level: oneOf(16) },
  define: (s) =>
    label(s, 'absent-level', 'command.settings.absent-level').addStringOption((o) =>
      label(o, 'level', 'command.settings.absent-level.level')
        .setRequired(true)
        .addChoices(...ABSENT_LEVELS.map((l) => choice(`bot.level.${l}`, l))),
    ),
  handle: async ({ ctx, interaction, guildId, t, changed }) => {
    const wanted = interaction.options.getString('level', true);
    const level = ABSENT_LEVELS.find((l) => l === wanted);
    if (level === undefined) return refuse(interaction, t, 'refusal.bad-options');
    await ctx.service.settings.updateGuild(guildId, { absentLevel: level });
    return changed(timeout);
  },
};
