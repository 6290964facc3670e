import { SlashCommandBuilder } from '@discordjs/builders';
import { handleStats } from '../stats-commands.js';
import { label, type SlashCommand } from './declare.js';

/** `/stats [user]`: a member's games and results in this server. */
export const stats: SlashCommand = {
  name: 'stats',
  preconditions: ['in a server'],
  bounds: {},
  define: () =>
    label(new SlashCommandBuilder(), 'stats', 'command.stats.description')
      .setDMPermission(false)
      .addUserOption((o) => label(o, 'user', 'command.stats.user')),
  handle: ({ ctx, interaction, t }) => handleStats(ctx, interaction, t),
};
