/** The header band of a board: the same start for every game that has one. */
import type { CanvasRenderingContext2D } from 'canvas';
import { drawText } from './text.js';

export interface HeaderBand {
  /** The band spans the board's width, from its top. */
  width: number;
  height: number;
  fill: string;
  /** The game's name, written bold at the band's left. */
  title: string;
  titleSize: number;
  titleColour: string;
}

/** Space before the name, and between the name and what follows it. */
const MARGIN = 24;
const GAP = 18;

/**
 * Fills the band and writes the game's name at its left. Returns where the rest of the header
 * (round, hand, result) starts, and the band's middle height to centre it on.
 */
export function drawHeaderBand(ctx: CanvasRenderingContext2D, band: HeaderBand): { x: number; cy: number } {
  ctx.fillStyle = band.fill;
  ctx.fillRect(0, 0, band.width, band.height);
  const cy = band.height / 2;
  const titleWidth = drawText(ctx, band.title, MARGIN, cy, { size: band.titleSize, weight: 'bold', colour: band.titleColour });
  return { x: MARGIN + titleWidth + GAP, cy };
}
