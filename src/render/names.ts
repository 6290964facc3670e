/**
 * Players' names in tight places. A name is drawn whole wherever it can be: smaller, down to the
 * least size of its role (text-role.ts); in regular type, which runs narrower, rather than bold;
 * on two lines split at a space where the place has room for them. Only then is it cut, at its
 * end, so that its start stays recognisable. A board never writes a bot's given name alone ("Bram"
 * for "Bot Bram"): places are made wide enough for a bot's name, which is short.
 */
import type { CanvasRenderingContext2D } from 'canvas';
import { minTextPx } from './text-role.js';
import { drawText, textWidth } from './text.js';
import { graphemesOf } from '../text-fit.js';

type Ctx = CanvasRenderingContext2D;
type Weight = 'bold' | 'normal';

/** How a name is set: its lines (a cut one ends in "…"), their size and weight. */
export interface NameSetting {
  lines: string[];
  size: number;
  weight: Weight;
}

export interface NameRoom {
  /** The size the name has where it fits. */
  size: number;
  /** Bold by default; a bold name that does not fit is set in regular type before it is cut. */
  weight?: Weight;
  /** The room of each line (a mark before the first line may leave it less); one number for all lines. */
  maxWidth: number | readonly number[];
  /** At most this many lines (1 or 2); 1 when omitted. */
  maxLines?: number;
}

/**
 * How `name` is set to fit its room: on one line, bold at `size` or smaller (never under the
 * least size of the text's role), then in regular type; then on two lines at that least size, bold
 * then regular, split where the lines fit best; then cut with "…": the second line, when the first
 * holds a word or more, else the one line.
 */
export function setName(ctx: Ctx, name: string, room: NameRoom): NameSetting {
  const weights: Weight[] = (room.weight ?? 'bold') === 'bold' ? ['bold', 'normal'] : ['normal'];
  const min = Math.min(room.size, minTextPx());
  const width = (line: number) => (typeof room.maxWidth === 'number' ? room.maxWidth : (room.maxWidth[Math.min(line, room.maxWidth.length - 1)] ?? 0));
  for (const weight of weights) {
    const full = textWidth(ctx, name, room.size, weight);
    if (full <= width(0)) return { lines: [name], size: room.size, weight };
    // A hair under the proportional size: hinting keeps width from scaling exactly.
    const size = Math.floor(room.size * (width(0) / full) * 0.99 * 10) / 10;
    if (size >= min && textWidth(ctx, name, size, weight) <= width(0)) return { lines: [name], size, weight };
  }
  const breaks = (room.maxLines ?? 1) >= 2 ? [...name.matchAll(/ +/g)].map((m) => ({ at: m.index, after: m.index + m[0].length })) : [];
  const split = (b: { at: number; after: number }) => [name.slice(0, b.at), name.slice(b.after)] as const;
  for (const weight of weights) {
    let best: { lines: readonly [string, string]; worst: number } | null = null;
    for (const b of breaks) {
      const lines = split(b);
      const worst = Math.max(textWidth(ctx, lines[0], min, weight) / width(0), textWidth(ctx, lines[1], min, weight) / width(1));
      if (worst <= 1 && (best === null || worst < best.worst)) best = { lines, worst };
    }
    if (best) return { lines: [...best.lines], size: min, weight };
  }
  const weight = weights.at(-1) as Weight;
  // The longest first line that fits, the rest cut on the second.
  const first = breaks
    .map(split)
    .filter(([line]) => textWidth(ctx, line, min, weight) <= width(0))
    .at(-1);
  if (first) return { lines: [first[0], cutName(ctx, first[1], min, weight, width(1))], size: min, weight };
  return { lines: [cutName(ctx, name, min, weight, width(0))], size: min, weight };
}

/** `text` cut at its end with "…" to fit `maxWidth` (between graphemes, so no flag or emoji is split). */
export function cutName(ctx: Ctx, text: string, size: number, weight: Weight, maxWidth: number): string {
  if (textWidth(ctx, text, size, weight) <= maxWidth) return text;
  const chars = graphemesOf(text);
  const cut = (n: number) => `${chars.slice(0, n).join('').trimEnd()}…`;
  let low = 1;
  let high = chars.length - 1;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (textWidth(ctx, cut(mid), size, weight) <= maxWidth) low = mid;
    else high = mid - 1;
  }
  return cut(low);
}

/** The widest line of a setting. */
export function settingWidth(ctx: Ctx, setting: NameSetting): number {
  return Math.max(...setting.lines.map((line) => textWidth(ctx, line, setting.size, setting.weight)));
}

/**
 * Draws a setting's lines one under the other, the first centred vertically on y (its middle
 * baseline); returns the widest line's width.
 */
export function drawNameLines(
  ctx: Ctx,
  setting: NameSetting,
  x: number,
  y: number,
  style: { colour: string; lineHeight: number; align?: 'left' | 'center' | 'right'; halo?: string },
): number {
  let widest = 0;
  setting.lines.forEach((line, i) => {
    const width = drawText(ctx, line, x, y + i * style.lineHeight, {
      size: setting.size,
      weight: setting.weight,
      colour: style.colour,
      ...(style.align ? { align: style.align } : {}),
      ...(style.halo ? { halo: style.halo } : {}),
    });
    widest = Math.max(widest, width);
  });
  return widest;
}
