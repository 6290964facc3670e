import { SlashCommandBuilder } from '@discordjs/builders';
import { handleProfile } from '../profile-command.js';
import { label, oneOf, type SlashCommand } from './declare.js';

/** `/profile [user] [game] [everywhere]`: a member's ratings and record, game by game. */
export const profile: SlashCommand = {
  name: 'profile',
  preconditions: ['in a server'],
  bounds: { game: oneOf(32) },
  define: ({ games }) =>
    label(new SlashCommandBuilder(), 'profile', 'command.profile.description')
      .setDMPermission(false)
      .addUserOption((o) => label(o, 'user', 'command.profile.user'))
      .addStringOption((o) => label(o, 'game', 'command.profile.game').addChoices(...games))
      .addBooleanOption((o) => label(o, 'everywhere', 'command.profile.everywhere')),
  handle: ({ ctx, interaction, locale, t }) => handleProfile(ctx, interaction, locale, t),
};
