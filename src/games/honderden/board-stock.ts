import type { Translate } from '../../i18n/index.js';
import { drawChip, drawRoundRect, drawText, secondary, type BoardPlayer } from '../../render/index.js';
import { drawCard, drawCardBack, drawFreshFrame, drawSuit } from './board-cards.js';
import type { BoardChanges } from './board-changes.js';
import { COLOURS, FELT_TOP, LEFT, type Ctx } from './board-layout.js';
import { drawMarkBadge, drawName } from './board-players.js';
import { drawFitted, drawWrapped } from './board-text.js';
import { suitOf, type HonderdenView } from './rules.js';

/**
 * The left column: the trump suit, then what set it and what is left to draw. Two players: the
 * stock with the open trump card under it (or the last draw, or the rule of the second part);
 * three players: the dealer's open card, while it is still in his hand.
 */

const STOCK_CARD = { w: 88, h: 124 };

export function drawTrumpAndStock(ctx: Ctx, view: HonderdenView, players: BoardPlayer[], changes: BoardChanges, t: Translate): void {
  drawTrump(ctx, view, t);
  const areaY = FELT_TOP + 150;
  if (view.rules === 'three') drawDealersCard(ctx, view, players, t, areaY);
  else if (view.lastChoice) drawLastChoice(ctx, view, t, areaY);
  else if (view.trumpCard !== null) drawStock(ctx, view, changes, t, areaY);
  else if (!view.over)
    drawFollowRule(ctx, areaY, t('honderden.board.stock.empty'), [t('honderden.board.follow'), t('honderden.board.follow.trump')], changes.stockEmptied);
}

/** The trump suit on a white disc, its name beside it. */
function drawTrump(ctx: Ctx, view: HonderdenView, t: Translate): void {
  const discX = LEFT.x + 56;
  const discY = FELT_TOP + 88;
  ctx.beginPath();
  ctx.arc(discX, discY, 40, 0, Math.PI * 2);
  ctx.fillStyle = COLOURS.cardFace;
  ctx.fill();
  ctx.strokeStyle = COLOURS.gold;
  ctx.lineWidth = 4;
  ctx.stroke();
  drawSuit(ctx, view.trump, discX, discY + 2, 50);
  const textX = discX + 50;
  const room = LEFT.x + LEFT.w - 10 - textX;
  drawFitted(ctx, t(`honderden.board.suit.${view.trump}`), textX, discY - 12, room, { size: 26, minSize: 22, weight: 'bold', colour: COLOURS.text });
  // Which trumps are Jas and Nel: a reminder of the rules.
  secondary('rule', () =>
    drawFitted(ctx, t('honderden.board.jas-nel'), textX, discY + 20, room, { size: 18, minSize: 16, weight: 'bold', colour: COLOURS.gold }),
  );
}

/** The open trump card lies under the stock, its index showing on the left; the cards just drawn beside the pile. */
function drawStock(ctx: Ctx, view: HonderdenView, changes: BoardChanges, t: Translate, areaY: number): void {
  const cardX = LEFT.x + 30;
  const cardY = areaY + 24;
  drawCard(ctx, t, view.trumpCard as NonNullable<typeof view.trumpCard>, cardX, cardY, STOCK_CARD.w, STOCK_CARD.h, true);
  if (changes.swapped) drawFreshFrame(ctx, cardX, cardY, STOCK_CARD.w, STOCK_CARD.h);
  const pileX = cardX + 52;
  const pileY = cardY - 8;
  const layers = Math.min(4, Math.ceil(view.stockSize / 4));
  for (let i = 0; i < layers; i++) drawCardBack(ctx, pileX + i * 3, pileY - i * 3, STOCK_CARD.w, STOCK_CARD.h);
  // Hidden cards just drawn: only how many (the players' rows show a fresh back each).
  const drawn = changes.drew.reduce((a, b) => a + b, 0);
  if (drawn > 0)
    secondary('history', () =>
      drawChip(ctx, `−${drawn}`, pileX + STOCK_CARD.w + 14, pileY + 18, {
        size: 20,
        fill: COLOURS.fresh,
        ink: COLOURS.ink,
        align: 'center',
        height: 32,
        paddingX: 9,
      }),
    );
  drawChip(ctx, t('honderden.board.stock', { count: view.stockSize }), LEFT.x + LEFT.w / 2, areaY + STOCK_CARD.h + 48, {
    size: 22,
    fill: COLOURS.header,
    ink: COLOURS.text,
    align: 'center',
    paddingX: 10,
  });
}

