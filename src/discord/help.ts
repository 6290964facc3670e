import type { ChatInputCommandInteraction } from 'discord.js';
import type { Translate } from '../i18n/index.js';
import type { BotContext } from './context.js';
import { tellPrivately, type Handled } from './replies.js';

/** `/help`: what the bot does, how a game starts and its commands, privately, in the asker's language; the games from the registry. */
export async function showHelp(ctx: BotContext, interaction: ChatInputCommandInteraction, t: Translate): Promise<Handled> {
  const games = Object.values(ctx.presenters)
    .map((p) => t(p.name))
    .join(', ');
  await tellPrivately(interaction, t('help.text', { games }));
  return { action: 'help', outcome: 'ok' };
}
