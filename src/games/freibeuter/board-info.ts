/**
 * Below the players' cards: the piles, the pirate treasures still on the sea, the ships that
 * escaped and the double-value tokens taken; then, where fewer than four players leave room, a
 * legend of the pieces and of the marks of the last turn.
 */
import type { Translate } from '../../i18n/index.js';
import { OUTLINE, drawRoundRect, secondary, textWidth } from '../../render/index.js';
import { COLOURS, INFO_H, SIDE_BOTTOM, SIDE_W, SIDE_X, TOKEN_R, drawLabel, type Ctx } from './board-layout.js';
import { drawBoatShape, drawChest, drawDutchman, tokenImage } from './board-pieces.js';
import { SHIP_VALUES, type FreibeuterView, type Token } from './rules.js';

export function drawInfo(ctx: Ctx, view: FreibeuterView, y: number, t: Translate): void {
  drawRoundRect(ctx, SIDE_X, y, SIDE_W, INFO_H, 12, { fill: COLOURS.info, stroke: '#24324a', lineWidth: 2 });
  // Two by two: the sea pile and the Dutchman pile, the pirate treasures on the sea and the ships escaped.
  const half = SIDE_W / 2;
  const cell = (k: number, icon: (cx: number, cy: number) => void, count: number, warn: boolean, label: string) => {
    const x = SIDE_X + 14 + (k % 2) * half;
    const cy = y + 26 + Math.floor(k / 2) * 38;
    icon(x + 16, cy);
    const width = drawLabel(ctx, String(count), x + 40, cy + 1, { size: 24, colour: warn ? COLOURS.danger : COLOURS.text });
    secondary('caption', () => drawLabel(ctx, label, x + 48 + width, cy + 1, { size: 18, colour: COLOURS.textDim, maxWidth: half - 54 - width }));
  };
  const card = (fill: string, sail: string) => (cx: number, cy: number) => {
    drawRoundRect(ctx, cx - 12, cy - 16, 24, 32, 5, { fill, stroke: OUTLINE, lineWidth: 2 });
    drawBoatShape(ctx, cx, cy + 1, 17, sail);
  };
  cell(0, card(COLOURS.water, '#ffffff'), view.seaPile, view.seaPile === 0, t('freibeuter.board.sea-pile'));
  cell(1, card(COLOURS.ghostHull, COLOURS.ghost), view.dutchmanPile, false, t('freibeuter.board.dutchman-pile'));
  cell(2, (cx, cy) => drawChest(ctx, cx, cy, 30), view.piratesLeft, false, t('freibeuter.board.pirates'));
  cell(3, (cx, cy) => escapedIcon(ctx, cx, cy), view.escaped.length, false, t('freibeuter.board.escaped'));
  // The double-value tokens: taken ones bright, the others faint.
  const dy = y + 102;
  drawLabel(ctx, t('freibeuter.board.doubles'), SIDE_X + 16, dy, { size: 22, colour: COLOURS.text, maxWidth: SIDE_W - 16 - 4 * 48 - 24 });
  const dx = SIDE_X + SIDE_W - 16 - SHIP_VALUES.length * 48 + 24;
  SHIP_VALUES.forEach((value, k) => {
    const taken = view.doubles.includes(value);
    const cx = dx + k * 48;
    ctx.save();
    ctx.globalAlpha = taken ? 1 : 0.3;
    ctx.beginPath();
    ctx.arc(cx, dy, 20, 0, Math.PI * 2);
    ctx.fillStyle = COLOURS.double;
    ctx.fill();
    ctx.lineWidth = 3;
    ctx.strokeStyle = COLOURS.gold;
    ctx.stroke();
    drawLabel(ctx, String(value), cx, dy + 1, { size: 22, colour: '#ffffff', align: 'center' });
    ctx.restore();
  });
}

