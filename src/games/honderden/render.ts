/**
 * The Honderden board image, drawn from a spectator's view only: on the felt, the trump suit and
 * the stock (the open trump card lying crosswise under it) on the left, the trick being played in
 * the middle and the last trick with its winner on the right; below, one row per player with his
 * hand as card backs (plus the cards everybody has seen him keep: stuk, shown roem, a card taken
 * openly), tricks won, roem and stuk, points carried from earlier hands and game points. Running
 * card points are never drawn. Between hands and at the end the middle shows the hand's result.
 *
 * Cards are drawn as shapes (the suits are paths) in a four-colour deck, so that ♠ and ♣, ♥ and
 * ♦ stay apart even in Discord's small preview; trump cards have a golden frame.
 */
import type { CanvasRenderingContext2D } from 'canvas';
import type { Translate } from '../../i18n/index.js';
import {
  LayerCache,
  OUTLINE,
  PLAYER_HEX,
  drawChip,
  drawRoundRect,
  drawText,
  encodePng,
  newCanvas,
  shortName,
  textWidth,
  type BoardPlayer,
} from '../../render/index.js';
import { rankLetter } from './labels.js';
import { rankOf, suitOf, type Card, type HandResult, type HonderdenView, type Play, type Suit } from './rules.js';

type Ctx = CanvasRenderingContext2D;

export type { BoardPlayer };

// ---------------------------------------------------------------------------------------------
// Layout (pixels)

const WIDTH = 1200;
const HEADER_H = 64;
const MARGIN = 16;
const TABLE_TOP = HEADER_H + 12;
const TABLE_H = 384;
const ROWS_TOP = TABLE_TOP + TABLE_H + 12;
const ROW_H = 112;
const ROW_GAP = 8;

/** Columns on the felt. */
const LEFT = { x: 32, w: 250 };
const MIDDLE = { x: 300, w: 600 };
const RIGHT = { x: 918, w: 250 };

/** The trick in the middle, the last trick on the right, the stock on the left. */
const TRICK_CARD = { w: 124, h: 174 };
const LAST_CARD = { w: 80, h: 112 };
const LAST_CARD_THREE = { w: 70, h: 98 };
const STOCK_CARD = { w: 88, h: 124 };

/** Player rows: columns. */
const COL_TRICKS = 486;
const COL_ROEM = 580;
const COL_CARRIED = 918;
const COL_GAME = 1040;

const COLOURS = {
  page: '#0d1a14',
  header: '#07100c',
  felt: '#1d6b45',
  feltDark: '#155536',
  feltLine: '#2f8a5e',
  text: '#f4f1e6',
  textDim: '#b7c9bd',
  gold: '#f2c94c',
  ink: '#1c140d',
  row: '#16271f',
  rowAlt: '#13221b',
  cardFace: '#fcfaf2',
  back: '#8e2430',
  backDark: '#5e1620',
  slot: 'rgba(255,255,255,0.16)',
} as const;

/** A four-colour deck: black spades, red hearts, green clubs, blue diamonds. */
export const SUIT_COLOUR: Record<Suit, string> = { S: '#1b1b1f', H: '#d0252f', C: '#177a3a', D: '#1d5fc4' };

// ---------------------------------------------------------------------------------------------
// Suits, as paths centred on (0, 0) in a box of `size`

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

function drawCardFaceLayer(layer: Ctx, card: Card, text: string, w: number, h: number, trump: boolean, pad: number): void {
  const suit = suitOf(card);
  const rank = rankOf(card);
  const colour = SUIT_COLOUR[suit];
  const radius = Math.max(4, w * 0.09);
  drawRoundRect(layer, pad, pad, w, h, radius, { fill: COLOURS.cardFace, stroke: OUTLINE, lineWidth: h >= 90 ? 2.5 : 2 });
  if (trump) drawRoundRect(layer, pad + 3, pad + 3, w - 6, h - 6, radius * 0.8, { stroke: COLOURS.gold, lineWidth: h >= 90 ? 5 : 3.5 });
  const rankSize = Math.round(h * (text.length > 1 ? 0.27 : 0.3));
  // The index in the top left corner: the rank, the suit below it.
  const ix = pad + w * 0.07;
  drawText(layer, text, ix + (text.length > 1 ? -w * 0.02 : 0), pad + h * 0.19, { size: rankSize, weight: 'bold', colour });
  const small = h * 0.17;
  drawSuit(layer, suit, ix + small * 0.5 + w * 0.02, pad + h * 0.41, small);
  // The big suit in the lower right.
  drawSuit(layer, suit, pad + w * 0.63, pad + h * 0.68, Math.min(w * 0.56, h * 0.42));
  // Jas and Nel: their names on trump cards big enough to read.
  if (trump && (rank === 'J' || rank === '9') && h >= 100) {
    const label = rank === 'J' ? 'JAS' : 'NEL';
    drawChip(layer, label, pad + w * 0.07, pad + h - h * 0.1, { size: Math.round(h * 0.075), fill: COLOURS.gold, ink: COLOURS.ink, height: Math.round(h * 0.12), paddingX: 5 });
  }
}

