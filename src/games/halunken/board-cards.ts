/**
 * The cards on the Halunken board: sailor cards (face up or down) and movement cards. Each look and
 * size is drawn once and then copied, which is far cheaper than redrawing them on every board.
 */
import type { CanvasRenderingContext2D } from 'canvas';
import { LayerCache, OUTLINE, drawRoundRect, drawText, font, shapePath, textWidth } from '../../render/index.js';
import { RUM, type Colour, type MovementCard, type SailorCard } from './cards.js';
import { COLOURS, COLOUR_SHAPE, SAILOR_STYLE } from './board-layout.js';

type Ctx = CanvasRenderingContext2D;

const cardImages = new LayerCache(42 * 3 + 40);

/** The sailor colour's mark, filled: drawn on cards only. */
export function colourMark(ctx: Ctx, colour: Colour, cx: number, cy: number, r: number, fill: string): void {
  shapePath(ctx, COLOUR_SHAPE[colour], cx, cy, r);
  ctx.fillStyle = fill;
  ctx.fill();
}

/** Where a card's value is drawn: its centre from the card's top left, and its size. */
export interface ValuePlace {
  x: number;
  y: number;
  size: number;
}

/** The value of a small card without a mark: centred, as large as the card allows. */
export const centredValue = (w: number, h: number): ValuePlace => ({ x: w / 2, y: h / 2 + 1, size: Math.round(h * 0.58) });

/**
 * A sailor card. Tall cards carry their colour's mark in two corners, small ones one mark under
 * the value, so that no card is told apart by colour alone; `marked` false leaves it off a small
 * card that lies under its colour's badge. `value` places the value elsewhere on a small card
 * without a mark: on the strip a card lying over it leaves in sight.
 */
export function drawSailorCard(ctx: Ctx, card: SailorCard, x: number, y: number, w: number, h: number, value?: ValuePlace, marked = h >= 36): void {
  const place = value ?? (marked ? { x: w / 2, y: h * 0.4, size: Math.round(h * 0.5) } : centredValue(w, h));
  const key = `halunken:card:${card.colour}:${card.value}:${w}x${h}:${place.x},${place.y},${place.size}:${marked}`;
  const image = cardImages.get(key, w + 4, h + 4, (layer) => {
    const style = SAILOR_STYLE[card.colour];
    const big = h >= 60;
    drawRoundRect(layer, 2, 2, w, h, Math.max(3, w * 0.1), { fill: style.fill, stroke: OUTLINE, lineWidth: big ? 3 : 2 });
    if (big) {
      drawRoundRect(layer, 6, 6, w - 8, h - 8, w * 0.07, { stroke: style.light, lineWidth: 2 });
      colourMark(layer, card.colour, 2 + w * 0.22, 2 + h * 0.15, w * 0.08, style.ink);
      colourMark(layer, card.colour, 2 + w * 0.78, 2 + h * 0.85, w * 0.08, style.ink);
      drawText(layer, String(card.value), 2 + w / 2, 2 + h / 2 + 3, { size: Math.round(h * 0.46), weight: 'bold', colour: style.ink, align: 'center' });
      return;
    }
    if (marked) colourMark(layer, card.colour, 2 + place.x, 2 + h - 7, 3.6, style.ink);
    drawText(layer, String(card.value), 2 + place.x, 2 + place.y, { size: place.size, weight: 'bold', colour: style.ink, align: 'center' });
  });
  ctx.drawImage(image, Math.round(x) - 2, Math.round(y) - 2);
}

/** The height of the digits of a value drawn at `size` (bold, middle baseline): above and below its y. */
export function digitsInk(ctx: Ctx, size: number): { above: number; below: number } {
  ctx.save();
  ctx.font = font(size, 'bold');
  ctx.textBaseline = 'middle';
  const m = ctx.measureText('0123456789');
  ctx.restore();
  return { above: m.actualBoundingBoxAscent, below: m.actualBoundingBoxDescent };
}

/** The largest size, up to the one a small card's height gives, at which `value` is no wider than its card. */
export function valueSize(ctx: Ctx, value: number, w: number, h: number): number {
  let size = centredValue(w, h).size;
  while (size > 16 && textWidth(ctx, String(value), size, 'bold') > w) size--;
  return size;
}

