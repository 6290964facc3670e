/**
 * One row per player under the board: his colour and shape, name, pirates aboard, hand, and
 * what sets him apart now (to move, his place at the end, or that he left).
 */
import type { Seat } from '../../engine/index.js';
import type { Translate } from '../../i18n/index.js';
import {
  OUTLINE,
  PLAYER_HEX,
  drawArrow,
  drawChip,
  drawNameLines,
  drawPlayerMark,
  drawRoundRect,
  drawText,
  setName,
  textWidth,
  type BoardPlayer,
} from '../../render/index.js';
import { PIRATES_PER_PLAYER, SHIP, SYMBOLS, ranking, type CartagenaSymbol, type CartagenaView } from './rules.js';
import { drawCardBack } from './board-header.js';
import { drawSymbolTile } from './board-sprites.js';
import { COLOURS, PLAYER_ROW_H, WIDTH, type Ctx } from './board-layout.js';

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

/** The least width a hand takes: open hands with their counts on badges, hidden ones as a count of cards. */
function handMinWidth(ctx: Ctx, view: CartagenaView, seat: Seat, t: Translate): number {
  const summary = handSummary(view, seat);
  if (summary && summary.length > 0) return summary.reduce((w, e) => w + 24 + Math.max(26, textWidth(ctx, String(e.count), 22, 'bold') + 10) + 6, 0);
  const size = view.handSizes[seat] ?? 0;
  return 32 + textWidth(ctx, t(size === 1 ? 'cartagena.board.card' : 'cartagena.board.cards', { count: size }), 22, 'bold');
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

interface RowChip {
  text: string;
  fill: string;
  ink: string;
  border?: string;
}

/** What sets a player apart now, on a chip at the right of his row: he left, is to move, won, or his place. */
function rowChip(view: CartagenaView, places: Seat[][] | null, seat: Seat, t: Translate): RowChip | null {
  const left = view.resigned[seat] === true;
  // A player who left in the step just posted is one of its changes: his chip is rimmed in gold.
  const justLeft = view.events.some((e) => e.type === 'resigned' && e.seat === seat);
  if (left) return { text: t('cartagena.board.left'), fill: COLOURS.chipDim, ink: COLOURS.text, ...(justLeft ? { border: COLOURS.gold } : {}) };
  if (!view.over && view.current === seat) return { text: t('cartagena.board.actionsLeft', { count: view.actionsLeft }), fill: COLOURS.chip, ink: '#ffffff' };
  if (view.winner === seat) return { text: t('cartagena.board.winnerTag'), fill: COLOURS.chip, ink: COLOURS.gold };
  if (places) return { text: t('cartagena.board.place', { place: placeOf(places, seat) }), fill: COLOURS.chipDim, ink: COLOURS.text };
  return null;
}

const CHIP = { size: 22, height: 34 } as const;
/** Where the hand ends: left of the chip, whose padding drawChip takes from its height. */
const handRightOf = (ctx: Ctx, chip: RowChip | null) =>
  chip ? WIDTH - 32 - Math.ceil(textWidth(ctx, chip.text, CHIP.size, 'bold') + 2 * Math.round(CHIP.height * 0.45)) - 12 : WIDTH - 40;

/** Where the name column ends when every name fits it; longer names widen it (see drawPlayerRows). */
const NAME_RIGHT = 430;
const NAME_X = 82;
/** The name of the player to move starts after an arrow. */
const CURRENT_NAME_X = 106;
const SHIP_X = 446;
const HAND_X = 580;

function drawPlayerRow(
  ctx: Ctx,
  view: CartagenaView,
  players: BoardPlayer[],
  places: Seat[][] | null,
  seat: Seat,
  y: number,
  shift: number,
  t: Translate,
): void {
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
  let nameX = NAME_X;
  if (isCurrent) {
    drawArrow(ctx, 78, cy, 98, cy, { width: 8, colour: OUTLINE });
    nameX = CURRENT_NAME_X;
  }
  const name = setName(ctx, player.name, { size: 24, maxWidth: NAME_RIGHT + shift - nameX });
  drawNameLines(ctx, name, nameX, cy, { colour: ink, lineHeight: 0 });

  const chip = rowChip(view, places, seat, t);
  if (chip)
    drawChip(ctx, chip.text, WIDTH - 32, cy, {
      ...CHIP,
      fill: chip.fill,
      ink: chip.ink,
      align: 'right',
      ...(chip.border ? { border: chip.border, borderWidth: 3 } : {}),
    });
  if (left) return;

  const aboard = (view.pirates[seat] ?? []).filter((p) => p === SHIP).length;
  drawShipIcon(ctx, SHIP_X + shift, cy - 14, ink);
  drawText(ctx, `${aboard}/${PIRATES_PER_PLAYER}`, SHIP_X + 38 + shift, cy, { size: 24, weight: 'bold', colour: ink });
  drawHand(ctx, view, seat, HAND_X + shift, handRightOf(ctx, chip), cy, ink, t);
}

/**
 * The rows of every seat, from y down; returns the height used. A name too long for the name
 * column widens it for every row (the columns stay in line) as far as every hand leaves room.
 */
export function drawPlayerRows(ctx: Ctx, view: CartagenaView, players: BoardPlayer[], y: number, t: Translate): number {
  const places = view.over ? ranking(view) : null;
  const seats = Array.from({ length: view.seats }, (_, seat) => seat);
  const widest = Math.max(...players.map((p) => textWidth(ctx, p.name, 24, 'bold')));
  const wanted = Math.max(0, CURRENT_NAME_X + widest + 8 - NAME_RIGHT);
  const room = Math.min(
    ...seats
      .filter((seat) => view.resigned[seat] !== true)
      .map((seat) => handRightOf(ctx, rowChip(view, places, seat, t)) - HAND_X - handMinWidth(ctx, view, seat, t)),
  );
  const shift = Math.max(0, Math.min(wanted, Math.floor(room)));
  for (const seat of seats) drawPlayerRow(ctx, view, players, places, seat, y + seat * PLAYER_ROW_H, shift, t);
  return view.seats * PLAYER_ROW_H;
}
