import type { ButtonInteraction, ChatInputCommandInteraction } from 'discord.js';
import type { Translate } from '../i18n/index.js';
import type { BotContext } from './context.js';
import { channelLink } from './views/present.js';
import { refuse, type Handled } from './replies.js';

/**
 * `/game new` or Rematch from a member who has as many open lobbies as the server allows: refused
 * privately, naming (linking) his open lobbies, so he can start or cancel one.
 */
export async function refuseTooManyLobbies(
  ctx: BotContext,
  interaction: ChatInputCommandInteraction | ButtonInteraction,
  t: Translate,
  game?: number,
): Promise<Handled> {
  const guildId = interaction.guildId as string;
  const max = (await ctx.service.settings.guild(guildId)).maxOpenLobbies;
  const open = await ctx.service.openLobbiesOf(guildId, interaction.user.id, max);
  const lobbies = open.map((l) => t('lobby.link', { id: l.id, link: channelLink(l.guildId, l.channelId, l.lobbyMessageId ?? undefined) })).join(', ');
  return refuse(interaction, t, 'refusal.too-many-lobbies', { max, lobbies }, game);
}
