/**
 * The band above the board: the game, its variant, turn and piles, and once it is over the result
 * on a second line, so that nothing is drawn over the tunnel.
 */
import type { Seat } from '../../engine/index.js';
import type { MessageKey, Translate } from '../../i18n/index.js';
import { OUTLINE, drawChip, drawRoundRect, drawText, fitText, font, pawnWidth, type BoardPlayer } from '../../render/index.js';
import { PIRATES_PER_PLAYER, SHIP, ranking, type CartagenaView } from './rules.js';
import { drawPirate } from './board-sprites.js';
import { COLOURS, HEADER_H, RESULT_H, WIDTH, type Ctx } from './board-layout.js';

/** A small card back, for counts of hidden cards and the piles. */
export function drawCardBack(ctx: Ctx, x: number, y: number, w: number, h: number): void {
  drawRoundRect(ctx, x, y, w, h, 4, { fill: '#9b2f25', stroke: OUTLINE, lineWidth: 2 });
  drawRoundRect(ctx, x + 4, y + 4, w - 8, h - 8, 2, { stroke: '#f2c94c', lineWidth: 1.5 });
}

const aboard = (view: CartagenaView, seat: Seat) => (view.pirates[seat] ?? []).filter((p) => p === SHIP).length;

/**
 * Who won and with what, worded for how the game ended: all six pirates aboard, everyone else
 * left, or nobody could move (then the first place, by pirates aboard).
 */
function resultOf(view: CartagenaView): { seats: Seat[]; key: MessageKey; count: number } {
  if (view.winner !== null) {
    const allAboard = aboard(view, view.winner) === PIRATES_PER_PLAYER;
    return { seats: [view.winner], key: allAboard ? 'cartagena.board.result.aboard' : 'cartagena.board.result.lastLeft', count: PIRATES_PER_PLAYER };
  }
  const first = ranking(view)[0] ?? [];
  const count = first.length > 0 ? aboard(view, first[0] as Seat) : 0;
  const key =
    count === 0 ? 'cartagena.board.result.stalemate.none' : count === 1 ? 'cartagena.board.result.stalemate.one' : 'cartagena.board.result.stalemate.many';
  return { seats: first, key, count };
}

/**
 * The text with the names the players have ("Bot Bram", never "Bram": the result must not leave
 * two players alike), cut only when they do not fit, each to an equal share of the room.
 * Measured at the smallest size drawText shrinks a text to, so a name is cut only when it must be.
 */
function fitNames(ctx: Ctx, make: (names: string) => string, players: BoardPlayer[], size: number, maxWidth: number): string {
  ctx.save();
  ctx.font = font(Math.ceil(size * 0.76), 'bold');
  const fits = (text: string) => ctx.measureText(text).width <= maxWidth;
  let text = make(players.map((p) => p.name).join(' & '));
  if (!fits(text)) {
    const room = (maxWidth - ctx.measureText(make('')).width - 30 * (players.length - 1)) / players.length;
    text = make(players.map((p) => fitText(ctx, p.name, Math.max(60, room))).join(' & '));
  }
  ctx.restore();
  return text;
}

/** The final result in a gold band across the image at y, with the winner's pirates. */
function drawResult(ctx: Ctx, y: number, view: CartagenaView, players: BoardPlayer[], t: Translate): void {
  const { seats, key, count } = resultOf(view);
  const cy = y + RESULT_H / 2 - 4;
  const x = 20;
  const right = WIDTH - 20;
  drawRoundRect(ctx, x, y, right - x, RESULT_H - 8, (RESULT_H - 8) / 2, { fill: COLOURS.gold, stroke: OUTLINE, lineWidth: 3 });
  const pawnH = 46;
  const step = pawnWidth(pawnH) + 6;
  let textX = x + 30;
  for (const seat of seats) {
    drawPirate(ctx, textX + pawnWidth(pawnH) / 2, cy + pawnH / 2, pawnH, (players[seat] as BoardPlayer).colour);
    textX += step;
  }
  textX += 10;
  const size = 30;
  const maxWidth = right - 30 - textX;
  const winners = seats.map((seat) => players[seat] as BoardPlayer);
  const text = seats.length === 0 ? t('cartagena.board.stalemate') : fitNames(ctx, (names) => t(key, { name: names, count }), winners, size, maxWidth);
  drawText(ctx, text, textX, cy + 1, { size, weight: 'bold', colour: COLOURS.currentText, maxWidth });
}

/** The header's height: one line while the game runs, two (the result below) once it is over. */
export function headerHeight(view: CartagenaView): number {
  return view.over ? HEADER_H + RESULT_H : HEADER_H;
}

export function drawHeader(ctx: Ctx, view: CartagenaView, players: BoardPlayer[], t: Translate): void {
  ctx.fillStyle = COLOURS.header;
  ctx.fillRect(0, 0, WIDTH, headerHeight(view));
  const cy = HEADER_H / 2;
  let x = 24;
  x += drawText(ctx, t('game.cartagena.name'), x, cy, { size: 30, weight: 'bold', colour: COLOURS.text }) + 14;
  x +=
    drawChip(ctx, t(view.version === 'tortuga' ? 'cartagena.variant.tortuga' : 'cartagena.variant.jamaica'), x, cy, {
      size: 22,
      fill: COLOURS.chipDim,
      ink: COLOURS.text,
    }).width + 10;
  drawChip(ctx, t('cartagena.board.turn', { turn: view.turn }), x, cy, {
    size: 22,
    fill: view.over ? COLOURS.chipDim : COLOURS.gold,
    ink: view.over ? COLOURS.text : COLOURS.currentText,
  });

  // Piles on the right: the discard pile first so the deck ends up rightmost.
  let right = WIDTH - 24;
  for (const text of [t('cartagena.board.discard', { count: view.discardPileSize }), t('cartagena.board.deck', { count: view.drawPileSize })]) {
    const box = drawChip(ctx, text, right, cy, { size: 22, fill: COLOURS.chipDim, ink: COLOURS.text, iconWidth: 28, align: 'right' });
    drawCardBack(ctx, box.x + 12, cy - 14, 21, 28);
    right = box.x - 10;
  }
  if (view.over) drawResult(ctx, HEADER_H - 4, view, players, t);
}
