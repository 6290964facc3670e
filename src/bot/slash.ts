import { AttachmentBuilder, EmbedBuilder, MessageFlags, type AutocompleteInteraction, type ChatInputCommandInteraction } from 'discord.js';
import type { GameRow } from '../db/schema.js';
import { localeFrom, translator, type Locale, type Translate } from '../i18n/index.js';
import { boardRequest, gameLink, presentContext, presenterOf, type BotContext } from './context.js';
import { lobbyMessage } from './lobby.js';
import { showPanel } from './panel.js';
import { refuse, tellPrivately, type Handled } from './replies.js';
import { showLog } from './game-log.js';
import { handleSettings } from './settings-command.js';
import { handleLeaderboard, handleStats } from './stats-commands.js';
import { timeLimitByName } from '../service/time-limits.js';

/**
 * The game a command is about: the `id` option if given, else the one game of this user played
 * in this thread or channel, else his only active game in the server.
 */
function targetGame(ctx: BotContext, interaction: ChatInputCommandInteraction): GameRow | undefined {
  const id = interaction.options.getInteger('id');
  if (id !== null) {
    const row = ctx.service.store.get(id);
    return row && row.guildId === interaction.guildId ? row : undefined;
  }
  const mine = ctx.service.store.activeGamesOf(interaction.guildId as string, interaction.user.id).map((g) => g.game);
  const here = mine.filter((g) => g.threadId === interaction.channelId || (g.threadId === null && g.channelId === interaction.channelId));
  if (here.length === 1) return here[0];
  const anyHere = ctx.service.store.runningIn(interaction.channelId);
  if (here.length === 0 && anyHere.length === 1) return anyHere[0];
  return here.length === 0 && mine.length === 1 ? mine[0] : undefined;
}

export async function handleSlash(ctx: BotContext, interaction: ChatInputCommandInteraction, locale: Locale, t: Translate): Promise<Handled> {
  if (interaction.commandName === 'rules') return rules(ctx, interaction, t);
  if (!interaction.inGuild()) return refuse(interaction, t, 'refusal.not-in-guild');
  if (interaction.commandName === 'games') return listGames(ctx, interaction, t);
  if (interaction.commandName === 'stats') return handleStats(ctx, interaction, t);
  if (interaction.commandName === 'leaderboard') return handleLeaderboard(ctx, interaction, t);
  if (interaction.commandName === 'settings') return handleSettings(ctx, interaction, t);
  const sub = interaction.options.getSubcommand();
  if (sub === 'new') return newGame(ctx, interaction, t);
  const row = targetGame(ctx, interaction);
  if (!row) return refuse(interaction, t, 'refusal.no-game-here');
  switch (sub) {
    case 'panel':
      return showPanel(ctx, interaction, row.id, locale, t);
    case 'board':
      return board(ctx, interaction, row, t);
    case 'resign': {
      const outcome = ctx.service.resign(row.id, interaction.user.id);
      if (!outcome.ok) return refuse(interaction, t, `refusal.${outcome.refusal}`, {}, row.id);
      await tellPrivately(interaction, t('resign.done'));
      void ctx.announcer.post(row.id);
      return { game: row.id, action: 'resign', outcome: 'ok' };
    }
    case 'log': {
      const page = interaction.options.getInteger('page');
      return showLog(ctx, interaction, row.id, page === null ? -1 : page - 1, t);
    }
    case 'cancel':
      return cancel(ctx, interaction, row, t);
    case 'extend':
      return extend(ctx, interaction, row, t);
    default:
      return refuse(interaction, t, 'refusal.unknown-component');
  }
}

/** Tells the game's place that it was cancelled, and closes the lobby message's buttons. */
async function announceCancel(ctx: BotContext, gameId: number, userId: string): Promise<void> {
  const game = ctx.service.load(gameId);
  if (!game) return;
  const publicT = translator(localeFrom(game.row.locale));
  const note = publicT('post.cancelled', { user: `<@${userId}>` });
  try {
    if (game.row.lobbyMessageId) {
      const channel = await ctx.client.channels.fetch(game.row.channelId);
      if (channel?.isTextBased()) await channel.messages.edit(game.row.lobbyMessageId, lobbyMessage(ctx, game.row, game.seats, publicT, note));
    }
    if (game.row.threadId) await ctx.announcer.notice(game.row, note);
  } catch (error) {
    ctx.logger.warn({ game: gameId, err: error }, 'could not announce the cancellation');
  }
}

