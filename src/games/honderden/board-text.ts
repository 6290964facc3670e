import { drawText, textWidth } from '../../render/index.js';
import type { Ctx } from './board-layout.js';

/** Text that fits its place at a size that can still be read in Discord's preview. */

/**
 * Text shrunk (down to `minSize`) before it is cut to fit `maxWidth`; never below `minSize`.
 * Width grows with the size, so one measurement gives the size that fits (text is measured
 * sparingly: it is much of a board's drawing time).
 */
export function drawFitted(
  ctx: Ctx,
  text: string,
  x: number,
  y: number,
  maxWidth: number,
  style: { size: number; minSize: number; weight?: 'bold' | 'normal'; colour: string; align?: 'left' | 'center' | 'right'; halo?: string },
): number {
  const weight = style.weight ?? 'normal';
  const { minSize: _, ...rest } = style;
  const width = textWidth(ctx, text, style.size, weight);
  if (width <= maxWidth) return drawText(ctx, text, x, y, rest);
  // A hair under the proportional size: hinting keeps width from scaling exactly.
  const size = Math.max(style.minSize, Math.floor(style.size * (maxWidth / width) * 0.99 * 10) / 10);
  // Cut rather than shrunk further (drawText would shrink to 3/4 of the size given).
  const shown = size > style.minSize ? text : cutToFit(ctx, text, size, weight, maxWidth);
  return drawText(ctx, shown, x, y, { ...rest, size });
}

/** `text` cut with an ellipsis to fit `maxWidth` at this size. */
function cutToFit(ctx: Ctx, text: string, size: number, weight: 'bold' | 'normal', maxWidth: number): string {
  if (textWidth(ctx, text, size, weight) <= maxWidth) return text;
  const chars = [...text];
  let low = 1;
  let high = chars.length - 1;
  const cut = (n: number) => `${chars.slice(0, n).join('').trimEnd()}…`;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (textWidth(ctx, cut(mid), size, weight) <= maxWidth) low = mid;
    else high = mid - 1;
  }
  return cut(low);
}

/**
 * Text broken into lines at spaces to fit `maxWidth` (at most `maxLines`, the last one fitted),
 * centred on cx from the first line's middle at y. Returns the lines drawn.
 */
export function drawWrapped(
  ctx: Ctx,
  text: string,
  cx: number,
  y: number,
  maxWidth: number,
  style: { size: number; minSize: number; lineHeight: number; maxLines: number; weight?: 'bold' | 'normal'; colour: string },
): number {
  const weight = style.weight ?? 'normal';
  const lines: string[] = [];
  // "trump led: trump if able" breaks best after its colon.
  const colon = text.indexOf(': ');
  if (style.maxLines >= 2 && colon > 0 && textWidth(ctx, text, style.size, weight) > maxWidth) {
    const parts = [text.slice(0, colon + 1), text.slice(colon + 2)];
    if (parts.every((part) => textWidth(ctx, part, style.size, weight) <= maxWidth)) {
      parts.forEach((part, i) =>
        drawFitted(ctx, part, cx, y + i * style.lineHeight, maxWidth, {
          size: style.size,
          minSize: style.minSize,
          weight,
          colour: style.colour,
          align: 'center',
        }),
      );
      return 2;
    }
  }
  let line = '';
  for (const word of text.split(' ')) {
    const next = line === '' ? word : `${line} ${word}`;
    if (line !== '' && textWidth(ctx, next, style.size, weight) > maxWidth && lines.length < style.maxLines - 1) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  lines.push(line);
  lines.forEach((l, i) =>
    drawFitted(ctx, l, cx, y + i * style.lineHeight, maxWidth, { size: style.size, minSize: style.minSize, weight, colour: style.colour, align: 'center' }),
  );
  return lines.length;
}