/** The last draw: the hidden card (face down; version 1 games showed it) beside the open trump card. */
function drawLastChoice(ctx: Ctx, view: HonderdenView, t: Translate, areaY: number): void {
  const choice = view.lastChoice as NonNullable<typeof view.lastChoice>;
  const x = LEFT.x;
  drawFitted(ctx, t('honderden.board.choice'), x + LEFT.w / 2, areaY + 8, LEFT.w - 20, {
    size: 22,
    minSize: 22,
    weight: 'bold',
    colour: COLOURS.gold,
    align: 'center',
  });
  const cw = 82;
  const ch = 115;
  const top = areaY + 30;
  if (choice.hidden === null) drawCardBack(ctx, x + 16, top, cw, ch);
  else drawCard(ctx, t, choice.hidden, x + 16, top, cw, ch, suitOf(choice.hidden) === view.trump);
  drawCard(ctx, t, choice.open, x + LEFT.w - 16 - cw, top, cw, ch, true);
  drawText(ctx, t('honderden.board.or'), x + LEFT.w / 2, top + ch / 2, { size: 22, weight: 'bold', colour: COLOURS.text, align: 'center' });
  // Captions of the two cards above them (a back, and the open trump card).
  secondary('caption', () => {
    drawFitted(ctx, t('honderden.board.hidden'), x + 16 + cw / 2, top + ch + 20, cw + 32, {
      size: 18,
      minSize: 16,
      weight: 'bold',
      colour: COLOURS.textDim,
      align: 'center',
    });
    drawFitted(ctx, t('honderden.board.open'), x + LEFT.w - 16 - cw / 2, top + ch + 20, cw + 32, {
      size: 18,
      minSize: 16,
      weight: 'bold',
      colour: COLOURS.textDim,
      align: 'center',
    });
  });
}

/**
 * Three players: the dealer's last card was dealt face up and stays his; once he has played it,
 * it is gone from here (the trick or the last trick shows it) and only the rule of play is left.
 */
function drawDealersCard(ctx: Ctx, view: HonderdenView, players: BoardPlayer[], t: Translate, areaY: number): void {
  const x = LEFT.x;
  if (view.over) return;
  if (!(view.knownCards[view.dealer] ?? []).includes(view.turnedUp)) {
    drawFollowRule(ctx, areaY, null, [t('honderden.board.follow.three')]);
    return;
  }
  // A caption of the card under it.
  secondary('caption', () =>
    drawFitted(ctx, t('honderden.board.turned-up'), x + LEFT.w / 2, areaY + 6, LEFT.w - 16, {
      size: 18,
      minSize: 16,
      weight: 'bold',
      colour: COLOURS.textDim,
      align: 'center',
    }),
  );
  drawCard(ctx, t, view.turnedUp, x + 18, areaY + 24, STOCK_CARD.w, STOCK_CARD.h, true);
  // Whose it is: his mark, his name under it (the column is too narrow for a name chip).
  const besideX = x + 18 + STOCK_CARD.w + 10;
  const room = x + LEFT.w - 8 - besideX;
  const cy = areaY + 24 + STOCK_CARD.h / 2;
  drawMarkBadge(ctx, players, view.dealer, besideX + room / 2, cy - 14, 36);
  drawName(ctx, players, view.dealer, besideX + room / 2, cy + 24, room, { size: 22, colour: COLOURS.text, align: 'center' });
  secondary('rule', () =>
    drawWrapped(ctx, t('honderden.board.follow.three'), x + LEFT.w / 2, areaY + STOCK_CARD.h + 50, LEFT.w - 16, {
      size: 18,
      minSize: 16,
      lineHeight: 24,
      maxLines: 1,
      colour: COLOURS.textDim,
    }),
  );
}

/**
 * How to play now: a bold heading when something changed it (the stock ran out; fresh when it just
 * did), then the rule of play, wrapped: /rules says it, and the panels offer only what it allows.
 */
function drawFollowRule(ctx: Ctx, areaY: number, heading: string | null, rules: string[], fresh = false): void {
  const cx = LEFT.x + LEFT.w / 2;
  let y = areaY + 40;
  if (heading !== null) {
    if (fresh) drawRoundRect(ctx, LEFT.x + 12, y - 20, LEFT.w - 24, 40, 12, { fill: COLOURS.freshFill, stroke: COLOURS.fresh, lineWidth: 3 });
    drawFitted(ctx, heading, cx, y, LEFT.w - 40, { size: 22, minSize: 22, weight: 'bold', colour: COLOURS.text, align: 'center' });
    y += 42;
  }
  for (const line of rules)
    y +=
      6 +
      26 * secondary('rule', () => drawWrapped(ctx, line, cx, y, LEFT.w - 24, { size: 20, minSize: 16, lineHeight: 26, maxLines: 2, colour: COLOURS.textDim }));
}
