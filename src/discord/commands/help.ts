import { SlashCommandBuilder } from '@discordjs/builders';
import { showHelp } from '../help.js';
import { label, type SlashCommand } from './declare.js';

/** `/help`: what the bot does and how to start; anywhere, direct messages too. */
export const help: SlashCommand = {
  name: 'help',
  preconditions: [],
  bounds: {},
  define: () => label(new SlashCommandBuilder(), 'help', 'command.help.description'),
  handle: ({ ctx, interaction, t }) => showHelp(ctx, interaction, t),
};
