/** Canvas creation and PNG encoding, the two ends of every board image. */
import { Canvas, createCanvas } from 'canvas';
import { ensureFonts } from './fonts.js';

/** A new canvas; fonts are registered first because canvas ignores fonts registered later. */
export function newCanvas(width: number, height: number): Canvas {
  ensureFonts();
  return createCanvas(Math.ceil(width), Math.ceil(height));
}

/**
 * Encodes to PNG on libuv's thread pool (the callback form of toBuffer), so the event loop stays
 * free. Level 3 without filters: filter selection costs more than it saves on flat board art.
 */
export function encodePng(canvas: Canvas): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    canvas.toBuffer(
      (err, buffer) => (err ? reject(err) : resolve(buffer)),
      'image/png',
      { compressionLevel: 3, filters: Canvas.PNG_FILTER_NONE },
    );
  });
}
