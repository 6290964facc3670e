/** Text helpers: legible text on busy backgrounds, names that fit, labelled chips. */
import type { CanvasRenderingContext2D } from 'canvas';
import { font } from './fonts.js';
import { drawRoundRect } from './shapes.js';
import { minTextPx } from './text-role.js';

/** `text` cut with an ellipsis so that it fits in maxWidth with the context's current font. */
export function fitText(ctx: CanvasRenderingContext2D, text: string, maxWidth: number): string {
  if (ctx.measureText(text).width <= maxWidth) return text;
  const chars = [...text]; // by code point, so surrogate pairs are never split
  let low = 0;
  let high = chars.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (ctx.measureText(chars.slice(0, mid).join('').trimEnd() + '…').width <= maxWidth) low = mid;
    else high = mid - 1;
  }
  return chars.slice(0, low).join('').trimEnd() + '…';
}

export interface TextStyle {
  size: number;
  weight?: 'normal' | 'bold';
  colour: string;
  /** Colour of the outline drawn around the glyphs; none when omitted. */
  halo?: string;
  haloWidth?: number;
  align?: 'left' | 'center' | 'right';
  baseline?: 'top' | 'middle' | 'alphabetic' | 'bottom';
  /**
   * Text wider than this is first drawn smaller (down to 3/4 of its size, never under the least
   * size of its role: see text-role.ts), then cut with an ellipsis.
   */
  maxWidth?: number;
}

/** The smallest share of its size a text is shrunk to before it is cut. */
const MIN_SHRINK = 0.75;

/**
 * Draws text with an optional halo (a wide round-joined stroke under the fill) so it stays
 * readable on any background. Returns the drawn width.
 */
export function drawText(ctx: CanvasRenderingContext2D, text: string, x: number, y: number, style: TextStyle): number {
  ctx.save();
  let size = style.size;
  ctx.font = font(size, style.weight ?? 'normal');
  if (style.maxWidth !== undefined) {
    // Slightly smaller type reads better than a cut word (other languages run longer).
    const width = ctx.measureText(text).width;
    if (width > style.maxWidth) {
      const floor = Math.max(style.size * MIN_SHRINK, Math.min(style.size, minTextPx()));
      size = Math.max(floor, Math.floor(style.size * (style.maxWidth / width) * 10) / 10);
      ctx.font = font(size, style.weight ?? 'normal');
    }
  }
  ctx.textAlign = style.align ?? 'left';
  ctx.textBaseline = style.baseline ?? 'middle';
  const shown = style.maxWidth === undefined ? text : fitText(ctx, text, style.maxWidth);
  if (style.halo) {
    ctx.lineJoin = 'round';
    ctx.miterLimit = 2;
    ctx.strokeStyle = style.halo;
    ctx.lineWidth = style.haloWidth ?? Math.max(3, size * 0.22);
    ctx.strokeText(shown, x, y);
  }
  ctx.fillStyle = style.colour;
  ctx.fillText(shown, x, y);
  const width = ctx.measureText(shown).width;
  ctx.restore();
  return width;
}

/** Width of `text` in our font at the given size. */
export function textWidth(ctx: CanvasRenderingContext2D, text: string, size: number, weight: 'normal' | 'bold' = 'normal'): number {
  ctx.save();
  ctx.font = font(size, weight);
  const width = ctx.measureText(text).width;
  ctx.restore();
  return width;
}

export interface ChipStyle {
  size: number;
  weight?: 'normal' | 'bold';
  fill: string;
  ink: string;
  border?: string;
  borderWidth?: number;
  height?: number;
  paddingX?: number;
  /** Space reserved on the left for an icon drawn by the caller. */
  iconWidth?: number;
  align?: 'left' | 'center' | 'right';
}

/**
 * A pill-shaped label centred vertically on cy; x is its left edge, centre or right edge by
 * `align`. Returns the chip's box, so callers can place an icon in the reserved space.
 */
export function drawChip(
  ctx: CanvasRenderingContext2D,
  text: string,
  x: number,
  cy: number,
  style: ChipStyle,
): { x: number; y: number; width: number; height: number } {
  const height = style.height ?? Math.round(style.size * 1.7);
  const paddingX = style.paddingX ?? Math.round(height * 0.45);
  const icon = style.iconWidth ?? 0;
  const width = Math.ceil(textWidth(ctx, text, style.size, style.weight ?? 'bold') + paddingX * 2 + icon);
  const left = style.align === 'center' ? x - width / 2 : style.align === 'right' ? x - width : x;
  const top = cy - height / 2;
  drawRoundRect(ctx, left, top, width, height, height / 2, {
    fill: style.fill,
    ...(style.border ? { stroke: style.border, lineWidth: style.borderWidth ?? 2 } : {}),
  });
  drawText(ctx, text, left + paddingX + icon, cy + 1, {
    size: style.size,
    weight: style.weight ?? 'bold',
    colour: style.ink,
  });
  return { x: left, y: top, width, height };
}

/** A name cut to `max` characters (whole code points) with an ellipsis, for chips and banners. */
export function shortName(name: string, max: number): string {
  const chars = [...name];
  return chars.length <= max
    ? name
    : `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;
}
