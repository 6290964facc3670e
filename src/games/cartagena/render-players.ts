/**
 * One row per player under the board: his colour and shape, name, pirates aboard, hand, and
 * what sets him apart now (to move, his place at the end, or that he left).
 */
import type { Seat } from '../../engine/index.js';
import type { Translate } from '../../i18n/index.js';
import { OUTLINE, PLAYER_HEX, drawArrow, drawChip, drawPlayerMark, drawRoundRect, drawText, textWidth, type BoardPlayer } from '../../render/index.js';
import { PIRATES_PER_PLAYER, SHIP, SYMBOLS, ranking, type CartagenaSymbol, type CartagenaView } from './rules.js';
import { drawCardBack } from './render-header.js';
import { drawSymbolTile } from './render-sprites.js';
import { COLOURS, PLAYER_ROW_H, WIDTH, type Ctx } from './render-layout.js';

/** A small ship for the "pirates aboard" column. */
function drawShipIcon(ctx: Ctx, x: number, y: number, colour: string): void {
  ctx.fillStyle = colour;
  ctx.beginPath();
  ctx.moveTo(x, y + 16);
  ctx.lineTo(x + 30, y + 16);
  ctx.lineTo(x + 25, y + 26);
  ctx.lineTo(x + 5, y + 26);
  ctx.closePath();
  ctx.fill();
  ctx.fillRect(x + 14, y, 3, 16);
  ctx.beginPath();
  ctx.moveTo(x + 19, y + 1);
  ctx.lineTo(x + 29, y + 13);
  ctx.lineTo(x + 19, y + 13);
  ctx.closePath();
  ctx.fill();
}

function handSummary(view: CartagenaView, seat: Seat): { symbol: CartagenaSymbol; count: number }[] | null {
  const hand = view.hands[seat];
  if (!hand) return null;
  return SYMBOLS.map((symbol) => ({ symbol, count: hand.filter((c) => c === symbol).length })).filter((e) => e.count > 0);
}

/** Open hands by symbol; hidden ones (and empty ones) as a count of cards. */
function drawHand(ctx: Ctx, view: CartagenaView, seat: Seat, left: number, right: number, cy: number, ink: string, t: Translate): void {
  const summary = handSummary(view, seat);
  if (summary && summary.length > 0) {
    // "[hat] ×3" each; a large hand with every symbol gets its counts on badges over the cards
    // instead, rather than smaller counts or running into the chip.
    const roomy = summary.reduce((w, e) => w + 38 + textWidth(ctx, `×${e.count}`, 22, 'bold') + 12, 0) <= right - left;
    let x = left;
    for (const { symbol, count } of summary) {
      if (roomy) {
        drawSymbolTile(ctx, symbol, x + 17, cy, 34);
        x += 38 + drawText(ctx, `×${count}`, x + 38, cy, { size: 22, weight: 'bold', colour: ink }) + 12;
      } else x += countedCard(ctx, symbol, count, x, cy) + 6;
    }
    return;
  }
  const size = view.handSizes[seat] ?? 0;
  drawCardBack(ctx, left, cy - 15, 22, 30);
  drawText(ctx, t(size === 1 ? 'cartagena.board.card' : 'cartagena.board.cards', { count: size }), left + 32, cy, { size: 22, weight: 'bold', colour: ink });
}

/** A card with how many of it the hand holds on a dark badge at its lower right; returns the width. */
function countedCard(ctx: Ctx, symbol: CartagenaSymbol, count: number, x: number, cy: number): number {
  drawSymbolTile(ctx, symbol, x + 16, cy - 2, 32);
  const text = String(count);
  const w = Math.max(26, textWidth(ctx, text, 22, 'bold') + 10);
  const bx = x + 24;
  drawRoundRect(ctx, bx, cy - 2, w, 26, 9, { fill: COLOURS.chip, stroke: '#ffffff', lineWidth: 2 });
  drawText(ctx, text, bx + w / 2, cy + 12, { size: 22, weight: 'bold', colour: '#ffffff', align: 'center' });
  return 24 + w;
}

