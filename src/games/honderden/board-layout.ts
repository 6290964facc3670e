import type { CanvasRenderingContext2D } from 'canvas';

/**
 * The Honderden board's geometry and colours, shared by its parts (board-*.ts): a header, the felt
 * with three columns (trump and stock, the trick, the last trick), then one row per player.
 */

export type Ctx = CanvasRenderingContext2D;

export const WIDTH = 1200;
export const HEADER_H = 64;
export const MARGIN = 16;
export const TABLE_TOP = HEADER_H + 12;
export const TABLE_H = 384;
/** Where the columns' contents start, below the felt's rim. */
export const FELT_TOP = TABLE_TOP + 20;
export const ROWS_TOP = TABLE_TOP + TABLE_H + 12;
export const ROW_H = 112;
export const ROW_GAP = 8;

/** Columns on the felt. */
export const LEFT = { x: 32, w: 250 };
export const MIDDLE = { x: 300, w: 600 };
export const RIGHT = { x: 918, w: 250 };

/** Two rows (1200 × 720) and three (1200 × 840): landscape either way. */
export function boardHeight(seats: number): number {
  return ROWS_TOP + seats * ROW_H + (seats - 1) * ROW_GAP + 16;
}

export const COLOURS = {
  page: '#0d1a14',
  header: '#07100c',
  felt: '#1d6b45',
  feltDark: '#155536',
  feltLine: '#2f8a5e',
  text: '#f4f1e6',
  textDim: '#b7c9bd',
  gold: '#f2c94c',
  ink: '#1c140d',
  row: '#16271f',
  rowAlt: '#13221b',
  cardFace: '#fcfaf2',
  back: '#8e2430',
  backDark: '#5e1620',
  slot: 'rgba(255,255,255,0.16)',
  /**
   * What changed in the last step (the card just played, the trick just won, roem just said, cards
   * just drawn): light sky blue, which stays apart from the gold of "to act" for every common
   * colour blindness (blue against yellow survives protanopia and deuteranopia).
   */
  fresh: '#86dcff',
  freshFill: 'rgba(134,220,255,0.16)',
} as const;
