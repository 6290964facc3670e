/**
 * Text that must fit without getting small: the board's texts are cut or wrapped, never shrunk
 * below their size, so that nothing that matters drops under 22 px (see src/render/text-role.ts).
 */
import type { CanvasRenderingContext2D } from 'canvas';
import { textWidth } from '../../render/index.js';

type Ctx = CanvasRenderingContext2D;
type Weight = 'normal' | 'bold';

/** `text` cut with an ellipsis to fit `maxWidth` at this size. */
export function cutToWidth(ctx: Ctx, text: string, size: number, maxWidth: number, weight: Weight = 'bold'): string {
  if (textWidth(ctx, text, size, weight) <= maxWidth) return text;
  const chars = [...text];
  while (chars.length > 1 && textWidth(ctx, chars.join('').trimEnd() + '…', size, weight) > maxWidth) chars.pop();
  return chars.join('').trimEnd() + '…';
}

/**
 * `text` in lines of at most `maxWidth`, broken between words, at the largest size from `size`
 * down to `minSize` that needs no more than `maxLines`; the last line is cut if even that is not
 * enough.
 */
export function wrapText(
  ctx: Ctx,
  text: string,
  size: number,
  minSize: number,
  maxWidth: number,
  maxLines: number,
  weight: Weight = 'bold',
): { lines: string[]; size: number } {
  const words = text.split(/\s+/).filter(Boolean);
  for (let s = size; ; s--) {
    const lines: string[] = [];
    for (const word of words) {
      const last = lines.at(-1);
      if (last !== undefined && textWidth(ctx, `${last} ${word}`, s, weight) <= maxWidth) lines[lines.length - 1] = `${last} ${word}`;
      else lines.push(word);
    }
    if (lines.length <= maxLines || s <= minSize) {
      const kept = lines.slice(0, maxLines);
      if (lines.length > maxLines) kept[maxLines - 1] = `${kept[maxLines - 1] ?? ''} ${lines.slice(maxLines).join(' ')}`;
      return { lines: kept.map((line) => cutToWidth(ctx, line, s, maxWidth, weight)), size: s };
    }
  }
}
