/** Canvas creation and PNG encoding, the two ends of every board image. */
import { isMainThread } from 'node:worker_threads';
import { Canvas, createCanvas } from 'canvas';
import { ensureFonts } from './fonts.js';

/**
 * A new transparent canvas, for a layer drawn onto boards; fonts are registered first because
 * canvas ignores fonts registered later.
 */
export function newCanvas(width: number, height: number): Canvas {
  ensureFonts();
  return createCanvas(Math.ceil(width), Math.ceil(height));
}

/**
 * A new canvas for a board image, which covers every pixel: opaque (no alpha channel), so PNG
 * encoding has a quarter fewer bytes to compress and the file is smaller. Its text is
 * anti-aliased in grey, as on a transparent canvas, not in colour fringes.
 */
export function newBoardCanvas(width: number, height: number): Canvas {
  const canvas = newCanvas(width, height);
  canvas.getContext('2d', { pixelFormat: 'RGB24' }).antialias = 'gray';
  return canvas;
}

const PNG_OPTIONS = { compressionLevel: 3, filters: Canvas.PNG_FILTER_NONE } as const;

/**
 * Encodes to PNG, then releases the canvas's pixels (see `release`): the canvas is done with.
 * On the main thread this runs on libuv's thread pool (the callback form of toBuffer), so the
 * event loop stays free; in a board worker it runs right there, so that all of a board's work
 * stays in that low-priority thread. Level 3 without filters: filter selection
 * costs more than it saves on flat board art.
 */
export function encodePng(canvas: Canvas): Promise<Buffer> {
  if (!isMainThread) {
    const png = canvas.toBuffer('image/png', PNG_OPTIONS);
    release(canvas);
    releaseRetired();
    return Promise.resolve(png);
  }
  return new Promise((resolve, reject) => {
    canvas.toBuffer(
      (err, buffer) => {
        release(canvas);
        releaseRetired();
        if (err) reject(err);
        else resolve(buffer);
      },
      'image/png',
      PNG_OPTIONS,
    );
  });
}

/**
 * Frees a finished board's pixels at once (resizing a canvas replaces its surface). V8 does not
 * see this native memory, so a busy board worker would otherwise hold megabytes per board until
 * some later garbage collection. A board canvas is drawn once and encoded once.
 */
function release(canvas: Canvas): void {
  canvas.width = 1;
  canvas.height = 1;
}

/** Canvases no longer needed once the board being drawn is done (evicted cached layers). */
const retired: Canvas[] = [];

/**
 * Marks a canvas as unused from the end of the current board on: its pixels are freed then, not
 * at some later garbage collection (a board may still draw it until it is encoded).
 */
export function retire(canvas: Canvas): void {
  retired.push(canvas);
}

function releaseRetired(): void {
  for (const canvas of retired.splice(0)) release(canvas);
}
