import { AttachmentBuilder, MessageFlags } from 'discord.js';
import { describeBoard } from '../../../games/board-renderer.js';
import { viewerRound } from '../../board-round.js';
import { onDemandBoards } from '../../rate-limit.js';
import { placeWarning, refuse } from '../../replies.js';
import { boardRequest, gameLink, presentContext, presenterOf } from '../../views/present.js';
import { label } from '../declare.js';
import { GAME_NUMBER, idOption, type GameSubcommand } from './target.js';

/** `/game board [id]`: the current board (or a finished game's last), privately. */
export const board: GameSubcommand = {
  name: 'board',
  target: 'shown',
  bounds: { id: GAME_NUMBER },
  define: (s) => label(s, 'board', 'command.game.board.description').addIntegerOption(idOption),
  handle: async ({ ctx, interaction, row, t }) => {
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
  },
};
