/**
 * Pirates and symbol tiles drawn once per colour (or symbol) and size, then copied: a board holds
 * dozens of them, and copying a small image is much cheaper than filling their paths each time.
 */
import { LayerCache, drawPawn, drawPlayerMark, drawSymbol, pawnWidth, type PlayerColour } from '../../render/index.js';
import type { CartagenaSymbol } from './rules.js';
import type { Ctx } from './board-layout.js';

const sprites = new LayerCache(64);

/**
 * Where a pirate's shape sits on his body and how large, as shares of his height: as wide as the
 * body allows (a 40 px pirate's shape is some 19 px across, 9 px in the chat; it was 6 px).
 */
export const PIRATE_MARK = { y: 0.3, r: 0.22 } as const;

/** Room around a sprite for its outline. */
const MARGIN = 4;

/**
 * A pirate: the shared pawn, with its colour's shape drawn over most of its body (PIRATE_MARK), so
 * that the shape, which tells players apart without their colours, still reads when Discord shows
 * the board at 550 px. Its base is centred on (cx, baseY).
 */
export function drawPirate(ctx: Ctx, cx: number, baseY: number, height: number, colour: PlayerColour): void {
  const w = Math.ceil(pawnWidth(height)) + 2 * MARGIN;
  const h = Math.ceil(height) + 2 * MARGIN;
  const sprite = sprites.get(`pirate:${colour}:${height}`, w, h, (s) => {
    drawPawn(s, w / 2, h - MARGIN, height, colour);
    drawPlayerMark(s, colour, w / 2, h - MARGIN - height * PIRATE_MARK.y, height * PIRATE_MARK.r);
  });
  // Whole pixels: a sprite copied at a fraction of a pixel would be resampled, and blur.
  ctx.drawImage(sprite, Math.round(cx - w / 2), Math.round(baseY - h + MARGIN));
}

/** A symbol on its coloured tile, centred on (x, y) and `size` across, as drawSymbol draws it. */
export function drawSymbolTile(ctx: Ctx, symbol: CartagenaSymbol, x: number, y: number, size: number): void {
  const side = Math.ceil(size) + 2 * MARGIN;
  const sprite = sprites.get(`symbol:${symbol}:${size}`, side, side, (s) => drawSymbol(s, symbol, side / 2, side / 2, size));
  ctx.drawImage(sprite, Math.round(x - side / 2), Math.round(y - side / 2));
}
