/**
 * Test support: the sizes of all text a board drawing writes, as it lands on the image (the font
 * size times the drawing's scale), with every layer cache emptied first so that cached layers are
 * drawn and measured too, and whether the renderer declared it secondary (see text-role.ts).
 * Render tests use it to keep text legible at chat size.
 */
import { Canvas, CanvasRenderingContext2D } from 'canvas';
import { LayerCache } from './layer-cache.js';
import { IMPORTANT_PX, SECONDARY_KINDS, SECONDARY_PX, secondaryKind, type SecondaryKind } from './text-role.js';

export { IMPORTANT_PX, SECONDARY_PX };

export interface DrawnText {
  text: string;
  /** Pixel size on the board: on the canvas it was drawn on, times the scale a layer was copied at. */
  size: number;
  /** The kind of secondary text it was declared as, or null: important. */
  secondary: SecondaryKind | null;
}

/** Runs `draw` and returns every text it wrote with fillText, in order. */
export async function textDrawnBy(draw: () => unknown): Promise<DrawnText[]> {
  LayerCache.clearAll();
  const drawn: DrawnText[] = [];
  /**
   * What was written on each canvas, with the scale from the canvas it was written on, so that a
   * layer copied smaller (also inside another layer) shrinks its texts on the board.
   */
  const onCanvas = new Map<Canvas, { entry: DrawnText; own: number; factor: number }[]>();
  const prototype = CanvasRenderingContext2D.prototype;
  // eslint-disable-next-line @typescript-eslint/unbound-method -- called with .call(this) below, never unbound
  const { fillText, drawImage } = prototype;
  const scaleOf = (ctx: CanvasRenderingContext2D) => {
    const m = ctx.getTransform();
    return Math.sqrt(Math.abs(m.a * m.d - m.b * m.c));
  };
  const written = (canvas: Canvas) => {
    const list = onCanvas.get(canvas) ?? [];
    onCanvas.set(canvas, list);
    return list;
  };
  prototype.fillText = function (this: CanvasRenderingContext2D, text: string, x: number, y: number, maxWidth?: number) {
    const px = Number(/(\d+(?:\.\d+)?)px/.exec(this.font)?.[1] ?? Number.NaN);
    // A maxWidth narrower than the text squeezes the glyphs: count that as drawing it smaller.
    const width = maxWidth === undefined ? 0 : this.measureText(text).width;
    const squeeze = maxWidth !== undefined && width > maxWidth ? maxWidth / width : 1;
    const entry = { text, size: px * scaleOf(this) * squeeze, secondary: secondaryKind() };
    drawn.push(entry);
    written(this.canvas).push({ entry, own: entry.size, factor: 1 });
    return maxWidth === undefined ? fillText.call(this, text, x, y) : fillText.call(this, text, x, y, maxWidth);
  };
  prototype.drawImage = function (this: CanvasRenderingContext2D, ...args: unknown[]) {
    const source = args[0];
    if (source instanceof Canvas && source.width > 0 && onCanvas.has(source)) {
      // drawImage(image, dx, dy), (image, dx, dy, dw, dh) or (image, sx, sy, sw, sh, dx, dy, dw, dh).
      const ratio = args.length === 5 ? (args[3] as number) / source.width : args.length === 9 ? (args[7] as number) / (args[3] as number) : 1;
      const scale = ratio * scaleOf(this);
      const target = written(this.canvas);
      for (const { entry, own, factor } of onCanvas.get(source) ?? []) {
        entry.size = Math.min(entry.size, own * factor * scale);
        target.push({ entry, own, factor: factor * scale });
      }
    }
    return (drawImage as (...a: unknown[]) => void).apply(this, args);
  };
  try {
    await draw();
  } finally {
    prototype.fillText = fillText;
    prototype.drawImage = drawImage;
  }
  return drawn;
}

/** Sizes are taken as on a board this wide (shown about 550 px wide in a chat). */
export const BOARD_WIDTH = 1200;

