/** Tortuga's open row: the cards to be drawn, left to right in drawing order, the next one framed in gold. */
import type { Translate } from '../../i18n/index.js';
import { OUTLINE, drawArrow, drawRoundRect, drawText } from '../../render/index.js';
import type { CartagenaView } from './rules.js';
import { drawSymbolTile } from './board-sprites.js';
import { COLOURS, WIDTH, type Ctx } from './board-layout.js';

export function drawOpenRow(ctx: Ctx, view: CartagenaView, y: number, t: Translate): void {
  const cardW = 62;
  const cardH = 70;
  const step = cardW + 10;
  const left = 200;
  drawText(ctx, t('cartagena.board.row'), 24, y + cardH / 2 + 4, { size: 22, weight: 'bold', colour: COLOURS.text, maxWidth: 166 });
  view.row.forEach((symbol, i) => {
    const x = left + i * step;
    drawRoundRect(ctx, x, y + 4, cardW, cardH, 8, {
      fill: COLOURS.tileLight,
      stroke: i === 0 ? COLOURS.gold : OUTLINE,
      lineWidth: i === 0 ? 5 : 2,
    });
    drawSymbolTile(ctx, symbol, x + cardW / 2, y + 4 + cardH / 2, 46);
  });
  if (view.row.length === 0) {
    // Under version 2 an empty row is laid out again at the next draw, if the piles hold any card.
    const refill = view.rules >= 2 && view.drawPileSize + view.discardPileSize > 0;
    drawText(ctx, t(refill ? 'cartagena.board.row.empty.refill' : 'cartagena.board.row.empty'), left, y + cardH / 2 + 4, {
      size: 22,
      colour: COLOURS.text,
      maxWidth: WIDTH - left - 24,
    });
  } else {
    const arrowY = y + cardH + 18;
    drawArrow(ctx, left + 8, arrowY, left + Math.max(2, view.row.length) * step - 18, arrowY, { width: 8, colour: COLOURS.gold });
  }
}
