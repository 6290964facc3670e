import { ActionRowBuilder, ButtonBuilder, ButtonStyle, ThreadAutoArchiveDuration, type ButtonInteraction, type MessageActionRowComponentBuilder } from 'discord.js';
import type { GameRow, SeatRow } from '../db/schema.js';
import { localeFrom, translator, type Translate } from '../i18n/index.js';
import { encodeId } from './custom-id.js';
import { presenterOf, type BotContext } from './context.js';
import { refuse, type Handled } from './replies.js';
import { timeLimitName } from '../service/time-limits.js';
import { whenWritable } from '../db/busy.js';
import { botRows, lobbySeat } from './lobby-bots.js';
import { askToCancel } from './cancel.js';
import { memberName } from './player-name.js';

/** The lobby message: game, variant, host, players, and the four buttons (none once closed). */
export function lobbyMessage(ctx: Pick<BotContext, 'presenters' | 'service'>, row: GameRow, seats: SeatRow[], t: Translate, closedNote?: string) {
  const presenter = presenterOf(ctx, row.gameId);
  const def = ctx.service.definition(row.gameId);
  const variant = presenter.variantOf(row.options);
  const range = def ? ctx.service.seatRange(def, row.options) : { min: 1, max: seats.length };
  const lines = [
    t('lobby.title', { game: t(presenter.name), variant: variant ? t(variant.label) : '', host: `<@${row.hostId}>` }),
    t('lobby.players', { count: seats.length, max: range.max, players: seats.map((s) => lobbySeat(s, t)).join(', ') }),
    t('lobby.time-limit', { limit: t(`time-limit.${timeLimitName(row.timeLimitMs)}`) }),
  ];
  if (closedNote) lines.push(closedNote);
  else {
    const { min, max } = range;
    lines.push(min === max ? t('lobby.needs.exactly', { count: min }) : t(max === min + 1 ? 'lobby.needs.either' : 'lobby.needs', { min, max }));
  }
  const button = (kind: 'join' | 'leave' | 'start' | 'cancel', style: ButtonStyle) =>
    new ButtonBuilder().setCustomId(encodeId({ kind, game: row.id })).setLabel(t(`lobby.${kind}`)).setStyle(style);
  const components = closedNote
    ? []
    : [
        new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(
          button('join', ButtonStyle.Success),
          button('leave', ButtonStyle.Secondary),
          button('start', ButtonStyle.Primary),
          button('cancel', ButtonStyle.Danger),
        ).toJSON(),
        // Only games whose bots can think offer them.
        ...(def?.determinize ? botRows(row.id, seats, t) : []),
      ];
  return { content: lines.join('\n'), components, allowedMentions: { parse: [] } };
}

/** Join, Leave, Start and Cancel on a lobby message. Public texts use the game's language. */
export async function handleLobbyButton(ctx: BotContext, interaction: ButtonInteraction, kind: 'join' | 'leave' | 'start' | 'cancel', gameId: number, t: Translate): Promise<Handled> {
  const { service } = ctx;
  const userId = interaction.user.id;
  const name = memberName(interaction);
  const row = service.store.get(gameId);
  const publicT = translator(localeFrom(row?.locale));
  if (kind === 'join' || kind === 'leave') {
    const outcome = kind === 'join' ? service.join(gameId, userId, name) : service.leave(gameId, userId);
    if (!outcome.ok) return refuse(interaction, t, `refusal.${outcome.refusal}`, {}, gameId);
    const updated = service.store.get(gameId) as GameRow;
    await interaction.update(lobbyMessage(ctx, updated, service.store.seatsOf(gameId), publicT));
    return { game: gameId, action: kind, outcome: 'ok' };
  }
  if (kind === 'cancel') {
    if (!row) return refuse(interaction, t, 'refusal.game-not-found', {}, gameId);
    return askToCancel(ctx, interaction, row, t);
  }
  // Start: open the thread from the lobby message, then the first board goes there.
  ctx.announcer.holdForStart(gameId);
  // One person against bots: no time per move unless the host chose one other than the server's default.
  const started = service.start(gameId, userId, { defaultLimitMs: ctx.settings.guild(row?.guildId ?? '').defaultTimeLimitMs });
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
  if (ctx.settings.guild(game.row.guildId).useThreads) {
    try {
      const thread = await interaction.message.startThread({
        name: publicT('lobby.thread-name', { game: publicT(presenter.name), id: gameId }),
        autoArchiveDuration: ThreadAutoArchiveDuration.OneWeek,
      });
      await whenWritable(() => service.store.setThread(gameId, thread.id));
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
