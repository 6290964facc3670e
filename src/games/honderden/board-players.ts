import {
  OUTLINE,
  PLAYER_HEX,
  drawChip,
  drawPlayerMark,
  drawRoundRect,
  shortName,
  textWidth,
  type BoardPlayer,
  type ColourSwatch,
  type PlayerColour,
} from '../../render/index.js';
import type { Ctx } from './board-layout.js';

/**
 * Players on the board: every place that tells players apart by colour also draws the colour's
 * shape (■ ◆ ★ ...), so that colour is never a player's only mark.
 */

export const nameOf = (players: BoardPlayer[], seat: number, max = 14) => shortName(players[seat]?.name ?? `#${seat + 1}`, max);
const colourOf = (players: BoardPlayer[], seat: number): PlayerColour => players[seat]?.colour ?? 'blue';
export const swatchOf = (players: BoardPlayer[], seat: number): ColourSwatch => PLAYER_HEX[colourOf(players, seat)];

/** A square badge of the player's colour with his shape on it, centred on (cx, cy). */
export function drawMarkBadge(ctx: Ctx, players: BoardPlayer[], seat: number, cx: number, cy: number, size: number): void {
  const colour = colourOf(players, seat);
  drawRoundRect(ctx, cx - size / 2, cy - size / 2, size, size, size * 0.26, { fill: PLAYER_HEX[colour].fill, stroke: OUTLINE, lineWidth: 2 });
  drawPlayerMark(ctx, colour, cx, cy, size * 0.3);
}

/**
 * A player's name on a chip of his colour with his shape before it, the name as he has it ("Bot
 * Bram", never "Bram": the chip names the winner too), cut to fit `maxWidth`. `x` is the chip's
 * centre, left or right edge by `align`.
 */
export function drawNameChip(
  ctx: Ctx,
  players: BoardPlayer[],
  seat: number,
  x: number,
  cy: number,
  size: number,
  maxWidth: number,
  align: 'left' | 'center' | 'right' = 'center',
): number {
  const colour = colourOf(players, seat);
  const swatch = PLAYER_HEX[colour];
  const paddingX = Math.round(size * 0.42);
  const markR = size * 0.44;
  const icon = Math.round(markR * 2 + size * 0.3);
  const player = players[seat];
  const fits = (text: string) => textWidth(ctx, text, size, 'bold') + 2 * paddingX + icon <= maxWidth;
  const full = player?.name ?? `#${seat + 1}`;
  let name = full;
  for (let max = [...full].length; max > 2 && !fits(name); max--) name = shortName(full, max - 1);
  const box = drawChip(ctx, name, x, cy, { size, fill: swatch.fill, ink: swatch.ink, border: OUTLINE, align, height: Math.round(size * 1.55), paddingX, iconWidth: icon });
  drawPlayerMark(ctx, colour, box.x + paddingX + markR, cy, markR);
  return box.width;
}
