/** Canvas creation and PNG encoding, the two ends of every board image. */
import { isMainThread } from 'node:worker_threads';
import { Canvas, createCanvas } from 'canvas';
import { ensureFonts } from './fonts.js';

/** A new canvas; fonts are registered first because canvas ignores fonts registered later. */
export function newCanvas(width: number, height: number): Canvas {
  ensureFonts();
  return createCanvas(Math.ceil(width), Math.ceil(height));
}

const PNG_OPTIONS = { compressionLevel: 3, filters: Canvas.PNG_FILTER_NONE } as const;

/**
 * Encodes to PNG. On the main thread this runs on libuv's thread pool (the callback form of
 * toBuffer), so the event loop stays free; in a board worker it runs right there, so that all of
 * a board's work stays in that low-priority thread. Level 3 without filters: filter selection
 * costs more than it saves on flat board art.
 */
export function encodePng(canvas: Canvas): Promise<Buffer> {
  if (!isMainThread) return Promise.resolve(canvas.toBuffer('image/png', PNG_OPTIONS));
  return new Promise((resolve, reject) => {
    canvas.toBuffer(
      (err, buffer) => (err ? reject(err) : resolve(buffer)),
      'image/png',
      PNG_OPTIONS,
    );
  });
}
