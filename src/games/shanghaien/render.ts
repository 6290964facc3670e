/**
 * The Shanghaien board image, top to bottom: the header (the round; at the end the result), after
 * a shanghai the distribution of the row, the tavern row with the dice and each player's panel
 * (while a round is played, or left by a resignation), and the crews by nationality (at the end
 * the final scoring). Always landscape: 1200 px wide, at most about 900 px tall. Everything in
 * Shanghaien is open, but the image is still drawn from a spectator's view only.
 */
import type { Translate } from '../../i18n/index.js';
import { encodePng, newBoardCanvas, type BoardPlayer } from '../../render/index.js';
import { turnChanges } from './board-changes.js';
import { crewsHeight, drawCrews } from './board-crews.js';
import { DISTRIBUTION_H, drawDistribution } from './board-distribution.js';
import { HEADER_H, drawHeader } from './board-header.js';
import { drawTavern, tavernHeight } from './board-tavern.js';
import { COLOURS, GAP, WIDTH, type Ctx } from './board-theme.js';
import type { ShanghaienView } from './rules.js';

export type { BoardPlayer };

/** Draws the board as a PNG; `players[seat]` gives each seat's name, colour and mark. */
export async function renderShanghaienBoard(view: ShanghaienView, players: BoardPlayer[], t: Translate): Promise<Buffer> {
  if (players.length !== 2) throw new RangeError(`Shanghaien is drawn for 2 players, got ${players.length}`);
  const changes = turnChanges(view);
  const scoring = view.over ? view.scoring : null;
  // The row is empty at the normal end; after a resignation it shows the round that was left.
  const showRow = view.row.length > 0;
  // Each section in turn: its height, and how it draws itself at a given top.
  const sections: { height: number; draw: (ctx: Ctx, y: number) => void }[] = [];
  const distribution = changes.distribution;
  if (distribution) sections.push({ height: DISTRIBUTION_H, draw: (ctx, y) => drawDistribution(ctx, distribution, players, y, t) });
  if (showRow) sections.push({ height: tavernHeight(view), draw: (ctx, y) => drawTavern(ctx, view, players, changes, y, t) });
  sections.push({ height: crewsHeight(scoring !== null), draw: (ctx, y) => drawCrews(ctx, view, players, changes, y, t, scoring) });

  const height = HEADER_H + sections.reduce((sum, s) => sum + GAP + s.height, 0) + GAP;
  const canvas = newBoardCanvas(WIDTH, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = COLOURS.page;
  ctx.fillRect(0, 0, WIDTH, height);
  drawHeader(ctx, view, players, t);
  let y = HEADER_H;
  for (const section of sections) {
    section.draw(ctx, y + GAP);
    y += GAP + section.height;
  }
  return encodePng(canvas);
}
