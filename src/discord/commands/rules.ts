import { SlashCommandBuilder } from '@discordjs/builders';
import { showRules } from '../rules-viewer.js';
import { label, oneOf, type SlashCommand } from './declare.js';

/** `/rules game`: a game's rules, privately; anywhere, direct messages too. */
export const rules: SlashCommand = {
  name: 'rules',
  preconditions: [],
  bounds: { game: oneOf(32) },
  define: ({ games }) =>
    label(new SlashCommandBuilder(), 'rules', 'command.rules.description').addStringOption((o) =>
      label(o, 'game', 'command.rules.game')
        .setRequired(true)
        .addChoices(...games),
    ),
  handle: ({ ctx, interaction, t }) => showRules(ctx, interaction, t),
};