/** A card face; its rank letter in the reader's language (`t`), which is part of the cached image's key. */
function drawCard(ctx: Ctx, t: Translate, card: Card, x: number, y: number, w: number, h: number, trump: boolean): void {
  const pad = 3;
  const text = rankLetter(t, rankOf(card));
  const image = cardImages.get(`face:${card}:${text}:${w}x${h}:${trump ? 1 : 0}`, w + 2 * pad, h + 2 * pad, (layer) => drawCardFaceLayer(layer, card, text, w, h, trump, pad));
  ctx.drawImage(image, Math.round(x) - pad, Math.round(y) - pad);
}

function drawCardBack(ctx: Ctx, x: number, y: number, w: number, h: number): void {
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
function drawSlot(ctx: Ctx, x: number, y: number, w: number, h: number, active: boolean): void {
  ctx.save();
  if (!active) ctx.setLineDash([10, 8]);
  drawRoundRect(ctx, x, y, w, h, w * 0.09, { fill: active ? 'rgba(242,201,76,0.12)' : 'rgba(0,0,0,0.12)', stroke: active ? COLOURS.gold : COLOURS.slot, lineWidth: active ? 4 : 2.5 });
  ctx.restore();
}

// ---------------------------------------------------------------------------------------------
// The static table: page, felt, column frames and their titles

const tableLayers = new LayerCache(6);

function drawTable(ctx: Ctx, height: number, t: Translate): void {
  ctx.fillStyle = COLOURS.page;
  ctx.fillRect(0, 0, WIDTH, height);
  drawRoundRect(ctx, MARGIN - 4, TABLE_TOP, WIDTH - 2 * MARGIN + 8, TABLE_H, 26, { fill: COLOURS.felt, stroke: '#0a2a1a', lineWidth: 4 });
  drawRoundRect(ctx, MARGIN + 4, TABLE_TOP + 8, WIDTH - 2 * MARGIN - 8, TABLE_H - 16, 20, { stroke: COLOURS.feltLine, lineWidth: 2 });
  for (const col of [LEFT, RIGHT]) {
    drawRoundRect(ctx, col.x, TABLE_TOP + 20, col.w, TABLE_H - 40, 16, { fill: COLOURS.feltDark });
  }
  drawText(ctx, t('honderden.board.trump'), LEFT.x + 16, TABLE_TOP + 44, { size: 20, weight: 'bold', colour: COLOURS.textDim });
  drawText(ctx, t('honderden.board.last-trick'), RIGHT.x + 16, TABLE_TOP + 44, { size: 20, weight: 'bold', colour: COLOURS.textDim });
}

// ---------------------------------------------------------------------------------------------

/** Text shrunk (down to `minSize`) before it is cut to fit `maxWidth`. */
function drawFitted(ctx: Ctx, text: string, x: number, y: number, maxWidth: number, style: { size: number; minSize: number; weight?: 'bold' | 'normal'; colour: string; align?: 'left' | 'center'; halo?: string }): number {
  let size = style.size;
  while (size > style.minSize && textWidth(ctx, text, size, style.weight ?? 'normal') > maxWidth) size--;
  const { minSize: _, ...rest } = style;
  return drawText(ctx, text, x, y, { ...rest, size, maxWidth });
}

const nameOf = (players: BoardPlayer[], seat: number, max = 14) => shortName(players[seat]?.name ?? `#${seat + 1}`, max);
const swatchOf = (players: BoardPlayer[], seat: number) => PLAYER_HEX[players[seat]?.colour ?? 'blue'];

/** A player's name on a chip of his colour, centred on cx, the name shortened to fit `maxWidth`. */
function nameChip(ctx: Ctx, players: BoardPlayer[], seat: number, cx: number, cy: number, size: number, maxWidth: number): void {
  const swatch = swatchOf(players, seat);
  const paddingX = Math.round(size * 0.5);
  const player = players[seat];
  const fits = (text: string) => textWidth(ctx, text, size, 'bold') + 2 * paddingX <= maxWidth;
  const full = player === undefined ? `#${seat + 1}` : fits(player.name) || player.short === undefined ? player.name : player.short;
  let name = full;
  for (let max = [...full].length; max > 2 && !fits(name); max--) name = shortName(full, max - 1);
  drawChip(ctx, name, cx, cy, { size, fill: swatch.fill, ink: swatch.ink, border: OUTLINE, align: 'center', height: Math.round(size * 1.55), paddingX });
}

function drawHeader(ctx: Ctx, view: HonderdenView, t: Translate): void {
  ctx.fillStyle = COLOURS.header;
  ctx.fillRect(0, 0, WIDTH, HEADER_H);
  const cy = HEADER_H / 2;
  let x = 24;
  x += drawText(ctx, t('game.honderden.name'), x, cy, { size: 30, weight: 'bold', colour: COLOURS.text }) + 16;
  x += drawChip(ctx, t('honderden.board.hand', { hand: view.handNumber, game: view.game }), x, cy, { size: 21, fill: COLOURS.gold, ink: COLOURS.ink }).width + 10;
  if (!view.over) {
    const trick = view.phase === 'roemAnswer' ? t('honderden.board.roem-answer') : t('honderden.board.trick', { trick: Math.min(view.tricksPlayed + 1, view.tricksPerHand), tricks: view.tricksPerHand });
    drawChip(ctx, trick, x, cy, { size: 21, fill: '#e8e1cc', ink: COLOURS.ink });
  }
  drawChip(ctx, t('honderden.board.target', { target: view.target }), WIDTH - 24, cy, { size: 19, fill: '#21382c', ink: COLOURS.text, align: 'right' });
}

/** Left column: trump, and the stock with the open trump card under it (or the dealer's open card). */
function drawTrumpAndStock(ctx: Ctx, view: HonderdenView, players: BoardPlayer[], t: Translate): void {
  const x = LEFT.x;
  const top = TABLE_TOP + 20;
  // The trump suit on a white disc, its name beside it.
  const discX = x + 56;
  const discY = top + 88;
  ctx.beginPath();
  ctx.arc(discX, discY, 40, 0, Math.PI * 2);
  ctx.fillStyle = COLOURS.cardFace;
  ctx.fill();
  ctx.strokeStyle = COLOURS.gold;
  ctx.lineWidth = 4;
  ctx.stroke();
  drawSuit(ctx, view.trump, discX, discY + 2, 50);
  const textX = discX + 50;
  const room = x + LEFT.w - 10 - textX;
  const suitName = t(`honderden.board.suit.${view.trump}`);
  let size = 26;
  while (size > 18 && textWidth(ctx, suitName, size, 'bold') > room) size--;
  drawText(ctx, suitName, textX, discY - 12, { size, weight: 'bold', colour: COLOURS.text, maxWidth: room });
  drawText(ctx, t('honderden.board.jas-nel'), textX, discY + 20, { size: 17, weight: 'bold', colour: COLOURS.gold, maxWidth: room });

  const areaY = top + 150;
  if (view.rules === 'two') {
    if (view.lastChoice) {
      // The last draw: the hidden card (face down; version 1 games showed it) beside the open trump card.
      drawText(ctx, t('honderden.board.choice'), x + LEFT.w / 2, areaY + 8, { size: 18, weight: 'bold', colour: COLOURS.gold, align: 'center', maxWidth: LEFT.w - 20 });
      const cw = 82;
      const ch = 115;
      const hidden = view.lastChoice.hidden;
      if (hidden === null) drawCardBack(ctx, x + 16, areaY + 28, cw, ch);
      else drawCard(ctx, t, hidden, x + 16, areaY + 28, cw, ch, suitOf(hidden) === view.trump);
      drawCard(ctx, t, view.lastChoice.open, x + LEFT.w - 16 - cw, areaY + 28, cw, ch, true);
      drawText(ctx, t('honderden.board.or'), x + LEFT.w / 2, areaY + 28 + ch / 2, { size: 20, weight: 'bold', colour: COLOURS.text, align: 'center' });
      drawText(ctx, t('honderden.board.hidden'), x + 16 + cw / 2, areaY + 28 + ch + 18, { size: 15, weight: 'bold', colour: COLOURS.textDim, align: 'center' });
      drawText(ctx, t('honderden.board.open'), x + LEFT.w - 16 - cw / 2, areaY + 28 + ch + 18, { size: 15, weight: 'bold', colour: COLOURS.textDim, align: 'center' });
      return;
    }
    if (view.trumpCard !== null) {
      // The open trump card lies under the stock, its index showing on the left.
      const cardX = x + 30;
      const cardY = areaY + 24;
      drawCard(ctx, t, view.trumpCard, cardX, cardY, STOCK_CARD.w, STOCK_CARD.h, true);
      const pileX = cardX + 52;
      const pileY = cardY - 8;
      const layers = Math.min(4, Math.ceil(view.stockSize / 4));
      for (let i = 0; i < layers; i++) drawCardBack(ctx, pileX + i * 3, pileY - i * 3, STOCK_CARD.w, STOCK_CARD.h);
      drawChip(ctx, t('honderden.board.stock', { count: view.stockSize }), x + LEFT.w / 2, areaY + STOCK_CARD.h + 48, { size: 19, fill: COLOURS.header, ink: COLOURS.text, align: 'center' });
      return;
    }
    drawFitted(ctx, t('honderden.board.stock.empty'), x + LEFT.w / 2, areaY + 50, LEFT.w - 20, { size: 22, minSize: 17, weight: 'bold', colour: COLOURS.text, align: 'center' });
    drawFitted(ctx, t('honderden.board.follow'), x + LEFT.w / 2, areaY + 84, LEFT.w - 20, { size: 18, minSize: 14, colour: COLOURS.textDim, align: 'center' });
    drawFitted(ctx, t('honderden.board.follow.trump'), x + LEFT.w / 2, areaY + 110, LEFT.w - 20, { size: 18, minSize: 14, colour: COLOURS.textDim, align: 'center' });
    return;
  }
  // Three players: the dealer's last card was dealt face up and stays his.
  drawText(ctx, t('honderden.board.turned-up'), x + LEFT.w / 2, areaY + 6, { size: 17, weight: 'bold', colour: COLOURS.textDim, align: 'center', maxWidth: LEFT.w - 16 });
  drawCard(ctx, t, view.turnedUp, x + 18, areaY + 24, STOCK_CARD.w, STOCK_CARD.h, true);
  const besideX = x + 18 + STOCK_CARD.w + 10;
  const chipW = x + LEFT.w - 8 - besideX;
  nameChip(ctx, players, view.dealer, besideX + chipW / 2, areaY + 24 + STOCK_CARD.h / 2, 17, chipW);
  drawText(ctx, t('honderden.board.follow.three'), x + LEFT.w / 2, areaY + STOCK_CARD.h + 50, { size: 17, colour: COLOURS.textDim, align: 'center', maxWidth: LEFT.w - 16 });
}

/** The cards of a trick in a row, each with its player's name below; empty places for those still to play. */
function drawTrickRow(
  ctx: Ctx,
  t: Translate,
  order: number[],
  plays: readonly Play[],
  trump: Suit,
  players: BoardPlayer[],
  box: { x: number; w: number },
  y: number,
  card: { w: number; h: number },
  options: { toAct: number | null; winner: number | null; chip: number; maxGap: number },
): void {
  const gap = Math.min(options.maxGap, (box.w - order.length * card.w) / Math.max(1, order.length + 1));
  const total = order.length * card.w + (order.length - 1) * gap;
  let x = box.x + (box.w - total) / 2;
  for (const seat of order) {
    const play = plays.find((p) => p.seat === seat);
    if (play) {
      if (seat === options.winner) drawRoundRect(ctx, x - 6, y - 6, card.w + 12, card.h + 12, card.w * 0.12, { stroke: COLOURS.gold, lineWidth: 4 });
      drawCard(ctx, t, play.card, x, y, card.w, card.h, suitOf(play.card) === trump);
    } else drawSlot(ctx, x, y, card.w, card.h, seat === options.toAct);
    nameChip(ctx, players, seat, x + card.w / 2, y + card.h + 8 + options.chip, options.chip, card.w + gap - 6);
    x += card.w + gap;
  }
}

/** The seats in playing order from `first`. */
function orderFrom(view: HonderdenView, first: number): number[] {
  const players = view.players;
  const start = Math.max(0, players.indexOf(first));
  return players.map((_, i) => players[(start + i) % players.length] as number);
}

function boardStatus(view: HonderdenView, players: BoardPlayer[], t: Translate): string {
  const seat = view.waitingFor[0];
  if (seat === undefined) return '';
  const player = nameOf(players, seat, 16);
  switch (view.phase) {
    case 'play':
      return t(view.trick.plays.length === 0 ? 'honderden.board.status.lead' : 'honderden.board.status.play', { player });
    case 'roemAnswer': {
      const standing = view.roem.find((st) => st.status === 'standing');
      return t('honderden.board.status.answer', { player, other: standing ? nameOf(players, standing.seat, 16) : '?' });
    }
    case 'chooseLast':
      return t('honderden.board.status.choose', { player });
    case 'over':
      return '';
  }
}

/** The middle of the felt: the trick being played (or the result of the hand that just ended). */
function drawMiddle(ctx: Ctx, view: HonderdenView, players: BoardPlayer[], t: Translate): void {
  const top = TABLE_TOP + 20;
  const showResult = view.lastResult !== null && (view.over || (view.tricksPlayed === 0 && view.trick.plays.length === 0));
  if (showResult) {
    drawResult(ctx, view, view.lastResult as HandResult, players, t, top);
  } else {
    const order = orderFrom(view, view.trick.leader);
    const y = top + 34;
    const label = view.phase === 'roemAnswer' ? t('honderden.board.next-trick') : t('honderden.board.this-trick', { trick: Math.min(view.tricksPlayed + 1, view.tricksPerHand) });
    drawText(ctx, label, MIDDLE.x + MIDDLE.w / 2, top + 14, { size: 20, weight: 'bold', colour: COLOURS.textDim, align: 'center' });
    drawTrickRow(ctx, t, order, view.trick.plays, view.trump, players, MIDDLE, y, TRICK_CARD, { toAct: view.phase === 'play' ? (view.waitingFor[0] ?? null) : null, winner: null, chip: 19, maxGap: 60 });
  }
  if (!view.over) {
    drawFitted(ctx, boardStatus(view, players, t), MIDDLE.x + MIDDLE.w / 2, TABLE_TOP + TABLE_H - 38, MIDDLE.w - 10, { size: 26, minSize: 18, weight: 'bold', colour: COLOURS.gold, align: 'center', halo: '#0b2a1b' });
  }
}

/** The result of the hand that just ended: everyone's points, the winner and his game points. */
function drawResult(ctx: Ctx, view: HonderdenView, r: HandResult, players: BoardPlayer[], t: Translate, top: number): void {
  const cx = MIDDLE.x + MIDDLE.w / 2;
  const rows = r.points.filter((p) => p !== null).length;
  const won = view.over && view.winner !== null;
  const height = (won ? 46 : 0) + 118 + rows * 34;
  drawRoundRect(ctx, MIDDLE.x, top, MIDDLE.w, height, 16, { fill: 'rgba(5,20,12,0.55)', stroke: view.over ? COLOURS.gold : COLOURS.feltLine, lineWidth: view.over ? 4 : 2 });
  let y = top + 30;
  if (won && view.winner !== null) {
    drawFitted(ctx, t('honderden.board.match-won', { player: nameOf(players, view.winner, 20) }), cx, y + 6, MIDDLE.w - 30, { size: 34, minSize: 24, weight: 'bold', colour: COLOURS.gold, align: 'center' });
    y += 46;
  }
  const title =
    r.winner !== null
      ? t(r.gamePoints === 1 ? 'honderden.board.result.won.one' : 'honderden.board.result.won', { hand: r.hand, player: nameOf(players, r.winner, 14), points: r.gamePoints })
      : r.next === 'replay'
        ? t('honderden.board.result.tie', { hand: r.hand })
        : t('honderden.board.result.carried', { hand: r.hand });
  drawFitted(ctx, title, cx, y, MIDDLE.w - 30, { size: 24, minSize: 18, weight: 'bold', colour: COLOURS.text, align: 'center' });
  y += 30;
  const how = [
    t(`honderden.board.ending.${r.ending}`, { player: r.claimer === null ? '' : nameOf(players, r.claimer, 12) }),
    r.onderJan ? t('honderden.onder-jan') : '',
    r.pit ? t('honderden.pit') : '',
  ].filter(Boolean);
  drawText(ctx, how.join(' · '), cx, y, { size: 18, colour: COLOURS.textDim, align: 'center', maxWidth: MIDDLE.w - 30 });
  y += 30;
  // The table of points.
  const cols = ['cards', 'roem', 'stuk', 'last', 'carried', 'total'] as const;
  const nameW = 160;
  const colW = (MIDDLE.w - 30 - nameW) / cols.length;
  const x0 = MIDDLE.x + 15;
  cols.forEach((col, i) => drawText(ctx, t(`honderden.board.col.${col}`), x0 + nameW + colW * (i + 0.5), y, { size: 15, weight: 'bold', colour: COLOURS.textDim, align: 'center', maxWidth: colW - 2 }));
  y += 10;
  r.points.forEach((p, seat) => {
    if (!p) return;
    y += 34;
    const winner = seat === r.winner;
    if (winner) drawRoundRect(ctx, x0 - 4, y - 16, MIDDLE.w - 22, 32, 8, { fill: 'rgba(242,201,76,0.16)' });
    const swatch = swatchOf(players, seat);
    drawRoundRect(ctx, x0, y - 11, 8, 22, 3, { fill: swatch.fill });
    drawText(ctx, nameOf(players, seat, 14), x0 + 16, y, { size: 19, weight: 'bold', colour: COLOURS.text, maxWidth: nameW - 20 });
    const values = [p.cards, p.roem, p.stuk, p.lastTrick, p.carried, p.total];
    values.forEach((v, i) => {
      const last = i === values.length - 1;
      drawText(ctx, last || v > 0 ? String(v) : '–', x0 + nameW + colW * (i + 0.5), y, { size: last ? 24 : 20, weight: 'bold', colour: last ? (p.total >= 100 ? COLOURS.gold : COLOURS.text) : COLOURS.text, align: 'center' });
    });
  });
}

/** Right column: the last trick and who won it. */
function drawLastTrick(ctx: Ctx, view: HonderdenView, players: BoardPlayer[], t: Translate): void {
  const top = TABLE_TOP + 20;
  const last = view.lastTrick;
  if (!last) {
    drawText(ctx, t('honderden.board.no-trick'), RIGHT.x + RIGHT.w / 2, top + 130, { size: 19, colour: COLOURS.textDim, align: 'center', maxWidth: RIGHT.w - 20 });
    return;
  }
  drawChip(ctx, String(view.tricksPlayed), RIGHT.x + RIGHT.w - 16, top + 24, { size: 18, fill: '#e8e1cc', ink: COLOURS.ink, align: 'right', height: 28, paddingX: 10 });
  const order = last.plays.map((p) => p.seat);
  const card = order.length > 2 ? LAST_CARD_THREE : LAST_CARD;
  drawTrickRow(ctx, t, order, last.plays, view.trump, players, { x: RIGHT.x + 2, w: RIGHT.w - 4 }, top + 62, card, { toAct: null, winner: last.winner, chip: 14, maxGap: 24 });
  const y = top + 62 + card.h + 66;
  drawText(ctx, t('honderden.board.won-by'), RIGHT.x + RIGHT.w / 2, y, { size: 18, weight: 'bold', colour: COLOURS.textDim, align: 'center' });
  nameChip(ctx, players, last.winner, RIGHT.x + RIGHT.w / 2, y + 34, 22, RIGHT.w - 20);
}

// ---------------------------------------------------------------------------------------------
// Player rows

function roemLines(view: HonderdenView, seat: number, t: Translate): { text: string; colour: string }[] {
  const lines: { text: string; colour: string }[] = [];
  for (const st of view.roem) {
    if (st.seat !== seat) continue;
    const said = (st.categories ?? []).map((c) => (c.kind === 'carre' ? t('honderden.roem.carre') : t('honderden.board.sequence', { length: c.length, top: rankLetter(t, c.top) }))).join(', ');
    if (st.combos && st.points !== null) {
      const combos = st.combos.map((c) => (c.kind === 'carre' ? t('honderden.board.carre-of', { rank: rankLetter(t, c.rank) }) : t('honderden.board.sequence', { length: c.length, top: rankLetter(t, c.top) }))).join(', ');
      const ok = st.status === 'counted' || st.status === 'hundred';
      lines.push({ text: `${combos} · ${st.points} · ${t(`honderden.roem.status.${st.status}`)}`, colour: ok ? COLOURS.gold : COLOURS.textDim });
    } else {
      // Three players' roem not yet told: only that it was declared or rejected.
      const key = !st.categories
        ? st.kind === 'declare' ? 'honderden.board.said.untold' : 'honderden.board.said.reject.untold'
        : st.kind === 'declare'
          ? st.status === 'rejected' ? 'honderden.board.said.rejected' : 'honderden.board.said'
          : st.status === 'standing' ? 'honderden.board.said.reject.won' : st.status === 'failed' ? 'honderden.board.said.reject.failed' : 'honderden.board.said.reject';
      lines.push({ text: t(key, { roem: said }), colour: st.status === 'rejected' || st.status === 'failed' ? COLOURS.textDim : COLOURS.text });
    }
  }
  return lines;
}

function drawPlayerRow(ctx: Ctx, view: HonderdenView, players: BoardPlayer[], seat: number, y: number, t: Translate): void {
  const swatch = swatchOf(players, seat);
  const toAct = view.waitingFor.includes(seat);
  const gone = view.resigned[seat] === true;
  drawRoundRect(ctx, MARGIN, y, WIDTH - 2 * MARGIN, ROW_H, 12, { fill: seat % 2 === 0 ? COLOURS.row : COLOURS.rowAlt, ...(toAct ? { stroke: COLOURS.gold, lineWidth: 4 } : {}) });
  drawRoundRect(ctx, MARGIN, y, 12, ROW_H, 5, { fill: swatch.fill });
  ctx.save();
  if (gone) ctx.globalAlpha = 0.45;
  const nameW = drawText(ctx, nameOf(players, seat, 16), MARGIN + 26, y + 26, { size: 25, weight: 'bold', colour: COLOURS.text, maxWidth: 250 });
  // Marks beside the name.
  const chips: { text: string; fill: string; ink: string }[] = [];
  if (gone) chips.push({ text: t('honderden.board.left'), fill: '#5b5249', ink: '#ffffff' });
  else if (view.over && view.winner === seat) chips.push({ text: t('honderden.board.winner'), fill: COLOURS.gold, ink: COLOURS.ink });
  else {
    if (toAct) chips.push({ text: t('honderden.board.to-act'), fill: COLOURS.gold, ink: COLOURS.ink });
    if (seat === view.dealer && !view.over) chips.push({ text: t('honderden.board.dealer'), fill: '#e8e1cc', ink: COLOURS.ink });
  }
  let cx = MARGIN + 26 + nameW + 12;
  for (const chip of chips) cx += drawChip(ctx, chip.text, cx, y + 26, { size: 15, fill: chip.fill, ink: chip.ink, height: 26, paddingX: 9 }).width + 6;

  // The hand: backs for the unknown cards, faces for the cards everybody has seen.
  const size = view.handSizes[seat] ?? 0;
  const known = gone || view.over ? [] : (view.knownCards[seat] ?? []);
  const backs = gone || view.over ? 0 : Math.max(0, size - known.length);
  let hx = MARGIN + 26;
  const hy = y + 48;
  for (let i = 0; i < backs; i++) drawCardBack(ctx, hx + i * 15, hy, 38, 54);
  if (backs > 0) hx += (backs - 1) * 15 + 38 + 10;
  for (const card of known) {
    drawCard(ctx, t, card, hx, hy, 40, 56, suitOf(card) === view.trump);
    hx += 44;
  }
  if (!gone && !view.over) drawText(ctx, t(size === 1 ? 'honderden.board.cards.one' : 'honderden.board.cards', { count: size }), hx + 8, hy + 28, { size: 17, colour: COLOURS.textDim });

  // Tricks won.
  const small = { size: 15, weight: 'bold' as const, colour: COLOURS.textDim, align: 'center' as const };
  const tricksX = COL_TRICKS + 40;
  drawText(ctx, t('honderden.board.col.tricks'), tricksX, y + 22, small);
  drawText(ctx, String(view.tricksWon[seat] ?? 0), tricksX, y + 66, { size: 40, weight: 'bold', colour: COLOURS.text, align: 'center' });

  // Roem and stuk.
  drawText(ctx, t('honderden.board.col.roem'), COL_ROEM, y + 22, { ...small, align: 'left' });
  const roem = view.roemPoints[seat] ?? 0;
  let rx = COL_ROEM;
  rx += drawText(ctx, String(roem), rx, y + 58, { size: 34, weight: 'bold', colour: roem > 0 ? COLOURS.gold : COLOURS.textDim }) + 12;
  if (view.stuk[seat]) drawChip(ctx, t('honderden.board.stuk'), rx, y + 58, { size: 17, fill: COLOURS.gold, ink: COLOURS.ink, height: 30, paddingX: 10 });
  roemLines(view, seat, t)
    .slice(0, 1)
    .forEach((line) => drawText(ctx, line.text, COL_ROEM, y + 94, { size: 16, weight: 'bold', colour: line.colour, maxWidth: COL_CARRIED - COL_ROEM - 16 }));

  // Points carried from earlier hands of this game (public: totals of finished hands).
  if (view.handInGame > 1 && !view.over) {
    drawText(ctx, t('honderden.board.col.carried'), COL_CARRIED + 50, y + 22, small);
    drawText(ctx, String(view.carried[seat] ?? 0), COL_CARRIED + 50, y + 62, { size: 32, weight: 'bold', colour: COLOURS.text, align: 'center' });
  }

  // Game points.
  const gx = COL_GAME + 64;
  drawText(ctx, t('honderden.board.col.game-points'), gx, y + 22, small);
  const points = String(view.gamePoints[seat] ?? 0);
  const pw = textWidth(ctx, points, 46, 'bold');
  const of = t('honderden.board.of', { target: view.target });
  const ow = textWidth(ctx, of, 20, 'bold');
  drawText(ctx, points, gx - (pw + ow + 4) / 2, y + 66, { size: 46, weight: 'bold', colour: COLOURS.gold });
  drawText(ctx, of, gx - (pw + ow + 4) / 2 + pw + 4, y + 74, { size: 20, weight: 'bold', colour: COLOURS.textDim });
  ctx.restore();
}

// ---------------------------------------------------------------------------------------------

export function boardHeight(seats: number): number {
  return ROWS_TOP + seats * ROW_H + (seats - 1) * ROW_GAP + 16;
}

/** Draws the board as a PNG from a spectator's view; `players[seat]` gives each seat's name and colour. */
export async function renderHonderdenBoard(view: HonderdenView, players: BoardPlayer[], t: Translate): Promise<Buffer> {
  if (players.length !== view.seats) throw new RangeError(`Honderden is drawn for ${view.seats} players, got ${players.length}`);
  if (view.hand !== null) throw new Error('the board is drawn from a spectator view only');
  const height = boardHeight(view.seats);
  const canvas = newCanvas(WIDTH, height);
  const ctx = canvas.getContext('2d');
  const labels = [t('honderden.board.trump'), t('honderden.board.last-trick')];
  const table = tableLayers.get(`honderden:table:${view.seats}:${labels.join('|')}`, WIDTH, height, (layer) => drawTable(layer, height, t));
  ctx.drawImage(table, 0, 0);
  drawHeader(ctx, view, t);
  drawTrumpAndStock(ctx, view, players, t);
  drawMiddle(ctx, view, players, t);
  drawLastTrick(ctx, view, players, t);
  for (let seat = 0; seat < view.seats; seat++) drawPlayerRow(ctx, view, players, seat, ROWS_TOP + seat * (ROW_H + ROW_GAP), t);
  return encodePng(canvas);
}