/**
 * Small cards in lines, `perLine` to a line, in an area `areaH` high, their values at `size`.
 * Lines that do not fit one under the other overlap: each card then covers the one above it but
 * for a strip at its top, and every value is drawn in that strip, at `size` or smaller (down to
 * `minSize`) where the strips would be too narrow even so. Null when no card height works.
 */
export function cardLines(
  ctx: Ctx,
  count: number,
  perLine: number,
  card: { w: number; h: number; line: number },
  areaH: number,
  size: number,
  minSize: number,
): { h: number; stepY: number; value: ValuePlace } | null {
  const lines = Math.max(1, Math.ceil(count / perLine));
  if ((lines - 1) * card.line + card.h <= areaH) return { h: card.h, stepY: card.line, value: { ...centredValue(card.w, card.h), size } };
  for (let s = size; s >= minSize; s--) {
    const ink = digitsInk(ctx, s);
    // The card's own outline above, the next card's below.
    const strip = Math.ceil(ink.above + ink.below) + 4;
    const h = Math.min(card.h, areaH - (lines - 1) * strip);
    if (h < strip) continue;
    const stepY = (areaH - h) / (lines - 1);
    return { h, stepY, value: { x: card.w / 2, y: 2 + ink.above + (stepY - strip) / 2, size: s } };
  }
  return null;
}

/** A small card in a sailor colour with its mark: the heading of a colour, as a card. */
export function drawColourBadge(ctx: Ctx, colour: Colour, x: number, y: number, w: number, h: number): void {
  const image = cardImages.get(`halunken:badge:${colour}:${w}x${h}`, w + 4, h + 4, (layer) => {
    const style = SAILOR_STYLE[colour];
    drawRoundRect(layer, 2, 2, w, h, 3, { fill: style.fill, stroke: OUTLINE, lineWidth: 2 });
    colourMark(layer, colour, 2 + w / 2, 2 + h / 2 + 0.5, Math.min(w, h) * 0.3, style.ink);
  });
  ctx.drawImage(image, Math.round(x) - 2, Math.round(y) - 2);
}

export function drawCardBack(ctx: Ctx, x: number, y: number, w: number, h: number): void {
  const image = cardImages.get(`halunken:back:${w}x${h}`, w + 4, h + 4, (layer) => {
    drawRoundRect(layer, 2, 2, w, h, Math.max(3, w * 0.1), { fill: COLOURS.back, stroke: OUTLINE, lineWidth: 2.5 });
    drawRoundRect(layer, 7, 7, w - 10, h - 10, w * 0.06, { stroke: COLOURS.gold, lineWidth: 2 });
    // A diamond lattice.
    layer.save();
    layer.beginPath();
    layer.rect(8, 8, w - 12, h - 12);
    layer.clip();
    layer.strokeStyle = 'rgba(242, 201, 76, 0.35)';
    layer.lineWidth = 1.5;
    for (let d = -h; d < w + h; d += 12) {
      layer.beginPath();
      layer.moveTo(2 + d, 2);
      layer.lineTo(2 + d + h, 2 + h);
      layer.moveTo(2 + d, 2 + h);
      layer.lineTo(2 + d + h, 2);
      layer.stroke();
    }
    layer.restore();
  });
  ctx.drawImage(image, Math.round(x) - 2, Math.round(y) - 2);
}

/** The Rum card's mark: a bottle, centred on (cx, cy), `h` tall. */
function drawBottle(ctx: Ctx, cx: number, cy: number, h: number, fill: string): void {
  const w = h * 0.42;
  const top = cy - h / 2;
  ctx.save();
  ctx.fillStyle = fill;
  ctx.beginPath();
  ctx.rect(cx - w * 0.16, top, w * 0.32, h * 0.3);
  ctx.moveTo(cx - w * 0.16, top + h * 0.28);
  ctx.quadraticCurveTo(cx - w / 2, top + h * 0.34, cx - w / 2, top + h * 0.48);
  ctx.lineTo(cx - w / 2, top + h * 0.92);
  ctx.quadraticCurveTo(cx - w / 2, top + h, cx - w * 0.38, top + h);
  ctx.lineTo(cx + w * 0.38, top + h);
  ctx.quadraticCurveTo(cx + w / 2, top + h, cx + w / 2, top + h * 0.92);
  ctx.lineTo(cx + w / 2, top + h * 0.48);
  ctx.quadraticCurveTo(cx + w / 2, top + h * 0.34, cx + w * 0.16, top + h * 0.28);
  ctx.closePath();
  ctx.fill();
  ctx.fillStyle = 'rgba(255,255,255,0.75)';
  ctx.fillRect(cx - w * 0.34, top + h * 0.56, w * 0.68, h * 0.2);
  ctx.restore();
}