/** The seat's place once the game is over (ties share a place). */
function placeOf(places: Seat[][], seat: Seat): number {
  let place = 1;
  for (const group of places) {
    if (group.includes(seat)) return place;
    place += group.length;
  }
  return place;
}

function drawPlayerRow(ctx: Ctx, view: CartagenaView, players: BoardPlayer[], places: Seat[][] | null, seat: Seat, y: number, t: Translate): void {
  const player = players[seat] as BoardPlayer;
  const left = view.resigned[seat] === true;
  const isCurrent = !view.over && view.current === seat;
  // Without a winner (nobody could move) the first place stands out the same way.
  const isWinner = view.winner === seat || (view.winner === null && places !== null && placeOf(places, seat) === 1 && !left);
  const highlighted = isCurrent || isWinner;
  const ink = highlighted ? COLOURS.currentText : left ? COLOURS.textDim : COLOURS.text;
  const h = PLAYER_ROW_H - 6;
  const cy = y + h / 2;
  drawRoundRect(ctx, 20, y, WIDTH - 40, h, 10, {
    fill: highlighted ? COLOURS.currentFill : COLOURS.rowFill,
    ...(highlighted ? { stroke: COLOURS.gold, lineWidth: 4 } : {}),
  });
  // The player's colour with his shape, as on his pirates.
  drawRoundRect(ctx, 20, y, 48, h, 10, { fill: PLAYER_HEX[player.colour].fill, stroke: OUTLINE, lineWidth: 2 });
  drawPlayerMark(ctx, player.colour, 44, cy, 12);
  let nameX = 82;
  if (isCurrent) {
    drawArrow(ctx, 78, cy, 98, cy, { width: 8, colour: OUTLINE });
    nameX = 106;
  }
  drawText(ctx, player.name, nameX, cy, { size: 24, weight: 'bold', colour: ink, maxWidth: 430 - nameX });

  // The chip on the right first: the hand may use the room left of it.
  const chip = (text: string, fill: string, chipInk: string, border?: string) =>
    drawChip(ctx, text, WIDTH - 32, cy, { size: 22, height: 34, fill, ink: chipInk, align: 'right', ...(border ? { border, borderWidth: 3 } : {}) }).x - 12;
  let handRight = WIDTH - 40;
  // A player who left in the step just posted is one of its changes: his chip is rimmed in gold.
  const justLeft = view.events.some((e) => e.type === 'resigned' && e.seat === seat);
  if (left) handRight = chip(t('cartagena.board.left'), COLOURS.chipDim, COLOURS.text, justLeft ? COLOURS.gold : undefined);
  else if (isCurrent) handRight = chip(t('cartagena.board.actionsLeft', { count: view.actionsLeft }), COLOURS.chip, '#ffffff');
  else if (isWinner && view.winner === seat) handRight = chip(t('cartagena.board.winnerTag'), COLOURS.chip, COLOURS.gold);
  else if (places) handRight = chip(t('cartagena.board.place', { place: placeOf(places, seat) }), COLOURS.chipDim, COLOURS.text);
  if (left) return;

  const aboard = (view.pirates[seat] ?? []).filter((p) => p === SHIP).length;
  drawShipIcon(ctx, 446, cy - 14, ink);
  drawText(ctx, `${aboard}/${PIRATES_PER_PLAYER}`, 484, cy, { size: 24, weight: 'bold', colour: ink });
  drawHand(ctx, view, seat, 580, handRight, cy, ink, t);
}

/** The rows of every seat, from y down; returns the height used. */
export function drawPlayerRows(ctx: Ctx, view: CartagenaView, players: BoardPlayer[], y: number, t: Translate): number {
  const places = view.over ? ranking(view) : null;
  for (let seat = 0; seat < view.seats; seat++) drawPlayerRow(ctx, view, players, places, seat, y + seat * PLAYER_ROW_H, t);
  return view.seats * PLAYER_ROW_H;
}
