/**
 * Test support: the sizes of all text a board drawing writes, as it lands on the image (the font
 * size times the drawing's scale), with every layer cache emptied first so that cached layers are
 * drawn and measured too. Render tests use it to keep text legible at chat size.
 */
import { CanvasRenderingContext2D } from 'canvas';
import { LayerCache } from './layer-cache.js';

export interface DrawnText {
  text: string;
  /** Pixel size on the canvas it was drawn on. */
  size: number;
}

/** Runs `draw` and returns every text it wrote with fillText, in order. */
export async function textDrawnBy(draw: () => Promise<unknown> | unknown): Promise<DrawnText[]> {
  LayerCache.clearAll();
  const drawn: DrawnText[] = [];
  const prototype = CanvasRenderingContext2D.prototype;
  const fillText = prototype.fillText;
  prototype.fillText = function (this: CanvasRenderingContext2D, text: string, x: number, y: number, maxWidth?: number) {
    const px = Number(/(\d+(?:\.\d+)?)px/.exec(this.font)?.[1] ?? Number.NaN);
    const m = this.getTransform();
    drawn.push({ text, size: px * Math.sqrt(Math.abs(m.a * m.d - m.b * m.c)) });
    return maxWidth === undefined ? fillText.call(this, text, x, y) : fillText.call(this, text, x, y, maxWidth);
  };
  try {
    await draw();
  } finally {
    prototype.fillText = fillText;
  }
  return drawn;
}
