/**
 * The Halunken & Spelunken board image, landscape so that it reads at chat size: the header (the
 * round, or on the final board the result), the ring of 14 taverns on the left with the street
 * where captains and Black Jack stand (board-ring.ts), inside it what the game waits for, Black
 * Jack and the harbour (board-centre.ts), and a panel per player on the right (board-players.ts).
 * What the last move changed is marked from the view's public events (board-changes.ts). Drawn
 * from a spectator's view only, so no secret choice can appear.
 */
import type { Translate } from '../../i18n/index.js';
import { LayerCache, encodePng, newBoardCanvas, type BoardPlayer } from '../../render/index.js';
import type { HalunkenView } from './rules.js';
import { drawCentre, drawCentreFrame } from './board-centre.js';
import { changesOf } from './board-changes.js';
import type { RoundTurn } from '../presenter.js';
import { drawHeader, winnersOf } from './board-header.js';
import { COLOURS, HEIGHT, WIDTH } from './board-layout.js';
import { drawPlayerPanels } from './board-players.js';
import { drawPieces, drawRingFrame, drawTaverns } from './board-ring.js';

export type { BoardPlayer };

/** The background that never changes during a game: the ring's tiles and the centre's boxes (no words). */
const backgrounds = new LayerCache(2);

/** Draws the board as a PNG; `players[seat]` gives each seat's name and colour. */
export async function renderHalunkenBoard(
  view: HalunkenView,
  players: BoardPlayer[],
  t: Translate,
  earlier: readonly RoundTurn<HalunkenView>[] = [],
): Promise<Buffer> {
  if (players.length !== view.seats) throw new RangeError(`Halunken is drawn for ${view.seats} players, got ${players.length}`);
  const canvas = newBoardCanvas(WIDTH, HEIGHT);
  const ctx = canvas.getContext('2d');
  const background = backgrounds.get(`halunken:${view.variant}`, WIDTH, HEIGHT, (layer) => {
    layer.fillStyle = COLOURS.page;
    layer.fillRect(0, 0, WIDTH, HEIGHT);
    drawRingFrame(layer);
    drawCentreFrame(layer, view.variant);
  });
  ctx.drawImage(background, 0, 0);
  const changes = changesOf(
    view,
    earlier.map((turn) => turn.view),
  );
  drawHeader(ctx, view, players, t);
  drawTaverns(ctx, view, t);
  drawPieces(ctx, view, players, changes);
  drawCentre(ctx, view, players, changes, t);
  drawPlayerPanels(ctx, view, players, changes, view.over ? winnersOf(view) : [], t);
  return encodePng(canvas);
}
