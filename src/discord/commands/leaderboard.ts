import { SlashCommandBuilder } from '@discordjs/builders';
import { handleLeaderboard } from '../stats-commands.js';
import { label, oneOf, type SlashCommand } from './declare.js';

/** `/leaderboard game [with_bots] [everywhere]`: a game's ratings, in this server or shared. */
export const leaderboard: SlashCommand = {
  name: 'leaderboard',
  preconditions: ['in a server'],
  bounds: { game: oneOf(32) },
  define: ({ games }) =>
    label(new SlashCommandBuilder(), 'leaderboard', 'command.leaderboard.description')
      .setDMPermission(false)
      .addStringOption((o) =>
        label(o, 'game', 'command.rules.game')
          .setRequired(true)
          .addChoices(...games),
      )
      .addBooleanOption((o) => label(o, 'with_bots', 'command.leaderboard.with-bots'))
      .addBooleanOption((o) => label(o, 'everywhere', 'command.leaderboard.everywhere')),
  handle: ({ ctx, interaction, t }) => handleLeaderboard(ctx, interaction, t),
};