const canManageServer = (interaction: ChatInputCommandInteraction) => interaction.memberPermissions?.has('ManageGuild') ?? false;

/** `/game cancel`: a lobby by its host; a running game once every player still in it agrees. */
async function cancel(ctx: BotContext, interaction: ChatInputCommandInteraction, row: GameRow, t: Translate): Promise<Handled> {
  const outcome = ctx.service.cancel(row.id, interaction.user.id, canManageServer(interaction));
  if (!outcome.ok) return refuse(interaction, t, `refusal.${outcome.refusal}`, {}, row.id);
  if (outcome.value.cancelled) {
    await tellPrivately(interaction, t('cancel.done'));
    await announceCancel(ctx, row.id, interaction.user.id);
    return { game: row.id, action: 'cancel', outcome: 'ok' };
  }
  await tellPrivately(interaction, t('cancel.agreed.you'));
  const publicT = translator(localeFrom(row.locale));
  const needed = outcome.value.needed;
  await ctx.announcer
    .notice(row, publicT('cancel.agreed', { user: `<@${interaction.user.id}>`, needed: needed.map((id) => `<@${id}>`).join(', ') }), needed)
    .catch((error: unknown) => ctx.logger.warn({ game: row.id, err: error }, 'could not announce a request to cancel'));
  return { game: row.id, action: 'cancel', outcome: `agreed:${outcome.value.agreed.length}` };
}

/** `/game extend hours`: the host gives the players of a running game more time. */
async function extend(ctx: BotContext, interaction: ChatInputCommandInteraction, row: GameRow, t: Translate): Promise<Handled> {
  const hours = interaction.options.getInteger('hours', true);
  const outcome = ctx.service.extend(row.id, interaction.user.id, hours * 60 * 60 * 1000, canManageServer(interaction));
  if (!outcome.ok) return refuse(interaction, t, `refusal.${outcome.refusal}`, {}, row.id);
  const deadline = Math.floor((outcome.value.deadlineAt as number) / 1000);
  await tellPrivately(interaction, t('extend.done', { time: `<t:${deadline}:f>` }));
  const publicT = translator(localeFrom(row.locale));
  await ctx.announcer
    .notice(row, publicT('extend.notice', { user: `<@${interaction.user.id}>`, time: `<t:${deadline}:f>`, relative: `<t:${deadline}:R>` }))
    .catch((error: unknown) => ctx.logger.warn({ game: row.id, err: error }, 'could not announce an extension'));
  return { game: row.id, action: 'extend', outcome: `ok:${hours}h` };
}

async function newGame(ctx: BotContext, interaction: ChatInputCommandInteraction, t: Translate): Promise<Handled> {
  const gameId = interaction.options.getString('game', true);
  const presenter = ctx.presenters[gameId];
  if (!presenter) return refuse(interaction, t, 'refusal.unknown-game');
  const variantValue = interaction.options.getString('variant');
  const variant = variantValue === null ? presenter.variants[0] : presenter.variants.find((v) => v.value === variantValue);
  if (!variant) return refuse(interaction, t, 'refusal.bad-options');
  const settings = ctx.settings.guild(interaction.guildId as string);
  if (settings.allowedChannels.length > 0 && !settings.allowedChannels.includes(interaction.channelId)) {
    return refuse(interaction, t, 'refusal.channel-not-allowed', { channels: settings.allowedChannels.map((id) => `<#${id}>`).join(', ') });
  }
  const limitName = interaction.options.getString('time_limit');
  const timeLimitMs = limitName === null ? settings.defaultTimeLimitMs : timeLimitByName(limitName);
  if (timeLimitMs === undefined) return refuse(interaction, t, 'refusal.bad-options');
  const name = interaction.member && 'displayName' in interaction.member ? interaction.member.displayName : interaction.user.displayName;
  // Public posts speak the language chosen for the game, else the server's.
  const locale = localeFrom(interaction.options.getString('language') ?? interaction.guildLocale);
  const outcome = ctx.service.openLobby({
    guildId: interaction.guildId as string,
    channelId: interaction.channelId,
    hostId: interaction.user.id,
    hostName: name,
    gameId,
    options: variant.options,
    locale,
    timeLimitMs,
  });
  if (!outcome.ok) return refuse(interaction, t, `refusal.${outcome.refusal}`);
  const row = outcome.value;
  const response = await interaction.reply({ ...lobbyMessage(ctx, row, ctx.service.store.seatsOf(row.id), translator(locale)), withResponse: true });
  const messageId = response.resource?.message?.id;
  if (messageId) ctx.service.store.setLobbyMessage(row.id, messageId);
  return { game: row.id, action: 'new', outcome: 'ok' };
}

