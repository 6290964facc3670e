/**
 * Tavern cards as the board draws them: full size in the row, small (flag and value, no words) in
 * the distribution, and mini cards (value only) in the crews. Each look is drawn once and cached:
 * text is the slow part of a board.
 */
import { LayerCache, OUTLINE, drawRoundRect, drawText, secondary } from '../../render/index.js';
import type { Translate } from '../../i18n/index.js';
import { drawFlag, drawTrickIcon } from './board-symbols.js';
import { CARD_H, CARD_W, COLOURS, NATION_STYLE, fittedText, type Ctx } from './board-theme.js';
import type { DieEffect, TavernCard } from './rules.js';

/** A tavern card at full size with its top-left corner at (0, 0). */
function drawFullCard(ctx: Ctx, card: TavernCard, t: Translate): void {
  const inset = { x: 10, y: 26, w: CARD_W - 20, h: 110 };
  if (card.kind === 'sailor') {
    const style = NATION_STYLE[card.nation];
    drawRoundRect(ctx, 0, 0, CARD_W, CARD_H, 14, { fill: style.fill, stroke: OUTLINE, lineWidth: 4 });
    drawRoundRect(ctx, inset.x, inset.y, inset.w, inset.h, 10, { fill: COLOURS.cream, stroke: OUTLINE, lineWidth: 2 });
    drawFlag(ctx, card.nation, CARD_W / 2 - 28, 36, 56, 36);
    drawText(ctx, String(card.value), CARD_W / 2, 106, { size: 56, weight: 'bold', colour: COLOURS.currentInk, align: 'center' });
    fittedText(ctx, t(`shanghaien.nation.${card.nation}`), CARD_W / 2, CARD_H - 24, {
      size: 22,
      weight: 'bold',
      colour: style.ink,
      align: 'center',
      maxWidth: CARD_W - 8,
    });
  } else {
    drawRoundRect(ctx, 0, 0, CARD_W, CARD_H, 14, { fill: COLOURS.trick, stroke: OUTLINE, lineWidth: 4 });
    drawRoundRect(ctx, 5, 5, CARD_W - 10, CARD_H - 10, 11, { stroke: COLOURS.gold, lineWidth: 2 });
    drawRoundRect(ctx, inset.x, inset.y, inset.w, inset.h, 10, { fill: COLOURS.cream, stroke: OUTLINE, lineWidth: 2 });
    drawTrickIcon(ctx, card.effect, CARD_W / 2, 68, 62);
    // The trick's name under its picture, and the rule that it may also be laid as a joker worth 2.
    secondary('caption', () =>
      fittedText(ctx, t(`shanghaien.board.trick.${card.effect}`), CARD_W / 2, 119, {
        size: 19,
        weight: 'bold',
        colour: COLOURS.currentInk,
        align: 'center',
        maxWidth: inset.w - 8,
      }),
    );
    // What kind of card this is: its gold frame and picture say it too.
    secondary('caption', () =>
      fittedText(ctx, t('shanghaien.board.trick'), CARD_W / 2, CARD_H - 38, {
        size: 20,
        weight: 'bold',
        colour: COLOURS.gold,
        align: 'center',
        maxWidth: CARD_W - 12,
      }),
    );
    secondary('rule', () =>
      fittedText(ctx, t('shanghaien.board.or-joker'), CARD_W / 2, CARD_H - 16, {
        size: 17,
        weight: 'bold',
        colour: COLOURS.text,
        align: 'center',
        maxWidth: CARD_W - 16,
      }),
    );
  }
}

/** Small cards for the distribution: the flag and the value, or the trick's picture. */
export const SMALL_W = 84;
export const SMALL_H = 104;

function drawSmallCard(ctx: Ctx, card: TavernCard): void {
  if (card.kind === 'sailor') {
    const style = NATION_STYLE[card.nation];
    drawRoundRect(ctx, 0, 0, SMALL_W, SMALL_H, 9, { fill: style.fill, stroke: OUTLINE, lineWidth: 3 });
    drawRoundRect(ctx, 7, 8, SMALL_W - 14, SMALL_H - 22, 7, { fill: COLOURS.cream, stroke: OUTLINE, lineWidth: 1.5 });
    drawFlag(ctx, card.nation, SMALL_W / 2 - 18, 15, 36, 23);
    drawText(ctx, String(card.value), SMALL_W / 2, 64, { size: 38, weight: 'bold', colour: COLOURS.currentInk, align: 'center' });
  } else {
    drawRoundRect(ctx, 0, 0, SMALL_W, SMALL_H, 9, { fill: COLOURS.trick, stroke: OUTLINE, lineWidth: 3 });
    drawRoundRect(ctx, 3.5, 3.5, SMALL_W - 7, SMALL_H - 7, 7, { stroke: COLOURS.gold, lineWidth: 1.5 });
    drawRoundRect(ctx, 9, 12, SMALL_W - 18, SMALL_H - 30, 7, { fill: COLOURS.cream, stroke: OUTLINE, lineWidth: 1.5 });
    drawTrickIcon(ctx, card.effect, SMALL_W / 2, 12 + (SMALL_H - 30) / 2, 46);
  }
}

/** Each of the 35 different cards, full size and small, in each language: drawn once each. */
const cardImages = new LayerCache(2 * 35 + 8);

const cardName = (card: TavernCard) => (card.kind === 'sailor' ? `${card.nation}:${card.value}` : `trick:${card.effect}`);

