import { SlashCommandBuilder } from '@discordjs/builders';
import { tellPrivately, type Handled } from '../replies.js';
import { label, type CommandUse, type SlashCommand } from './declare.js';

/** `/help`: what the bot does and how to start; anywhere, direct messages too. */
export const help: SlashCommand = {
  name: 'help',
  preconditions: [],
  bounds: {},
  define: () => label(new SlashCommandBuilder(), 'help', 'command.help.description'),
  handle: showHelp,
};

/** `/help`: what the bot does, how a game starts and its commands, privately, in the asker's language; the games from the registry. */
async function showHelp({ ctx, interaction, t }: CommandUse): Promise<Handled> {
  const games = Object.values(ctx.presenters)
    .map((p) => t(p.name))
    .join(', ');
  await tellPrivately(interaction, t('help.text', { games }));
  return { action: 'help', outcome: 'ok' };
}
