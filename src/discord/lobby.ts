import { ThreadAutoArchiveDuration, type ButtonInteraction } from 'discord.js';
import type { GameRow } from '../db/schema.js';
import { localeFrom, translator, type Translate } from '../i18n/index.js';
import type { BotContext } from './context.js';
import { presenterOf } from './views/present.js';
import { refuse, type Handled } from './replies.js';
import { whenWritable } from '../service/database-errors.js';
import { lobbyMessage } from './views/lobby-message.js';
import { askToCancel } from './cancel.js';
import { memberName } from './player-name.js';
import { gamePlace } from './bot-permissions.js';
import { DISCORD_LIMITS, fitText } from '../text-fit.js';

/** Join, Leave, Start and Cancel on a lobby message. Public texts use the game's language. */
export async function handleLobbyButton(
  ctx: BotContext,
  interaction: ButtonInteraction,
  kind: 'join' | 'leave' | 'start' | 'cancel',
  gameId: number,
  t: Translate,
): Promise<Handled> {
  const { service } = ctx;
  const userId = interaction.user.id;
  const name = memberName(interaction);
  const row = await service.gameRow(gameId);
  const publicT = translator(localeFrom(row?.locale));
  if (kind === 'join' || kind === 'leave') {
    const outcome = kind === 'join' ? await service.join(gameId, userId, name) : await service.leave(gameId, userId);
    if (!outcome.ok) return refuse(interaction, t, `refusal.${outcome.refusal}`, {}, gameId);
    const updated = (await service.gameRow(gameId)) as GameRow;
    const defaultLimitMs = (await service.settings.guild(updated.guildId)).defaultTimeLimitMs;
    await interaction.update(lobbyMessage({ ...ctx, defaultLimitMs }, updated, await service.seatsOf(gameId), publicT));
    return { game: gameId, action: kind, outcome: 'ok' };
  }
  if (kind === 'cancel') {
    if (!row) return refuse(interaction, t, 'refusal.game-not-found', {}, gameId);
    return askToCancel(ctx, interaction, row, t);
  }
  // Start: open the thread from the lobby message, then the first board goes there; no thread where
  // the bot may not open one or post in it (never a game that leaves its thread at once).
  const settings = await service.settings.guild(row?.guildId ?? '');
  const playIn = gamePlace(interaction.appPermissions, { inThread: interaction.channel?.isThread() ?? false, useThreads: settings.useThreads });
  if (!playIn) return refuse(interaction, t, interaction.inCachedGuild() ? 'refusal.cannot-post-here' : 'refusal.bot-not-in-server', {}, gameId);
  ctx.announcer.holdForStart(gameId);
  // One person against bots: no time per move unless the host chose one other than the server's default.
  const started = await service.start(gameId, userId, { defaultLimitMs: settings.defaultTimeLimitMs });
  if (!started.ok) {
    ctx.announcer.release(gameId);
    const def = row ? service.definition(row.gameId) : undefined;
    const min = row && def ? service.seatRange(def, row.options).min : 2;
    return refuse(interaction, t, `refusal.${started.refusal}`, { min }, gameId);
  }
  // Started: from here on the game goes on whatever becomes of the answer to this click.
  const deferred = await interaction.deferUpdate().then(
    () => true,
    (error: unknown) => {
      ctx.logger.warn({ game: gameId, err: error }, 'could not answer the start of a game');
      return false;
    },
  );
  const game = started.value;
  const presenter = presenterOf(ctx, game.row.gameId);
  let place = `<#${game.row.channelId}>`;
  // The server may prefer games in the channel itself.
  if (playIn === 'thread') {
    try {
      const thread = await interaction.message.startThread({
        name: fitText(publicT('lobby.thread-name', { game: publicT(presenter.name), id: gameId }), DISCORD_LIMITS.threadName),
        autoArchiveDuration: ThreadAutoArchiveDuration.OneWeek,
      });
      await whenWritable(() => service.playIn(gameId, thread.id));
      place = `<#${thread.id}>`;
    } catch (error) {
      // No permission for threads here: the game is played in the channel itself.
      ctx.logger.warn({ game: gameId, err: error }, 'could not open a thread; playing in the channel');
    }
  }
  void ctx.announcer.started(gameId);
  const closed = lobbyMessage(ctx, game.row, game.seats, publicT, publicT('lobby.started', { place }));
  if (deferred) await interaction.editReply(closed);
  else await interaction.message.edit(closed);
  return { game: gameId, action: 'start', outcome: 'ok' };
}