/** A full-size tavern card with its top-left corner at (x, y). */
export function drawCard(ctx: Ctx, card: TavernCard, x: number, y: number, t: Translate): void {
  // The language is part of the key: a card's name is drawn on it.
  const key = `shanghaien:card:${cardName(card)}:${t('shanghaien.nation.american')}:${t('shanghaien.board.trick')}`;
  const pad = 2;
  const image = cardImages.get(key, CARD_W + 2 * pad, CARD_H + 2 * pad, (layer) => {
    layer.translate(pad, pad);
    drawFullCard(layer, card, t);
  });
  ctx.drawImage(image, Math.round(x - pad), Math.round(y - pad));
}

/** A small card with its top-left corner at (x, y): no words on it, so one image serves every language. */
export function drawSmall(ctx: Ctx, card: TavernCard, x: number, y: number): void {
  const pad = 2;
  const image = cardImages.get(`shanghaien:small:${cardName(card)}`, SMALL_W + 2 * pad, SMALL_H + 2 * pad, (layer) => {
    layer.translate(pad, pad);
    drawSmallCard(layer, card);
  });
  ctx.drawImage(image, Math.round(x - pad), Math.round(y - pad));
}

/** The card-number badge: a dark disc with the number, or a grey "?" before the row is numbered. */
export function drawBadge(ctx: Ctx, cx: number, cy: number, r: number, position: number | null): void {
  ctx.beginPath();
  ctx.arc(cx, cy, r, 0, Math.PI * 2);
  ctx.fillStyle = position === null ? COLOURS.unnumbered : COLOURS.badge;
  ctx.fill();
  ctx.lineWidth = Math.max(2, r * 0.16);
  ctx.strokeStyle = position === null ? COLOURS.cream : COLOURS.gold;
  ctx.stroke();
  drawText(ctx, position === null ? '?' : String(position), cx, cy + r * 0.06, { size: r * 1.25, weight: 'bold', colour: '#ffffff', align: 'center' });
}

// ---------------------------------------------------------------------------------------------
// Mini cards of the crews

/** Mini cards: a value (or J) on the nation's colour, and trick cards; a few dozen looks, drawn once each. */
const miniImages = new LayerCache(160);

export const MINI_W = 26;
export const MINI_H = 30;
/** A mini trick card holds a picture, which needs a little more room than a number. */
export const MINI_TRICK_W = 28;
export const MINI_TRICK_H = 28;

function drawCachedMini(ctx: Ctx, key: string, x: number, y: number, w: number, h: number, draw: (layer: Ctx, w: number, h: number) => void): void {
  const [iw, ih] = [Math.round(w), Math.round(h)];
  const image = miniImages.get(`shanghaien:mini:${key}:${iw}x${ih}`, iw + 2, ih + 2, (layer) => draw(layer, iw, ih));
  ctx.drawImage(image, Math.round(x) - 1, Math.round(y) - 1);
}

/**
 * A mini card: `text` (a value, or J for a joker) on `fill`, at 22 px like everything that
 * matters: a crew's cards are what it holds, and which values it has decides what a die can still
 * win (the sum is drawn at 30 px above them).
 */
export function drawMiniCard(ctx: Ctx, x: number, y: number, w: number, h: number, fill: string, ink: string, text: string, border: string = OUTLINE): void {
  drawCachedMini(ctx, `${fill}:${ink}:${border}:${text}`, x, y, w, h, (layer, iw, ih) => {
    drawRoundRect(layer, 1, 1, iw, ih, 4, { fill, stroke: border, lineWidth: 2 });
    drawText(layer, text, 1 + iw / 2, 1 + ih / 2 + 1, { size: 22, weight: 'bold', colour: ink, align: 'center' });
  });
}

export function drawMiniTrick(ctx: Ctx, effect: DieEffect, x: number, y: number, w: number, h: number): void {
  drawCachedMini(ctx, `trick:${effect}`, x, y, w, h, (layer, iw, ih) => {
    drawRoundRect(layer, 1, 1, iw, ih, 4, { fill: COLOURS.trick, stroke: COLOURS.gold, lineWidth: 2 });
    drawRoundRect(layer, 4, 4, iw - 6, ih - 6, 3, { fill: COLOURS.cream });
    // The "±1" picture is text: at least 26 px across keeps it at 16 px (the trick count above is drawn large).
    secondary('breakdown', () => drawTrickIcon(layer, effect, 1 + iw / 2, 1 + ih / 2, Math.max(26, Math.min(iw, ih) * 0.9)));
  });
}

export interface Spot {
  k: number;
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * Where `count` mini cards go, centred on cx from `top` down: up to `perLine` in a line, at most
 * two lines (narrower cards when there are more); never narrower than `minW`.
 */
export function miniSpots(count: number, cx: number, top: number, room: number, w: number, h: number, perLine: number, minW = 12): Spot[] {
  const lines = count <= perLine ? 1 : 2;
  const inLineMax = Math.ceil(count / lines);
  const gap = 2;
  const width = Math.max(minW, Math.min(w, (room - (inLineMax - 1) * gap) / inLineMax));
  const spots: Spot[] = [];
  for (let k = 0; k < count; k++) {
    const line = Math.floor(k / inLineMax);
    const inLine = Math.min(inLineMax, count - line * inLineMax);
    const col = k % inLineMax;
    spots.push({ k, x: cx - (inLine * (width + gap) - gap) / 2 + col * (width + gap), y: top + line * (h + gap), w: width, h });
  }
  return spots;
}