async function board(ctx: BotContext, interaction: ChatInputCommandInteraction, row: GameRow, t: Translate): Promise<Handled> {
  const game = ctx.service.load(row.id);
  if (!game || game.row.status === 'lobby' || game.row.status === 'cancelled') return refuse(interaction, t, 'refusal.not-running', {}, row.id);
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  const presenter = presenterOf(ctx, row.gameId);
  const pctx = presentContext(ctx, game, interaction.locale);
  const request = boardRequest(ctx, game, interaction.locale);
  const png = await ctx.boards.render(request);
  const view = request.view;
  await interaction.editReply({
    content: `${t('board.caption', { game: t(presenter.name), id: row.id, status: presenter.status(view, pctx) })}\n${gameLink(row)}`,
    files: [new AttachmentBuilder(png, { name: `${row.gameId}-${row.id}.png` })],
  });
  return { game: row.id, action: 'board', outcome: 'ok' };
}

/**
 * `/games`: the user's lobbies and running games in this server. Games waiting for him come
 * first, the longest wait first; each line links to the game and says when the move is due.
 */
async function listGames(ctx: BotContext, interaction: ChatInputCommandInteraction, t: Translate): Promise<Handled> {
  const mine = ctx.service.store.activeGamesOf(interaction.guildId as string, interaction.user.id);
  if (mine.length === 0) {
    await tellPrivately(interaction, t('games.none'));
    return { action: 'games', outcome: 'ok:0' };
  }
  const lines = mine.map(({ game: row, seat }) => {
    const presenter = presenterOf(ctx, row.gameId);
    let state = t('games.state.lobby');
    let yourTurn = false;
    if (row.status === 'running') {
      const game = ctx.service.load(row.id);
      const toAct = game ? (game.def.toAct(game.state) as number[]) : [];
      yourTurn = toAct.includes(seat);
      state = yourTurn ? t('games.state.your-turn') : t('games.state.waiting', { players: toAct.map((s) => game?.seats[s]?.displayName ?? '?').join(', ') });
      if (row.deadlineAt !== null) state += `, ${t('games.deadline', { relative: `<t:${Math.floor(row.deadlineAt / 1000)}:R>` })}`;
    }
    return { yourTurn, since: row.waitingSince ?? row.updatedAt, text: t('games.line', { game: t(presenter.name), id: row.id, state, link: gameLink(row) }) };
  });
  // Games waiting for this user first, the oldest wait first; then the others, newest first.
  lines.sort((a, b) => Number(b.yourTurn) - Number(a.yourTurn) || (a.yourTurn ? a.since - b.since : b.since - a.since));
  await tellPrivately(interaction, [t('games.header'), ...lines.map((l) => `• ${l.text}`)].join('\n').slice(0, 2000));
  return { action: 'games', outcome: `ok:${mine.length}` };
}

async function rules(ctx: BotContext, interaction: ChatInputCommandInteraction, t: Translate): Promise<Handled> {
  const presenter = ctx.presenters[interaction.options.getString('game', true)];
  if (!presenter) return refuse(interaction, t, 'refusal.unknown-game');
  const embed = new EmbedBuilder().setDescription(t(presenter.rules).slice(0, 4096)).setColor(0x8b5a2b);
  await interaction.reply({ embeds: [embed], flags: MessageFlags.Ephemeral });
  return { action: 'rules', outcome: 'ok' };
}

/** Suggests the variants of the game chosen in the same command. */
export async function handleAutocomplete(ctx: BotContext, interaction: AutocompleteInteraction): Promise<Handled> {
  const t = translator(localeFrom(interaction.locale));
  const presenter = ctx.presenters[interaction.options.getString('game') ?? ''];
  const typed = interaction.options.getFocused().toLowerCase();
  const choices = (presenter?.variants ?? [])
    .map((v) => ({ name: `${t(v.label)}: ${t(v.about)}`.slice(0, 100), value: v.value }))
    .filter((c) => c.name.toLowerCase().includes(typed) || c.value.includes(typed));
  await interaction.respond(choices.slice(0, 25));
  return { action: 'autocomplete', outcome: `ok:${choices.length}` };
}