export interface LegibilityRules {
  /** The board's height may be at most this share of its width (1: wider than tall). */
  maxHeightShare?: number;
  /** The kinds of secondary text this game may draw; any other kind declared is a problem. */
  secondary?: readonly SecondaryKind[];
  /**
   * The players' names: each must appear in some important text (or two drawn one after the
   * other, a name on two lines), whole or cut after at least NAME_KEPT characters (never "Bram"
   * for "Bot Bram"); elsewhere a name may be cut shorter.
   */
  names?: readonly string[];
  /** Texts that end in "…" by their wording ("Choosing…"): any other text ending so was cut. */
  ellipsisAllowed?: readonly string[];
}

export interface Legibility {
  png: Buffer;
  drawn: DrawnText[];
  /** What breaks the rules, in words ("… is not landscape", "\"JAS\" at 9.0 px"); empty when none. */
  problems: string[];
}

/**
 * Draws a board and says what in it would be hard to read in a chat: important text under
 * IMPORTANT_PX, secondary text under SECONDARY_PX (both taken on a board BOARD_WIDTH wide),
 * secondary text of a kind the game does not list, text cut with "…", a name never drawn (nearly)
 * whole at the important size, and a height above `maxHeightShare` of the width.
 */
export async function legibilityOf(render: () => Promise<Buffer>, rules: LegibilityRules = {}): Promise<Legibility> {
  let png: Buffer = Buffer.alloc(0);
  const drawn = await textDrawnBy(async () => {
    png = await render();
  });
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const problems: string[] = [];
  if (!(height < width * (rules.maxHeightShare ?? 1))) problems.push(`${width} × ${height} is not landscape enough`);
  const atWidth = (text: DrawnText) => (text.size * BOARD_WIDTH) / width;
  for (const text of drawn) {
    const size = atWidth(text);
    if (text.secondary === null) {
      if (!(size >= IMPORTANT_PX)) problems.push(`"${text.text}" at ${size.toFixed(1)} px`);
    } else {
      if (!(text.secondary in SECONDARY_KINDS) || !(rules.secondary ?? []).includes(text.secondary))
        problems.push(`"${text.text}" declared ${text.secondary}, which this board does not list`);
      if (!(size >= SECONDARY_PX)) problems.push(`"${text.text}" (${text.secondary}) at ${size.toFixed(1)} px`);
    }
    if (isCut(text.text, rules)) problems.push(`"${text.text}" is cut`);
  }
  // A long name may be drawn on two lines: two texts drawn one after the other count as one.
  const large = drawn.map((text) => (text.secondary === null && atWidth(text) >= IMPORTANT_PX ? text.text : null));
  const candidates = large.flatMap((text, i) => (text === null ? [] : [text, ...(large[i + 1] ? [`${text} ${large[i + 1]}`] : [])]));
  for (const name of rules.names ?? []) {
    if (!candidates.some((text) => showsName(text, name))) problems.push(`the name "${name}" is never drawn at ${IMPORTANT_PX} px`);
  }
  return { png, drawn, problems };
}

/**
 * Whether a text was cut with "…": not when it is worded so, nor when the cut falls inside a
 * player's name (a long name may be shortened where room is short, if drawn whole elsewhere).
 */
function isCut(text: string, rules: LegibilityRules): boolean {
  const trimmed = text.trim();
  if (!trimmed.endsWith('…') || (rules.ellipsisAllowed ?? []).includes(trimmed)) return false;
  const stem = trimmed.slice(0, -1).trimEnd();
  return !(rules.names ?? []).some((name) => {
    const chars = [...name];
    for (let k = 2; k < chars.length; k++) if (stem.endsWith(chars.slice(0, k).join('').trimEnd())) return true;
    // The second line of a name on two lines, cut: at least four characters from inside the name.
    const tail = [...stem].slice(-Math.min(chars.length - 1, 12)).join('');
    for (let k = tail.length; k >= 4; k--) {
      const part = tail.slice(-k);
      const at = name.indexOf(part);
      if (at > 0 && at + part.length < name.length) return true;
    }
    return false;
  });
}

/** A long name may be cut, but keeps at least this many characters where it is drawn largest. */
export const NAME_KEPT = 12;

/** Whether `text` shows `name` whole, or cut with "…" after at least NAME_KEPT characters. */
function showsName(text: string, name: string): boolean {
  if (text.includes(name)) return true;
  const chars = [...name];
  for (let k = chars.length - 1; k >= NAME_KEPT; k--) if (text.includes(`${chars.slice(0, k).join('').trimEnd()}…`)) return true;
  return false;
}
