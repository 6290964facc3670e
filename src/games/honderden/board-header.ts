import type { Translate } from '../../i18n/index.js';
import { drawChip, drawHeaderBand, textWidth, type BoardPlayer } from '../../render/index.js';
import { COLOURS, HEADER_H, WIDTH, type Ctx } from './board-layout.js';
import { drawNameChip } from './board-players.js';
import { drawFitted } from './board-text.js';
import type { HonderdenView } from './rules.js';

/**
 * The header: the game, the hand and trick being played and the match's target; on the final
 * board the result instead (who won, with how many game points), so it never covers the table.
 */
export function drawHeader(ctx: Ctx, view: HonderdenView, players: BoardPlayer[], t: Translate): void {
  const band = drawHeaderBand(ctx, {
    width: WIDTH,
    height: HEADER_H,
    fill: COLOURS.header,
    title: t('game.honderden.name'),
    titleSize: 30,
    titleColour: COLOURS.text,
  });
  const { cy } = band;
  let x = band.x;
  if (view.over) {
    drawResult(ctx, view, players, t, x, cy);
    return;
  }
  x +=
    drawChip(ctx, t('honderden.board.hand', { hand: view.handNumber, game: view.game }), x, cy, { size: 22, fill: COLOURS.gold, ink: COLOURS.ink }).width + 10;
  const trick =
    view.phase === 'roemAnswer'
      ? t('honderden.board.roem-answer')
      : t('honderden.board.trick', { trick: Math.min(view.tricksPlayed + 1, view.tricksPerHand), tricks: view.tricksPerHand });
  drawChip(ctx, trick, x, cy, { size: 22, fill: '#e8e1cc', ink: COLOURS.ink });
  drawChip(ctx, t('honderden.board.target', { target: view.target }), WIDTH - 24, cy, { size: 22, fill: '#21382c', ink: COLOURS.text, align: 'right' });
}

/** The match's result: the winner's chip, then what he won with (game points, or being the last left). */
function drawResult(ctx: Ctx, view: HonderdenView, players: BoardPlayer[], t: Translate, x: number, cy: number): void {
  const right = WIDTH - 24;
  const winner = view.winner;
  if (winner === null) {
    drawFitted(ctx, t('honderden.board.header.over'), x, cy, right - x, { size: 26, minSize: 22, weight: 'bold', colour: COLOURS.gold });
    return;
  }
  const points = view.gamePoints[winner] ?? 0;
  const text =
    points < view.target ? t('honderden.board.header.won.left') : t(points === 1 ? 'honderden.board.header.won.one' : 'honderden.board.header.won', { points });
  // The winner as he is called ("Bot Bram", never "Bram"); only a name near the 32 characters a name
  // may have is cut, to leave the result whole at 22 px.
  x += drawNameChip(ctx, players, winner, x, cy, 24, right - x - 14 - textWidth(ctx, text, 22, 'bold'), 'left').width + 14;
  drawFitted(ctx, text, x, cy, right - x, { size: 26, minSize: 22, weight: 'bold', colour: COLOURS.gold });
}
