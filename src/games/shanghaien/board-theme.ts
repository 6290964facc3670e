/**
 * The Shanghaien board's colours and the grid every part of it lines up on: a side column on the
 * left (the players' panels beside the tavern, the crews' names below it) and six card columns
 * (the tavern cards, the cards of the last distribution, the crews' nationalities).
 */
import type { CanvasRenderingContext2D } from 'canvas';
import { drawText, fitText, font, minTextPx, textWidth, type TextStyle } from '../../render/index.js';
import type { Nation } from './rules.js';

export type Ctx = CanvasRenderingContext2D;

export const WIDTH = 1200;
export const MARGIN = 20;
/** Sections are boxes from x = EDGE to WIDTH - EDGE, with GAP between them. */
export const EDGE = 8;
export const GAP = 8;

/** The side column: each player's panel beside the row, each crew's name below it. */
export const SIDE_X = MARGIN;
export const SIDE_W = 222;

/** Tavern cards at full size; the six columns start right of the side column. */
export const CARD_W = 146;
export const CARD_H = 184;
export const CARD_GAP = 10;
export const ROW_LEFT = SIDE_X + SIDE_W + 12;
export const ROW_RIGHT = ROW_LEFT + 6 * CARD_W + 5 * CARD_GAP;

/** The left edge of card column i (0..5, left to right as the board shows the row). */
export const slotX = (i: number): number => ROW_LEFT + i * (CARD_W + CARD_GAP);

export const COLOURS = {
  page: '#16110d',
  header: '#0d0a07',
  table: '#3a2a1d',
  tableEdge: '#22180f',
  cream: '#f8f1de',
  text: '#f5efe2',
  textDim: '#bfb2a0',
  strip: '#2a1f17',
  current: '#f8e7b0',
  currentInk: '#1c140d',
  gold: '#f2c94c',
  badge: '#1c140d',
  unnumbered: '#8a8070',
  trick: '#2f2838',
  cell: '#2a1f17',
  cellAlt: '#231a13',
  win: '#5a4418',
  none: '#6f6253',
  /** What the last turn changed: a ring in this colour. */
  fresh: '#ffd84a',
} as const;

export interface NationStyle {
  fill: string;
  ink: string;
}

/** The nationality colours of the rulebook (and purple for the British). */
export const NATION_STYLE: Record<Nation, NationStyle> = {
  american: { fill: '#d63a2f', ink: '#ffffff' },
  french: { fill: '#6cb4ee', ink: '#10202e' },
  german: { fill: '#1f3f8f', ink: '#ffffff' },
  chinese: { fill: '#f2c12e', ink: '#1c140d' },
  dutch: { fill: '#f08a24', ink: '#1c140d' },
  spanish: { fill: '#2f9e4f', ink: '#ffffff' },
  italian: { fill: '#9aa1a8', ink: '#1c140d' },
  british: { fill: '#8047b0', ink: '#ffffff' },
};

/**
 * Text that fits `maxWidth`: drawn smaller when it must, but never under `minSize` nor the least
 * size of its role (22 px, or 16 px for secondary text: src/render/text-role.ts); bold text that
 * still does not fit is drawn in regular type, which runs narrower, before it is cut with an
 * ellipsis.
 */
export function fittedText(ctx: Ctx, text: string, x: number, y: number, style: TextStyle & { maxWidth: number; minSize?: number }): number {
  const min = Math.min(style.size, Math.max(style.minSize ?? 0, minTextPx()));
  const bold = style.weight === 'bold';
  const weight =
    bold && textWidth(ctx, text, min, 'bold') > style.maxWidth && textWidth(ctx, text, min, 'normal') <= style.maxWidth ? 'normal' : (style.weight ?? 'normal');
  const width = textWidth(ctx, text, style.size, weight);
  const size = width <= style.maxWidth ? style.size : Math.max(min, Math.floor(style.size * (style.maxWidth / width) * 10) / 10);
  ctx.save();
  ctx.font = font(size, weight);
  const shown = fitText(ctx, text, style.maxWidth);
  ctx.restore();
  const { maxWidth: _unused, minSize: _min, ...rest } = style;
  return drawText(ctx, shown, x, y, { ...rest, size, weight });
}

/**
 * A player's name centred vertically on cy, on one line if it fits at `size`, else on two (split at
 * a space), each line fitted to `maxWidth`.
 */
export function drawName(ctx: Ctx, name: string, x: number, cy: number, style: { size: number; colour: string; maxWidth: number }): void {
  const text = { size: style.size, weight: 'bold' as const, colour: style.colour, maxWidth: style.maxWidth };
  const words = name.split(' ');
  // One line while it fits at 80 % of the size; a name split in two reads worse than a smaller one.
  if (textWidth(ctx, name, style.size * 0.8, 'bold') <= style.maxWidth || words.length < 2) {
    fittedText(ctx, name, x, cy, text);
    return;
  }
  // As many words as fit on the first line (at least one); the rest on the second, both lines in one size.
  let split = 1;
  while (split < words.length - 1 && textWidth(ctx, words.slice(0, split + 1).join(' '), style.size, 'bold') <= style.maxWidth) split++;
  const lines = [words.slice(0, split).join(' '), words.slice(split).join(' ')];
  const fits = lines.map((line) => style.size * Math.min(1, style.maxWidth / textWidth(ctx, line, style.size, 'bold')));
  const size = Math.max(minTextPx(), Math.floor(Math.min(...fits) * 10) / 10);
  const gap = size * 0.58;
  lines.forEach((line, i) => fittedText(ctx, line, x, cy + (i === 0 ? -gap : gap), { ...text, size }));
}
