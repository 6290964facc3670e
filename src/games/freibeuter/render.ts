/**
 * The Freibeuter board image, 1200 x 880: the header (turn and who is to act, or the result),
 * the sea on the left with its boats, tokens and the marks of the last turn, and on the right one
 * card per player, the piles and, when there is room, a legend. Drawn from a spectator's view
 * only: no hand ever reaches it. The parts are in the board-*.ts files beside this one.
 */
import type { Translate } from '../../i18n/index.js';
import { encodePng, newBoardCanvas, type BoardPlayer } from '../../render/index.js';
import { changesOf, drawBoardedRings, drawPlayedFields, drawSeaChanges } from './board-changes.js';
import { drawHeader } from './board-header.js';
import { drawInfo, drawLegend } from './board-info.js';
import { GAP, HEIGHT, INFO_H, WIDTH } from './board-layout.js';
import { drawPlayerCards } from './board-players.js';
import { drawBoats, drawStaticLayer, drawTokens } from './board-sea.js';
import type { FreibeuterView } from './rules.js';

export type { BoardPlayer };

/** Draws the board as a PNG; `players[seat]` gives each seat's name and colour. */
export async function renderFreibeuterBoard(view: FreibeuterView, players: BoardPlayer[], t: Translate): Promise<Buffer> {
  if (players.length !== view.seats) throw new RangeError(`Freibeuter is drawn for ${view.seats} players, got ${players.length}`);
  const canvas = newBoardCanvas(WIDTH, HEIGHT);
  const ctx = canvas.getContext('2d');
  const changes = changesOf(view);
  drawStaticLayer(ctx);
  drawHeader(ctx, view, players, t);
  // The last turn's marks: the played fields lit under the boats and framed over them, the rest over the tokens.
  drawPlayedFields(ctx, changes, 'under');
  drawBoats(ctx, view, players);
  drawPlayedFields(ctx, changes, 'over');
  drawBoardedRings(ctx, changes);
  drawTokens(ctx, view, players);
  drawSeaChanges(ctx, view, players, changes);
  const y = drawPlayerCards(ctx, view, players, changes, t);
  drawInfo(ctx, view, y, t);
  drawLegend(ctx, y + INFO_H + GAP, t);
  return encodePng(canvas);
}