/** A faint ship disc with a wake: a ship that got away. */
function escapedIcon(ctx: Ctx, cx: number, cy: number): void {
  ctx.save();
  ctx.strokeStyle = 'rgba(200, 235, 255, 0.7)';
  ctx.lineWidth = 3;
  ctx.lineCap = 'round';
  for (const dy of [-7, 0, 7]) {
    ctx.beginPath();
    ctx.moveTo(cx - 20, cy + dy);
    ctx.lineTo(cx - 9, cy + dy);
    ctx.stroke();
  }
  ctx.globalAlpha = 0.6;
  ctx.beginPath();
  ctx.arc(cx + 3, cy, 12, 0, Math.PI * 2);
  ctx.fillStyle = COLOURS.token;
  ctx.fill();
  ctx.lineWidth = 2;
  ctx.strokeStyle = OUTLINE;
  ctx.stroke();
  ctx.restore();
}

/** Legend rows, most needed first; as many as the room left below the piles holds. */
export function drawLegend(ctx: Ctx, y: number, t: Translate): void {
  const height = SIDE_BOTTOM - y;
  const ROW = 72;
  const count = Math.floor((height - 12) / ROW);
  if (count < 1) return;
  drawRoundRect(ctx, SIDE_X, y, SIDE_W, height, 12, { fill: COLOURS.info });
  const token =
    (tk: Token, label: string | null = null) =>
    (cx: number, cy: number) => {
      const image = tokenImage(tk, null, false, label);
      ctx.drawImage(image, Math.round(cx - image.width / 2), Math.round(cy - image.height / 2));
    };
  const rows: { draw: (cx: number, cy: number) => void; text: string }[] = [
    { draw: (cx, cy) => changedIcon(ctx, cx, cy), text: t('freibeuter.board.legend.changed') },
    { draw: token({ kind: 'ship', value: 15 }, '12'), text: t('freibeuter.board.legend.ship') },
    { draw: token({ kind: 'pirate' }), text: t('freibeuter.board.legend.pirate') },
    { draw: token({ kind: 'double', value: 10 }), text: t('freibeuter.board.legend.double') },
    { draw: (cx, cy) => drawBoatShape(ctx, cx, cy, 48, '#d9dee3'), text: t('freibeuter.board.legend.boat') },
    { draw: (cx, cy) => drawDutchman(ctx, cx, cy, 56), text: t('freibeuter.board.legend.dutchman') },
  ];
  const shown = rows.slice(0, count);
  const step = (height - 12) / shown.length;
  const left = SIDE_X + 2 * TOKEN_R + 40;
  const width = SIDE_W - 2 * TOKEN_R - 52;
  shown.forEach((row, k) => {
    const cy = y + 6 + step * k + step / 2;
    row.draw(SIDE_X + 16 + TOKEN_R + 6, cy);
    // One line, or two where it runs long (Dutch does), rather than smaller or cut.
    const lines = wrap(ctx, row.text, width);
    secondary('legend', () =>
      lines.forEach((line, i) => drawLabel(ctx, line, left, cy + (i - (lines.length - 1) / 2) * 24, { size: 18, colour: COLOURS.textDim, maxWidth: width })),
    );
  });
}

/** The text in at most two lines of `width` at the legend's size, broken between words. */
function wrap(ctx: Ctx, text: string, width: number): string[] {
  if (textWidth(ctx, text, 18, 'bold') <= width) return [text];
  const words = text.split(' ');
  for (let n = words.length - 1; n > 0; n--) {
    const first = words.slice(0, n).join(' ');
    if (textWidth(ctx, first, 18, 'bold') <= width) return [first, words.slice(n).join(' ')];
  }
  return [text];
}

/** The mark of the last turn: a field with a boat, framed in white as on the sea. */
function changedIcon(ctx: Ctx, cx: number, cy: number): void {
  const half = 27;
  ctx.fillStyle = COLOURS.water;
  ctx.fillRect(cx - half, cy - half, 2 * half, 2 * half);
  ctx.fillStyle = 'rgba(255, 255, 255, 0.2)';
  ctx.fillRect(cx - half, cy - half, 2 * half, 2 * half);
  drawBoatShape(ctx, cx, cy + 2, 36, '#d9dee3');
  ctx.lineWidth = 4;
  ctx.strokeStyle = COLOURS.changed;
  ctx.strokeRect(cx - half, cy - half, 2 * half, 2 * half);
}
