/**
 * The Freibeuter board's measures and colours, where fields and grid points lie, and the one text
 * helper every part uses. At chat size (about 550 px of 1200) a 22 px text is some 10 px high: no
 * text that matters is drawn smaller, and what only helps no smaller than 16 px (see
 * src/render/text-role.ts; render.test.ts measures every text).
 */
import type { CanvasRenderingContext2D } from 'canvas';
import { fitText, font, minTextPx } from '../../render/index.js';
import { POINT_SIZE, SIZE } from './rules.js';

export type Ctx = CanvasRenderingContext2D;

export const WIDTH = 1200;
export const HEIGHT = 880;
export const MARGIN = 18;
export const HEADER_H = 66;
/** The strip holding the coordinates, above and left of the sea. */
export const LABEL = 32;
export const FIELD = 104;
export const SEA_X = MARGIN + LABEL;
export const SEA_Y = HEADER_H + 12 + LABEL;
export const SEA_SIZE = SIZE * FIELD;
/** Token discs on the grid points: wide enough for a value of 30 px and a payment of 22 px. */
export const TOKEN_R = 36;

/** The column right of the sea: a card per player, the piles, and a legend where room is left. */
export const SIDE_X = SEA_X + SEA_SIZE + 22;
export const SIDE_W = WIDTH - MARGIN - SIDE_X;
export const SIDE_TOP = HEADER_H + 12;
export const SIDE_BOTTOM = HEIGHT - MARGIN;
export const GAP = 8;
/** Four cards and the piles fill the column; fewer players leave room for the legend. */
export const INFO_H = 128;
export const CARD_H = Math.floor((SIDE_BOTTOM - SIDE_TOP - INFO_H - 4 * GAP) / 4);

export const COLOURS = {
  page: '#0c1522',
  header: '#070d16',
  seaFrame: '#0a2236',
  water: '#1f6a96',
  waterBorder: '#175478',
  waterLine: '#0b3350',
  wave: 'rgba(200, 235, 255, 0.16)',
  label: '#e9f1f8',
  text: '#f3ecdc',
  textDim: '#b4c0d0',
  gold: '#f2c94c',
  ink: '#1c140d',
  card: '#17212f',
  cardAlt: '#141d2a',
  info: '#111a27',
  coin: '#f2c94c',
  coinDark: '#a37a12',
  token: '#f6eed8',
  /** The tag with a ship's number. */
  tag: '#0c1522',
  tagEdge: '#e9f1f8',
  pay: '#5a4a38',
  pirate: '#f2c94c',
  double: '#2a1838',
  danger: '#ff7a66',
  dangerFill: '#b3261e',
  gain: '#7ee0a1',
  ghost: '#cfeedd',
  ghostHull: '#2e4440',
  point: 'rgba(6, 28, 44, 0.55)',
  /** What the last turn changed: white reads on the sea and on every player colour. */
  changed: '#ffffff',
} as const;

/** Where a field's centre is. */
export function fieldCentre(field: number): { x: number; y: number } {
  const row = Math.floor(field / SIZE);
  const col = field % SIZE;
  return { x: SEA_X + col * FIELD + FIELD / 2, y: SEA_Y + row * FIELD + FIELD / 2 };
}

/** A boat as drawn: its centre and width (its outline lies within w × 0.92w around the centre, 3 px low). */
export interface BoatPlace {
  x: number;
  y: number;
  w: number;
}

/**
 * Where the boats of a field lie: in the middle of the field, clear of the four tokens on its
 * corners (their discs, rings and tags), so that who sits where is never hidden under a token and
 * no ship's number or value under a boat. One boat sits alone and larger; two side by side, their
 * hulls just touching.
 */
export function boatPlaces(field: number, count: number): BoatPlace[] {
  const { x, y } = fieldCentre(field);
  if (count <= 0) return [];
  if (count === 1) return [{ x, y: y + 3, w: 56 }];
  return [
    { x: x - 16, y: y + 3, w: 36 },
    { x: x + 16, y: y + 3, w: 36 },
  ];
}

/** Where a grid point is: between rows r, r+1 and columns c, c+1. */
export function pointCentre(point: number): { x: number; y: number } {
  const row = Math.floor(point / POINT_SIZE);
  const col = point % POINT_SIZE;
  return { x: SEA_X + (col + 1) * FIELD, y: SEA_Y + (row + 1) * FIELD };
}

export interface LabelStyle {
  size: number;
  colour: string;
  weight?: 'normal' | 'bold';
  align?: 'left' | 'center' | 'right';
  maxWidth?: number;
  /** The size it may shrink to before it is cut: the least its role allows unless told (minTextPx). */
  minSize?: number;
}

/**
 * Text that fits `maxWidth`: drawn smaller when it must, but never under `minSize` or the least
 * size of its role; what still does not fit is cut with an ellipsis.
 * Returns the drawn width.
 */
export function drawLabel(ctx: Ctx, text: string, x: number, y: number, style: LabelStyle): number {
  const weight = style.weight ?? 'bold';
  ctx.save();
  ctx.font = font(style.size, weight);
  // One measure for the common case: a board draws some sixty texts, and each measure costs.
  let width = ctx.measureText(text).width;
  let shown = text;
  if (style.maxWidth !== undefined && width > style.maxWidth) {
    const size = Math.max(style.minSize ?? Math.min(style.size, minTextPx()), Math.floor(style.size * (style.maxWidth / width) * 10) / 10);
    ctx.font = font(size, weight);
    shown = fitText(ctx, text, style.maxWidth);
    width = ctx.measureText(shown).width;
  }
  ctx.textAlign = style.align ?? 'left';
  ctx.textBaseline = 'middle';
  ctx.fillStyle = style.colour;
  ctx.fillText(shown, x, y);
  ctx.restore();
  return width;
}
