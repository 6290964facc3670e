import {
  OUTLINE,
  PLAYER_HEX,
  drawChip,
  drawPlayerMark,
  drawNameLines,
  drawRoundRect,
  drawText,
  setName,
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

/**
 * A player's name on one line at `size` (or smaller, down to 22 px), whole where regular type
 * fits it when bold does not, else cut at its end. Returns the drawn width.
 */
export function drawName(
  ctx: Ctx,
  players: BoardPlayer[],
  seat: number,
  x: number,
  y: number,
  maxWidth: number,
  style: { size: number; colour: string; align?: 'left' | 'center' | 'right' },
): number {
  const setting = setName(ctx, players[seat]?.name ?? `#${seat + 1}`, { size: style.size, maxWidth });
  return drawNameLines(ctx, setting, x, y, { colour: style.colour, lineHeight: 0, ...(style.align ? { align: style.align } : {}) });
}

/** A square badge of the player's colour with his shape on it, centred on (cx, cy). */
export function drawMarkBadge(ctx: Ctx, players: BoardPlayer[], seat: number, cx: number, cy: number, size: number): void {
  const colour = colourOf(players, seat);
  drawRoundRect(ctx, cx - size / 2, cy - size / 2, size, size, size * 0.26, { fill: PLAYER_HEX[colour].fill, stroke: OUTLINE, lineWidth: 2 });
  drawPlayerMark(ctx, colour, cx, cy, size * 0.3);
}

/**
 * A player's name on a chip of his colour with his shape before it, the name as he has it ("Bot
 * Bram", never "Bram": the chip names the winner too), whole where it can be: in regular type when
 * bold does not fit, and with `maxLines` 2 on two lines (the shape before the first), the chip
 * growing downwards from where a one-line chip would be; cut only what still does not fit. `x` is
 * the chip's centre, left or right edge by `align`. Returns the chip's width and height.
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
  maxLines = 1,
): { width: number; height: number } {
  const colour = colourOf(players, seat);
  const swatch = PLAYER_HEX[colour];
  const markR = size * 0.44;
  const full = players[seat]?.name ?? `#${seat + 1}`;
  const oneLine = { paddingX: Math.round(size * 0.42), icon: Math.round(markR * 2 + size * 0.3) };
  const fitsOneLine = textWidth(ctx, full, size, 'bold') + 2 * oneLine.paddingX + oneLine.icon <= maxWidth;
  // Two lines leave less padding: the first line's room after the shape, the second's the chip's.
  const { paddingX, icon } = fitsOneLine || maxLines < 2 ? oneLine : { paddingX: Math.round(size * 0.3), icon: Math.round(markR * 2 + 5) };
  const setting = setName(ctx, full, { size, maxWidth: [maxWidth - 2 * paddingX - icon, maxWidth - 2 * paddingX], maxLines });
  const height = Math.round(size * 1.55);
  if (setting.lines.length === 1) {
    const name = setting.lines[0] as string;
    const box = drawChip(ctx, name, x, cy, {
      size: setting.size,
      weight: setting.weight,
      fill: swatch.fill,
      ink: swatch.ink,
      border: OUTLINE,
      align,
      height,
      paddingX,
      iconWidth: icon,
    });
    drawPlayerMark(ctx, colour, box.x + paddingX + markR, cy, markR);
    return { width: box.width, height: box.height };
  }
  const [first, second] = setting.lines as [string, string];
  const lineHeight = size + 4;
  const width = Math.ceil(
    Math.max(icon + textWidth(ctx, first, setting.size, setting.weight), textWidth(ctx, second, setting.size, setting.weight)) + 2 * paddingX,
  );
  const tall = height + lineHeight;
  const left = align === 'center' ? x - width / 2 : align === 'right' ? x - width : x;
  const top = cy - height / 2;
  drawRoundRect(ctx, left, top, width, tall, height / 2, { fill: swatch.fill, stroke: OUTLINE, lineWidth: 2 });
  drawPlayerMark(ctx, colour, left + paddingX + markR, cy, markR);
  drawText(ctx, first, left + paddingX + icon, cy + 1, { size: setting.size, weight: setting.weight, colour: swatch.ink });
  drawText(ctx, second, left + paddingX, cy + 1 + lineHeight, { size: setting.size, weight: setting.weight, colour: swatch.ink });
  return { width, height: tall };
}