/**
 * fresh: still in hand; used: played in an earlier round; laid: revealed this round (cancelled: by
 * an equal card); played: revealed in the round that the last move finished.
 */
export type MovementState = 'fresh' | 'used' | 'laid' | 'cancelled' | 'played';

/** A movement card as a small tile; a card of this round, or of the round just finished, is framed in gold. */
export function drawMovementTile(ctx: Ctx, card: MovementCard, x: number, y: number, w: number, h: number, state: MovementState): void {
  const key = `halunken:move:${card}:${state}:${w}x${h}`;
  const image = cardImages.get(key, w + 6, h + 6, (layer) => {
    const framed = state === 'laid' || state === 'cancelled' || state === 'played';
    const spent = state === 'used' || state === 'played';
    drawRoundRect(layer, 3, 3, w, h, 4, {
      fill: state === 'fresh' ? COLOURS.fresh : spent ? COLOURS.used : '#fff6d8',
      stroke: framed ? COLOURS.gold : OUTLINE,
      lineWidth: framed ? 3.5 : 1.5,
    });
    const ink = state === 'used' ? COLOURS.usedInk : state === 'played' ? COLOURS.text : COLOURS.ink;
    if (card === RUM) drawBottle(layer, 3 + w / 2, 3 + h / 2, h * 0.78, state === 'used' ? COLOURS.usedInk : state === 'played' ? COLOURS.text : '#7a3b12');
    else {
      // 22 px, the least for what matters at chat size: tiles are made wide enough for two digits.
      const size = 22;
      drawText(layer, String(card), 3 + w / 2, 3 + h / 2 + 1, { size, weight: 'bold', colour: ink, align: 'center' });
    }
    if (spent || state === 'cancelled') {
      layer.strokeStyle = state === 'cancelled' ? COLOURS.danger : 'rgba(20,20,28,0.8)';
      layer.lineWidth = state === 'cancelled' ? 3 : 2;
      layer.beginPath();
      layer.moveTo(3 + 3, 3 + h - 3);
      layer.lineTo(3 + w - 3, 3 + 3);
      if (state === 'cancelled') {
        layer.moveTo(3 + 3, 3 + 3);
        layer.lineTo(3 + w - 3, 3 + h - 3);
      }
      layer.stroke();
    }
  });
  ctx.drawImage(image, Math.round(x) - 3, Math.round(y) - 3);
}

/** The mark of what changed in the last move: a white ring just outside a card or a spot (gold: the offer in an auction). */
export function drawChangedRing(ctx: Ctx, x: number, y: number, w: number, h: number, radius = 5, colour: string = COLOURS.changed): void {
  drawRoundRect(ctx, x - 3.5, y - 3.5, w + 7, h + 7, radius + 3, { stroke: OUTLINE, lineWidth: 5 });
  drawRoundRect(ctx, x - 3.5, y - 3.5, w + 7, h + 7, radius + 3, { stroke: colour, lineWidth: 2.5 });
}

/** A card that left a crew or the harbour in the last move: its faded outline where it was. */
export function drawLostCard(ctx: Ctx, card: SailorCard, x: number, y: number, w: number, h: number, value?: ValuePlace, marked = h >= 36): void {
  ctx.save();
  ctx.globalAlpha = 0.35;
  drawSailorCard(ctx, card, x, y, w, h, value, marked);
  ctx.restore();
  ctx.save();
  ctx.setLineDash([4, 3]);
  drawRoundRect(ctx, x - 1, y - 1, w + 2, h + 2, 4, { stroke: COLOURS.changed, lineWidth: 2 });
  ctx.restore();
}
