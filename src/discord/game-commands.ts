import { AttachmentBuilder, MessageFlags, type ChatInputCommandInteraction } from 'discord.js';
import type { BotLevel, GameRow } from '../db/schema.js';
import { localeFrom, translator, type Translate } from '../i18n/index.js';
import type { BotContext } from './context.js';
import { boardRequest, gameLink, presentContext, presenterOf } from './views/present.js';
import { viewerRound } from './board-round.js';
import { placeWarning, refuse, tellPrivately, withList, type Handled } from './replies.js';
import { textName } from './player-name.js';
import { onDemandBoards } from './rate-limit.js';
import { describeBoard } from '../games/board-renderer.js';
import { awayNow } from '../service/time-off.js';

const canManageServer = (interaction: ChatInputCommandInteraction) => interaction.memberPermissions?.has('ManageGuild') ?? false;

/** A private answer about a game, with the warning that its place cannot be posted in, if so. */
function answer(interaction: ChatInputCommandInteraction, row: GameRow, t: Translate, text: string): Promise<void> {
  return tellPrivately(interaction, [placeWarning(row, t), text].filter(Boolean).join('\n\n'));
}

/** `/game extend hours`: the host gives the players of a running game more time. */
export async function extendGame(ctx: BotContext, interaction: ChatInputCommandInteraction, row: GameRow, t: Translate): Promise<Handled> {
  const hours = interaction.options.getInteger('hours', true);
  const outcome = await ctx.service.extend(row.id, interaction.user.id, hours * 60 * 60 * 1000, canManageServer(interaction));
  if (!outcome.ok) return refuse(interaction, t, outcome.refusal === 'bad-options' ? 'refusal.bad-hours' : `refusal.${outcome.refusal}`, {}, row.id);
  const deadline = Math.floor((outcome.value.deadlineAt as number) / 1000);
  const publicT = translator(localeFrom(row.locale));
  ctx.announcer.notify(row, publicT('extend.notice', { user: `<@${interaction.user.id}>`, time: `<t:${deadline}:f>`, relative: `<t:${deadline}:R>` }));
  await answer(interaction, outcome.value, t, t('extend.done', { time: `<t:${deadline}:f>` }));
  return { game: row.id, action: 'extend', outcome: `ok:${hours}h` };
}

/** `/game board`: the current board (or a finished game's last), privately. */
export async function showBoard(ctx: BotContext, interaction: ChatInputCommandInteraction, row: GameRow, t: Translate): Promise<Handled> {
  if (!onDemandBoards().take(interaction.user.id)) return refuse(interaction, t, 'refusal.slow-down', {}, row.id);
  const game = await ctx.service.load(row.id);
  if (!game || game.row.status === 'lobby' || game.row.status === 'cancelled') return refuse(interaction, t, 'refusal.not-running', {}, row.id);
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  const presenter = presenterOf(ctx, row.gameId);
  const pctx = presentContext(ctx, game, interaction.locale);
  // Others' moves that may still be taken back are not shown: the board as it was before them.
  const seat = ctx.service.seatOf(game, interaction.user.id);
  const shown = await ctx.service.shownTo(game, seat ?? null);
  // A player sees marked what the others did since his own last move, as the turn's post shows it.
  const request = { ...boardRequest(ctx, shown, interaction.locale), earlier: await viewerRound(shown, seat, ctx.service, presenter) };
  const png = await ctx.boards.render(request);
  const caption = `${t('board.caption', { game: t(presenter.name), id: row.id, status: presenter.status(request.view, pctx) })}\n${gameLink(game.row)}`;
  await interaction.editReply({
    content: [placeWarning(game.row, t), caption].filter(Boolean).join('\n\n'),
    // Described from the same request the image was drawn from: screen readers read the board.
    files: [new AttachmentBuilder(png, { name: `${row.gameId}-${row.id}.png`, description: describeBoard(ctx.presenters, request) })],
  });
  return { game: row.id, action: 'board', outcome: 'ok' };
}

/**
 * `/games`: the user's lobbies and running games in this server. Games waiting for him come
 * first, the longest wait first; each line links to the game and says when the move is due.
 */
export async function listGames(ctx: BotContext, interaction: ChatInputCommandInteraction, t: Translate): Promise<Handled> {
  const guildId = interaction.guildId as string;
  const mine = await ctx.service.activeGamesOf(guildId, interaction.user.id);
  const myTimeOff = (await awayNow(ctx.service, guildId, [interaction.user.id])).get(interaction.user.id);
  const away = myTimeOff ? [t('games.you-away', { time: `<t:${Math.floor(myTimeOff.until / 1000)}:f>` })] : [];
  if (mine.length === 0) {
    await tellPrivately(interaction, [...away, t('games.none')].join('\n'));
    return { action: 'games', outcome: 'ok:0' };
  }
  const lines = await Promise.all(
    mine.map(async ({ game: row, seat }) => {
      const presenter = presenterOf(ctx, row.gameId);
      let state = t('games.state.lobby');
      let yourTurn = false;
      if (row.status === 'running') {
        const game = await ctx.service.load(row.id);
        const toAct = game ? game.def.toAct((await ctx.service.shownTo(game, seat)).state) : [];
        yourTurn = toAct.includes(seat);
        state = yourTurn
          ? t('games.state.your-turn')
          : t('games.state.waiting', { players: toAct.map((s) => (game?.seats[s] ? textName(game.seats[s]) : '?')).join(', ') });
        if (row.deadlineAt !== null) state += `, ${t('games.deadline', { relative: `<t:${Math.floor(row.deadlineAt / 1000)}:R>` })}`;
        // Why the wait is long: those it waits for who are away, and until when.
        const waited = toAct.flatMap((s) => game?.seats[s] ?? []).filter((s) => s.botLevel === null && s.userId !== interaction.user.id);
        for (const [userId, off] of await awayNow(
          ctx.service,
          guildId,
          waited.map((s) => s.userId),
        )) {
          const seat = waited.find((s) => s.userId === userId);
          if (seat) state += t('games.away', { user: textName(seat), time: `<t:${Math.floor(off.until / 1000)}:f>` });
        }
      }
      const bots = (await ctx.service.seatsOf(row.id)).filter((s) => s.botLevel !== null);
      if (bots.length > 0)
        state += t('games.bots', { bots: bots.map((s) => t('lobby.bot', { name: textName(s), level: t(`bot.level.${s.botLevel as BotLevel}`) })).join(', ') });
      // The game's name is the link to its place: no bare URL in the list.
      return { yourTurn, since: row.waitingSince ?? row.updatedAt, text: t('games.line', { game: t(presenter.name), id: row.id, state, link: gameLink(row) }) };
    }),
  );
  // Games waiting for this user first, the oldest wait first; then the others, newest first.
  lines.sort((a, b) => Number(b.yourTurn) - Number(a.yourTurn) || (a.yourTurn ? a.since - b.since : b.since - a.since));
  await tellPrivately(
    interaction,
    withList(
      (list) => [...away, t('games.header'), list].join('\n'),
      lines.map((l) => `• ${l.text}`),
      t,
    ),
  );
  return { action: 'games', outcome: `ok:${mine.length}` };
}
