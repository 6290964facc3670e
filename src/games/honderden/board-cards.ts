/**
 * Cards drawn as shapes: the suits are paths, in a four-colour deck so that ♠ and ♣, ♥ and ♦ stay
 * apart even in Discord's small preview; trump cards have a golden frame. Each face and back is
 * drawn once per size and kept as an image.
 */
import type { Translate } from '../../i18n/index.js';
import { LayerCache, OUTLINE, drawChip, drawRoundRect, drawText, secondary } from '../../render/index.js';
import { COLOURS, type Ctx } from './board-layout.js';
import { rankLetter } from './labels.js';
import { rankOf, suitOf, type Card, type Suit } from './rules.js';

/** A four-colour deck: black spades, red hearts, green clubs, blue diamonds. */
export const SUIT_COLOUR: Record<Suit, string> = { S: '#1b1b1f', H: '#d0252f', C: '#177a3a', D: '#1d5fc4' };

/** Suits as paths centred on (cx, cy) in a box of `size`. */
function suitPath(ctx: Ctx, suit: Suit, cx: number, cy: number, size: number): void {
  const r = size / 2;
  ctx.beginPath();
  switch (suit) {
    case 'H':
      ctx.moveTo(cx, cy + r * 0.92);
      ctx.bezierCurveTo(cx - r * 0.25, cy + r * 0.62, cx - r, cy + r * 0.22, cx - r, cy - r * 0.3);
      ctx.bezierCurveTo(cx - r, cy - r * 0.88, cx - r * 0.25, cy - r * 1.02, cx, cy - r * 0.48);
      ctx.bezierCurveTo(cx + r * 0.25, cy - r * 1.02, cx + r, cy - r * 0.88, cx + r, cy - r * 0.3);
      ctx.bezierCurveTo(cx + r, cy + r * 0.22, cx + r * 0.25, cy + r * 0.62, cx, cy + r * 0.92);
      break;
    case 'D':
      ctx.moveTo(cx, cy - r);
      ctx.quadraticCurveTo(cx + r * 0.32, cy - r * 0.32, cx + r * 0.78, cy);
      ctx.quadraticCurveTo(cx + r * 0.32, cy + r * 0.32, cx, cy + r);
      ctx.quadraticCurveTo(cx - r * 0.32, cy + r * 0.32, cx - r * 0.78, cy);
      ctx.quadraticCurveTo(cx - r * 0.32, cy - r * 0.32, cx, cy - r);
      break;
    case 'S':
      ctx.moveTo(cx, cy - r);
      ctx.bezierCurveTo(cx + r * 0.3, cy - r * 0.62, cx + r, cy - r * 0.3, cx + r, cy + r * 0.18);
      ctx.bezierCurveTo(cx + r, cy + r * 0.62, cx + r * 0.42, cy + r * 0.72, cx + r * 0.1, cy + r * 0.42);
      ctx.quadraticCurveTo(cx + r * 0.16, cy + r * 0.84, cx + r * 0.42, cy + r);
      ctx.lineTo(cx - r * 0.42, cy + r);
      ctx.quadraticCurveTo(cx - r * 0.16, cy + r * 0.84, cx - r * 0.1, cy + r * 0.42);
      ctx.bezierCurveTo(cx - r * 0.42, cy + r * 0.72, cx - r, cy + r * 0.62, cx - r, cy + r * 0.18);
      ctx.bezierCurveTo(cx - r, cy - r * 0.3, cx - r * 0.3, cy - r * 0.62, cx, cy - r);
      break;
    case 'C': {
      const lobe = r * 0.44;
      ctx.arc(cx, cy - r * 0.5, lobe, 0, Math.PI * 2);
      ctx.moveTo(cx - r * 0.5 + lobe, cy + r * 0.1);
      ctx.arc(cx - r * 0.5, cy + r * 0.1, lobe, 0, Math.PI * 2);
      ctx.moveTo(cx + r * 0.5 + lobe, cy + r * 0.1);
      ctx.arc(cx + r * 0.5, cy + r * 0.1, lobe, 0, Math.PI * 2);
      ctx.moveTo(cx + r * 0.3, cy);
      ctx.arc(cx, cy, r * 0.3, 0, Math.PI * 2);
      ctx.moveTo(cx + r * 0.1, cy + r * 0.2);
      ctx.quadraticCurveTo(cx + r * 0.16, cy + r * 0.84, cx + r * 0.42, cy + r);
      ctx.lineTo(cx - r * 0.42, cy + r);
      ctx.quadraticCurveTo(cx - r * 0.16, cy + r * 0.84, cx - r * 0.1, cy + r * 0.2);
      ctx.closePath();
      break;
    }
  }
}

/** A suit symbol filled in its colour (or `colour`), centred on (cx, cy). */
export function drawSuit(ctx: Ctx, suit: Suit, cx: number, cy: number, size: number, colour = SUIT_COLOUR[suit]): void {
  suitPath(ctx, suit, cx, cy, size);
  ctx.fillStyle = colour;
  ctx.fill('nonzero');
}

// ---------------------------------------------------------------------------------------------
// Cards, drawn once per card, size and trump mark

const cardImages = new LayerCache(400);

/** Cards lower than this get the small face: a corner index of theirs would be under 22 px. */
const SMALL_CARD_H = 80;

