import { SlashCommandBuilder } from '@discordjs/builders';
import {
  absentLevel,
  awayDaysMax,
  deadlinePolicy,
  defaultTimeLimit,
  dmReminders,
  lobbyExpiry,
  maxOpenLobbies,
  sharedRatings,
  useThreads,
} from '../../service/settings.js';
import { refuse, tellPrivately, type Handled } from '../replies.js';
import { label, mergeBounds, type SlashCommand } from './declare.js';
import { refusedBy } from './preconditions.js';
import { changeSubcommand } from './settings/change.js';
import { channelAllowCommand, channelDisallowCommand, channelsAllCommand } from './settings/channels.js';
import type { SettingsSeen, SettingSubcommand, SettingsUse } from './settings/declare.js';
import { pingsCommand } from './settings/pings.js';
import { changedText, settingsText } from './settings/text.js';

/** `/settings show`: everyone may see the server's settings and his own. */
const showCommand: SettingSubcommand = {
  name: 'show',
  bounds: {},
  define: (s) => label(s, 'show', 'command.settings.show'),
  handle: ({ before, locale, t, tell }) => tell(settingsText(before, locale, t)),
};

/**
 * The subcommands, in the order Discord shows them: each declared setting's built from its
 * declaration (src/settings), the channels' and the pings' from their modules under ./settings/.
 */
const SUBCOMMANDS: readonly SettingSubcommand[] = [
  showCommand,
  changeSubcommand(dmReminders),
  pingsCommand,
  changeSubcommand(defaultTimeLimit),
  changeSubcommand(deadlinePolicy),
  changeSubcommand(absentLevel),
  changeSubcommand(maxOpenLobbies),
  changeSubcommand(lobbyExpiry),
  changeSubcommand(awayDaysMax),
  changeSubcommand(sharedRatings),
  changeSubcommand(useThreads),
  channelAllowCommand,
  channelDisallowCommand,
  channelsAllCommand,
];

/**
 * `/settings`: everyone may see the settings and choose reminders and pings for himself; the
 * server's own settings need the Manage Server permission.
 */
export const settings: SlashCommand = {
  name: 'settings',
  preconditions: ['in a server'],
  bounds: mergeBounds(...SUBCOMMANDS.map((s) => s.bounds)),
  define: (pickers) => {
    const builder = label(new SlashCommandBuilder(), 'settings', 'command.settings.description').setDMPermission(false);
    for (const sub of SUBCOMMANDS) builder.addSubcommand((s) => sub.define(s, pickers));
    return builder;
  },
  handle: async (use) => {
    const { ctx, interaction, locale, t } = use;
    const guildId = interaction.guildId as string;
    const userId = interaction.user.id;
    const name = interaction.options.getSubcommand();
    const sub = SUBCOMMANDS.find((s) => s.name === name);
    if (!sub) return refuse(interaction, t, 'refusal.unknown-component');
    const refused = refusedBy(sub.preconditions ?? [], interaction, t);
    if (refused) return refused;
    const seen = async (): Promise<SettingsSeen> => ({
      settings: await ctx.service.settings.guild(guildId),
      member: await ctx.service.settings.member(userId),
    });
    // Before a change: what it was, for the line that confirms it.
    const before = await seen();
    const tell = async (text: string): Promise<Handled> => {
      await tellPrivately(interaction, text);
      return { action: name, outcome: 'ok' };
    };
    const changes: SettingsUse = { ...use, guildId, before, tell, changed: async (setting) => tell(changedText(setting, before, await seen(), locale, t)) };
    return sub.handle(changes);
  },
};
