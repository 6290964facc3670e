import { SlashCommandBuilder } from '@discordjs/builders';
import { listGames } from '../game-commands.js';
import { label, type SlashCommand } from './declare.js';

/** `/games`: the user's open games in this server. */
export const games: SlashCommand = {
  name: 'games',
  preconditions: ['in a server'],
  bounds: {},
  define: () => label(new SlashCommandBuilder(), 'games', 'command.games.description').setDMPermission(false),
  handle: ({ ctx, interaction, t }) => listGames(ctx, interaction, t),
};