function drawCardFaceLayer(layer: Ctx, card: Card, text: string, w: number, h: number, trump: boolean, pad: number): void {
  const suit = suitOf(card);
  const rank = rankOf(card);
  const colour = SUIT_COLOUR[suit];
  const radius = Math.max(4, w * 0.09);
  drawRoundRect(layer, pad, pad, w, h, radius, { fill: COLOURS.cardFace, stroke: OUTLINE, lineWidth: h >= 90 ? 2.5 : 2 });
  if (trump) drawRoundRect(layer, pad + 3, pad + 3, w - 6, h - 6, radius * 0.8, { stroke: COLOURS.gold, lineWidth: h >= 90 ? 5 : 3.5 });
  if (h < SMALL_CARD_H) {
    // A small card (in a player's row): its rank at full size across the top, the suit under it,
    // as a corner index would be too small to read in the chat.
    drawText(layer, text, pad + w / 2, pad + h * 0.3, { size: 22, weight: 'bold', colour, align: 'center' });
    drawSuit(layer, suit, pad + w / 2, pad + h * 0.7, Math.min(w * 0.6, h * 0.4));
    return;
  }
  const rankSize = Math.round(h * (text.length > 1 ? 0.27 : 0.3));
  // The index in the top left corner: the rank, the suit below it.
  const ix = pad + w * 0.07;
  drawText(layer, text, ix + (text.length > 1 ? -w * 0.02 : 0), pad + h * 0.19, { size: rankSize, weight: 'bold', colour });
  const small = h * 0.17;
  drawSuit(layer, suit, ix + small * 0.5 + w * 0.02, pad + h * 0.41, small);
  // The big suit in the lower right.
  drawSuit(layer, suit, pad + w * 0.63, pad + h * 0.68, Math.min(w * 0.56, h * 0.42));
  // Jas and Nel: their names on trump cards only where they can be read at chat size (the trick).
  if (trump && (rank === 'J' || rank === '9') && h >= 150) {
    const label = rank === 'J' ? 'JAS' : 'NEL';
    // Which they are is also said under the trump suit (board-stock.ts).
    secondary('repeat', () =>
      drawChip(layer, label, pad + w * 0.07, pad + h - h * 0.1, {
        size: Math.max(16, Math.round(h * 0.1)),
        fill: COLOURS.gold,
        ink: COLOURS.ink,
        height: Math.round(h * 0.14),
        paddingX: 5,
      }),
    );
  }
}

/** A card face; its rank letter in the reader's language (`t`), which is part of the cached image's key. */
export function drawCard(ctx: Ctx, t: Translate, card: Card, x: number, y: number, w: number, h: number, trump: boolean): void {
  const pad = 3;
  const text = rankLetter(t, rankOf(card));
  const image = cardImages.get(`face:${card}:${text}:${w}x${h}:${trump ? 1 : 0}`, w + 2 * pad, h + 2 * pad, (layer) =>
    drawCardFaceLayer(layer, card, text, w, h, trump, pad),
  );
  ctx.drawImage(image, Math.round(x) - pad, Math.round(y) - pad);
}

export function drawCardBack(ctx: Ctx, x: number, y: number, w: number, h: number): void {
  const pad = 3;
  const image = cardImages.get(`back:${w}x${h}`, w + 2 * pad, h + 2 * pad, (layer) => {
    const radius = Math.max(4, w * 0.09);
    drawRoundRect(layer, pad, pad, w, h, radius, { fill: COLOURS.back, stroke: OUTLINE, lineWidth: 2 });
    drawRoundRect(layer, pad + 4, pad + 4, w - 8, h - 8, radius * 0.7, { stroke: 'rgba(255,236,200,0.7)', lineWidth: 1.5 });
    layer.save();
    layer.beginPath();
    layer.rect(pad + 6, pad + 6, w - 12, h - 12);
    layer.clip();
    layer.strokeStyle = 'rgba(255,236,200,0.28)';
    layer.lineWidth = 1.5;
    for (let d = -h; d < w + h; d += 9) {
      layer.beginPath();
      layer.moveTo(pad + d, pad);
      layer.lineTo(pad + d + h, pad + h);
      layer.moveTo(pad + d, pad + h);
      layer.lineTo(pad + d + h, pad);
      layer.stroke();
    }
    layer.restore();
  });
  ctx.drawImage(image, Math.round(x) - pad, Math.round(y) - pad);
}

/** An empty place for a card: dashed, or framed in gold for the player to act. */
export function drawSlot(ctx: Ctx, x: number, y: number, w: number, h: number, active: boolean): void {
  ctx.save();
  if (!active) ctx.setLineDash([10, 8]);
  drawRoundRect(ctx, x, y, w, h, w * 0.09, {
    fill: active ? 'rgba(242,201,76,0.12)' : 'rgba(0,0,0,0.12)',
    stroke: active ? COLOURS.gold : COLOURS.slot,
    lineWidth: active ? 4 : 2.5,
  });
  ctx.restore();
}

/** A frame around a card that changed in the last step (just played, drawn or taken). */
export function drawFreshFrame(ctx: Ctx, x: number, y: number, w: number, h: number): void {
  drawRoundRect(ctx, x - 5, y - 5, w + 10, h + 10, w * 0.12 + 3, { stroke: COLOURS.fresh, lineWidth: 4 });
}
