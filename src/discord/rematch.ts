import { type ButtonInteraction } from 'discord.js';
import type { GameRow } from '../db/schema.js';
import { localeFrom, translator, type Translate } from '../i18n/index.js';
import { whenWritable } from '../service/database-errors.js';
import type { BotContext } from './context.js';
import { channelLink } from './views/present.js';
import { send } from './delivery.js';
import { nonces } from './nonces.js';
import { lobbyMessage } from './views/lobby-message.js';
import { refuse, tellPrivately, type Handled } from './replies.js';
import { memberName } from './player-name.js';
import { refuseTooManyLobbies } from './lobby-limit.js';

const lobbyLink = (row: GameRow) => channelLink(row.guildId, row.channelId, row.lobbyMessageId ?? undefined);

/**
 * Rematch: a player of the finished game opens a new lobby for it in the game's channel, the same
 * game, options and time limit, with its bots seated again; the other players are invited by name.
 * Pressed again while that lobby waits, the button points to it.
 */
export async function handleRematch(ctx: BotContext, interaction: ButtonInteraction, gameId: number, t: Translate): Promise<Handled> {
  const name = memberName(interaction);
  const outcome = await ctx.service.rematch(gameId, interaction.user.id, name, await ctx.service.settings.lobbyLimits(interaction.guildId as string));
  if (!outcome.ok && outcome.refusal === 'too-many-lobbies') return refuseTooManyLobbies(ctx, interaction, t, gameId);
  if (!outcome.ok) return refuse(interaction, t, `refusal.${outcome.refusal}`, {}, gameId);
  const { lobby, opened } = outcome.value;
  if (!opened) {
    await tellPrivately(interaction, t('rematch.exists', { link: lobbyLink(lobby) }));
    return { game: gameId, action: 'rematch', outcome: 'exists' };
  }
  const publicT = translator(localeFrom(lobby.locale));
  const others = (await ctx.service.seatsOf(gameId)).filter((s) => s.botLevel === null && s.userId !== interaction.user.id).map((s) => s.userId);
  const defaultLimitMs = (await ctx.service.settings.guild(lobby.guildId)).defaultTimeLimitMs;
  const message = lobbyMessage({ ...ctx, defaultLimitMs }, lobby, await ctx.service.seatsOf(lobby.id), publicT);
  const invite = others.length > 0 ? publicT('rematch.invite', { id: gameId, players: others.map((u) => `<@${u}>`).join(', ') }) : '';
  // Everyone is named; only those this player's invitations left alone lately are pinged.
  const pinged = await ctx.service.pingable(interaction.user.id, others);
  try {
    const content = [message.content, invite].filter(Boolean).join('\n');
    // discord.js tries a call again after a 5xx: the nonce keeps a lobby Discord made from being made twice.
    const sent = await send(ctx.client.rest, lobby.channelId, { content, components: message.components, mentions: pinged, nonce: nonces.lobby(lobby.id) });
    await whenWritable(() => ctx.service.lobbyPosted(lobby.id, sent.id));
    await tellPrivately(interaction, t('rematch.opened', { link: lobbyLink({ ...lobby, lobbyMessageId: sent.id }) }));
    return { game: gameId, action: 'rematch', outcome: `ok:${lobby.id}` };
  } catch (error) {
    // Without its message nobody could join: the lobby goes, and the player may try again.
    await whenWritable(() => ctx.service.withdrawLobby(lobby.id));
    ctx.logger.warn({ game: gameId, err: error }, 'could not post the rematch lobby');
    return refuse(interaction, t, 'rematch.failed', {}, gameId);
  }
}
