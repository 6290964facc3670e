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

/** The rules every board keeps at chat size: no text that matters under 14 px at 1200 px wide, and landscape. */
export const MIN_TEXT_PX = 14;

export interface Legibility {
  png: Buffer;
  drawn: DrawnText[];
  /** What breaks the rules, in words ("… is not landscape", "\"JAS\" at 9.0 px"); empty when none. */
  problems: string[];
}

/**
 * Draws a board and says what in it would be hard to read in a chat: text under MIN_TEXT_PX and
 * a height above `maxHeightShare` of the width (1: wider than tall).
 */
export async function legibilityOf(render: () => Promise<Buffer>, maxHeightShare = 1): Promise<Legibility> {
  let png: Buffer = Buffer.alloc(0);
  const drawn = await textDrawnBy(async () => {
    png = await render();
  });
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const problems: string[] = [];
  if (!(height < width * maxHeightShare)) problems.push(`${width} × ${height} is not landscape enough`);
  for (const text of drawn) if (!(text.size >= MIN_TEXT_PX)) problems.push(`"${text.text}" at ${text.size.toFixed(1)} px`);
  return { png, drawn, problems };
}
