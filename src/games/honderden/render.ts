/**
 * The Honderden board image, drawn from a spectator's view only: a header (hand, trick, target; on
 * the final board the match's result), then the felt with the trump suit and the stock (the open
 * trump card lying crosswise under it) on the left, the trick being played in the middle and the
 * last trick with who took it on the right; below, one row per player with his hand as card backs
 * (plus the cards everybody has seen him keep: stuk, shown roem, a card taken openly), tricks won,
 * roem and stuk, points carried from earlier hands and game points. Running card points are never
 * drawn. Between hands and at the end the middle shows the hand's result.
 *
 * Players are told apart by colour and by shape (board-players.ts); what the last step changed is
 * framed in one colour of its own (board-changes.ts). The parts are drawn by board-*.ts.
 */
import type { Translate } from '../../i18n/index.js';
import { LayerCache, drawRoundRect, drawText, encodePng, newBoardCanvas, type BoardPlayer } from '../../render/index.js';
import { changesOf } from './board-changes.js';
import { drawHeader } from './board-header.js';
import { COLOURS, LEFT, MARGIN, RIGHT, ROWS_TOP, ROW_GAP, ROW_H, TABLE_H, TABLE_TOP, WIDTH, boardHeight, type Ctx } from './board-layout.js';
import { drawPlayerRow } from './board-rows.js';
import { drawTrumpAndStock } from './board-stock.js';
import { drawLastTrick, drawMiddle, showsResult } from './board-trick.js';
import type { HonderdenView } from './rules.js';

export type { BoardPlayer };
export { boardHeight };

const tableLayers = new LayerCache(6);

/** What never changes during a match: the page, the felt, the side columns and their titles (the last trick's not under a hand's result). */
function drawTable(ctx: Ctx, height: number, t: Translate, result: boolean): void {
  ctx.fillStyle = COLOURS.page;
  ctx.fillRect(0, 0, WIDTH, height);
  drawRoundRect(ctx, MARGIN - 4, TABLE_TOP, WIDTH - 2 * MARGIN + 8, TABLE_H, 26, { fill: COLOURS.felt, stroke: '#0a2a1a', lineWidth: 4 });
  drawRoundRect(ctx, MARGIN + 4, TABLE_TOP + 8, WIDTH - 2 * MARGIN - 8, TABLE_H - 16, 20, { stroke: COLOURS.feltLine, lineWidth: 2 });
  for (const col of result ? [LEFT] : [LEFT, RIGHT]) drawRoundRect(ctx, col.x, TABLE_TOP + 20, col.w, TABLE_H - 40, 16, { fill: COLOURS.feltDark });
  drawText(ctx, t('honderden.board.trump'), LEFT.x + 16, TABLE_TOP + 44, { size: 22, weight: 'bold', colour: COLOURS.textDim, maxWidth: LEFT.w - 32 });
  if (!result)
    drawText(ctx, t('honderden.board.last-trick'), RIGHT.x + 16, TABLE_TOP + 44, { size: 22, weight: 'bold', colour: COLOURS.textDim, maxWidth: RIGHT.w - 70 });
}

/** Draws the board as a PNG from a spectator's view; `players[seat]` gives each seat's name and colour. */
export async function renderHonderdenBoard(view: HonderdenView, players: BoardPlayer[], t: Translate): Promise<Buffer> {
  if (players.length !== view.seats) throw new RangeError(`Honderden is drawn for ${view.seats} players, got ${players.length}`);
  if (view.hand !== null) throw new Error('the board is drawn from a spectator view only');
  const height = boardHeight(view.seats);
  const canvas = newBoardCanvas(WIDTH, height);
  const ctx = canvas.getContext('2d');
  const labels = [t('honderden.board.trump'), t('honderden.board.last-trick')];
  const result = showsResult(view);
  ctx.drawImage(
    tableLayers.get(`honderden:table:${view.seats}:${result}:${labels.join('|')}`, WIDTH, height, (layer) => drawTable(layer, height, t, result)),
    0,
    0,
  );
  const changes = changesOf(view);
  drawHeader(ctx, view, players, t);
  drawTrumpAndStock(ctx, view, players, changes, t);
  drawMiddle(ctx, view, players, changes, t);
  if (!result) drawLastTrick(ctx, view, players, changes, t);
  for (let seat = 0; seat < view.seats; seat++) drawPlayerRow(ctx, view, players, changes, seat, ROWS_TOP + seat * (ROW_H + ROW_GAP), t);
  return encodePng(canvas);
}
