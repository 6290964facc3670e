import type { SlashCommandIntegerOption } from '@discordjs/builders';
import type { GameRow } from '../../../db/schema.js';
import type { BotContext } from '../../context.js';
import type { ChatInputCommandInteraction } from 'discord.js';
import { integer, label, within, type CommandUse, type Subcommand } from '../declare.js';

/** Game numbers: any from 1 (Discord is told no top; the bot takes safe integers only). */
export const GAME_NUMBER = integer(1);

/** The `id` option most `/game` subcommands take: which game is meant, when it cannot be told from where. */
export const idOption = (o: SlashCommandIntegerOption) => within(label(o, 'id', 'command.game.option.id'), GAME_NUMBER);

/**
 * Which game a subcommand acts on: `none` for one that needs none (`/game new`); `shown` for one
 * that only shows something; `changed` for one that changes a game, which acts only on the game
 * named or typed in, never on one elsewhere.
 */
export type GameSubcommand = (Subcommand<CommandUse> & { target: 'none' }) | (Subcommand<CommandUse & { row: GameRow }> & { target: 'shown' | 'changed' });

/**
 * The game a command is about: the `id` option if given (a game of this server); else, in a
 * game's thread, that game whatever its status; else, in a channel where games are played without
 * threads, the user's open game there (or the only one); else, for commands that only show
 * something, the user's only open game in the server.
 */
export async function targetGame(ctx: BotContext, interaction: ChatInputCommandInteraction, target: 'shown' | 'changed'): Promise<GameRow | undefined> {
  const { service } = ctx;
  const guildId = interaction.guildId as string;
  const inThisServer = (row: GameRow | undefined) => (row && row.guildId === guildId ? row : undefined);
  const id = interaction.options.getInteger('id');
  if (id !== null) return inThisServer(await service.gameRow(id));
  const ofThread = await service.gameOfThread(interaction.channelId);
  if (ofThread) return inThisServer(ofThread);
  const mine = (await service.activeGamesOf(guildId, interaction.user.id)).map((g) => g.game);
  const open = (await service.openGamesIn(interaction.channelId)).filter((g) => g.guildId === guildId);
  const mineHere = open.filter((g) => mine.some((m) => m.id === g.id));
  if (mineHere.length === 1) return mineHere[0];
  if (mineHere.length === 0 && open.length === 1) return open[0];
  if (open.length > 0 || target === 'changed') return undefined;
  return mine.length === 1 ? mine[0] : undefined;
}
