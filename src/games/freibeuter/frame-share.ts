/** For tests of Freibeuter's board (its unit tests and the e2e game): how much of a field's frame is drawn in a colour. */
import { createCanvas, loadImage } from 'canvas';
import { FIELD, fieldCentre } from './board-layout.js';

/** The share of the pixels on a field's frame (where the board frames a played field) in the colour given. */
export async function frameShare(png: Buffer, field: number, hex: string): Promise<number> {
  const image = await loadImage(png);
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, 0, 0);
  const { x, y } = fieldCentre(field);
  const half = FIELD / 2 - 4;
  const want = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  let hits = 0;
  let all = 0;
  for (let d = -half + 8; d <= half - 8; d += 2) {
    for (const [px, py] of [
      [x - half, y + d],
      [x + half, y + d],
      [x + d, y - half],
      [x + d, y + half],
    ] as const) {
      const pixel = ctx.getImageData(Math.round(px), Math.round(py), 1, 1).data;
      all++;
      if ([0, 1, 2].reduce((sum, i) => sum + Math.abs((pixel[i] ?? 0) - (want[i] ?? 0)), 0) < 40) hits++;
    }
  }
  return hits / all;
}
