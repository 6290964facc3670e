/**
 * The Cartagena board image, top to bottom: the header (or the result, once the game is over),
 * the tunnel between the start beach and the ship with its pirates, the last turn's moves, one
 * row per player, and Tortuga's open row. It draws only what the view holds, so a spectator view
 * gives an image that is safe to post in the channel. Each part lives in its own render-*.ts.
 */
import type { Translate } from '../../i18n/index.js';
import { drawText, encodePng, newBoardCanvas, type BoardPlayer } from '../../render/index.js';
import { changesOf } from './board-changes.js';
import { BOARD_H, COLOURS, LAST_TURN_H, OPEN_ROW_H, PANEL_PAD, PLAYER_ROW_H, SHIP_BOX, START_BOX, WIDTH } from './board-layout.js';
import { drawHeader, headerHeight } from './board-header.js';
import { drawLastTurn } from './board-last-turn.js';
import { drawOpenRow } from './board-open-row.js';
import { drawPirates } from './board-pirates.js';
import { drawPlayerRows } from './board-players.js';
import { drawTunnel } from './board-tunnel.js';
import type { CartagenaView } from './rules.js';
import type { RoundTurn } from '../presenter.js';

export type { BoardPlayer };

/** Height of the image for this view: the header and board, then what goes below. */
function imageHeight(view: CartagenaView): number {
  const lastTurn = view.lastMoves ? LAST_TURN_H : 0;
  const openRow = view.version === 'tortuga' ? OPEN_ROW_H : 0;
  return headerHeight(view) + BOARD_H + PANEL_PAD + lastTurn + view.seats * PLAYER_ROW_H + openRow + PANEL_PAD;
}

/**
 * Draws the board as a PNG. `players[seat]` gives each seat's name and colour. Hands are drawn
 * by symbol only where the view holds them (Tortuga, or the viewer's own); otherwise as counts.
 * The pirates moved in `earlier` turns of the round (see GamePresenter.render) are marked as the last turn's are.
 */
export async function renderCartagenaBoard(
  view: CartagenaView,
  players: BoardPlayer[],
  t: Translate,
  earlier: readonly RoundTurn<CartagenaView>[] = [],
): Promise<Buffer> {
  if (players.length !== view.seats) throw new RangeError(`expected ${view.seats} players, got ${players.length}`);
  const height = imageHeight(view);
  const canvas = newBoardCanvas(WIDTH, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = COLOURS.page;
  ctx.fillRect(0, 0, WIDTH, height);

  drawHeader(ctx, view, players, t);
  const top = headerHeight(view);
  drawTunnel(ctx, view.tunnel, top);
  drawPirates(
    ctx,
    top,
    view,
    players,
    changesOf(
      view.lastMoves,
      earlier.map((turn) => turn.view.lastMoves),
    ),
  );
  // The beach's and the ship's names are drawn per board: they follow the game's language.
  drawText(ctx, t('cartagena.board.start'), START_BOX.x + START_BOX.w / 2, top + START_BOX.y + 30, {
    size: 22,
    weight: 'bold',
    colour: COLOURS.currentText,
    align: 'center',
    maxWidth: START_BOX.w - 30,
  });
  // The ship's name goes on its main sail.
  drawText(ctx, t('cartagena.board.ship'), SHIP_BOX.x + SHIP_BOX.w * 0.34, top + SHIP_BOX.y + 56, {
    size: 22,
    weight: 'bold',
    colour: COLOURS.currentText,
    align: 'center',
    maxWidth: 96,
  });

  let y = top + BOARD_H + PANEL_PAD;
  y += drawLastTurn(ctx, view, players, y, t);
  y += drawPlayerRows(ctx, view, players, y, t);
  if (view.version === 'tortuga') drawOpenRow(ctx, view, y, t);
  return encodePng(canvas);
}
