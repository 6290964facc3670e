/**
 * The Halunken & Spelunken board image: the ring of 14 taverns as a track (six along the top,
 * one on the right, six along the bottom right to left, one on the left: clockwise), each with
 * its face-up top card, the cards still beneath it and the street space in front where captains
 * and Black Jack stand. Inside the ring: what the game waits for, the harbour and Black Jack's
 * cards. Below: one row per player with the crew by colour, the movement cards (played ones
 * struck out) and the score. Drawn from a spectator's view only, so no secret choice can appear.
 */
import type { CanvasRenderingContext2D } from 'canvas';
import type { Translate } from '../../i18n/index.js';
import {
  LayerCache,
  OUTLINE,
  PLAYER_HEX,
  drawChip,
  drawPawn,
  drawPawnShape,
  drawRoundRect,
  drawText,
  encodePng,
  newCanvas,
  shapePath,
  textWidth,
  type PlayerColour,
  type PlayerShape,
  type BoardPlayer,
  shortName,
} from '../../render/index.js';
import { SPACES } from './board.js';
import { BLACK_JACK_CARDS, CAPTAIN_CARDS, COLOURS as SAILOR_COLOURS, RUM, type Colour, type MovementCard, type SailorCard } from './cards.js';
import { BLACK_JACK, type HalunkenView, type Piece } from './rules.js';

type Ctx = CanvasRenderingContext2D;

export type { BoardPlayer };

// ---------------------------------------------------------------------------------------------
// Layout (pixels)

const WIDTH = 1200;
const MARGIN = 20;
const HEADER_H = 68;
const GAP = 12;
const TILE_W = (WIDTH - 2 * MARGIN - 5 * GAP) / 6;
const TILE_H = 186;
const RING_TOP = HEADER_H + 14;
const RING_H = 3 * TILE_H + 2 * GAP;
const ROWS_TOP = RING_TOP + RING_H + 16;
const ROW_H = 102;
const ROW_GAP = 8;

/** Inside a tile: the roof, the tavern wall holding the cards, the street space in front. */
const ROOF_H = 30;
const WALL_BOTTOM = 132;
const CARD_W = 72;
const CARD_H = 96;

/** The area inside the ring. */
const CENTRE = { x: MARGIN + TILE_W + GAP, y: RING_TOP + TILE_H + GAP, w: 4 * TILE_W + 3 * GAP, h: TILE_H };

/** Player rows: columns. */
const CREW_X = 432;
const CREW_COL_W = 154;
const SCORE_X = CREW_X + 4 * CREW_COL_W + 8;

const COLOURS = {
  page: '#0e1420',
  header: '#080c14',
  street: '#1a2230',
  cobble: '#232d3e',
  wall: '#6b4526',
  wallDark: '#4a2f19',
  roof: '#8c2f24',
  roofDark: '#5c1d16',
  lantern: '#f7d27a',
  text: '#f3ecdc',
  textDim: '#a9b3c4',
  gold: '#f2c94c',
  ink: '#1c140d',
  row: '#182131',
  rowAlt: '#151d2b',
  centre: '#121a28',
  harbour: '#173247',
  back: '#24395c',
  used: '#343a48',
  usedInk: '#7d8494',
  fresh: '#f4ecd6',
  danger: '#e0412b',
} as const;

interface SailorStyle {
  fill: string;
  ink: string;
  light: string;
}

/** Sailor colours, kept apart by lightness too: light yellow, mid grey, mid red, dark violet. */
export const SAILOR_STYLE: Record<Colour, SailorStyle> = {
  yellow: { fill: '#f4c430', ink: '#1c140d', light: '#fbe7a1' },
  grey: { fill: '#a3acb6', ink: '#1c140d', light: '#d9dee3' },
  violet: { fill: '#6e3fa6', ink: '#ffffff', light: '#b79ad8' },
  red: { fill: '#d2352a', ink: '#ffffff', light: '#f0a39c' },
};

/** Where a space's tile is: 0-5 along the top, 6 on the right, 7-12 along the bottom (right to left), 13 on the left. */
function tileCell(space: number): { row: number; col: number } {
  if (space <= 5) return { row: 0, col: space };
  if (space === 6) return { row: 1, col: 5 };
  if (space <= 12) return { row: 2, col: 12 - space };
  return { row: 1, col: 0 };
}

function tileOrigin(space: number): { x: number; y: number } {
  const { row, col } = tileCell(space);
  return { x: MARGIN + col * (TILE_W + GAP), y: RING_TOP + row * (TILE_H + GAP) };
}

// ---------------------------------------------------------------------------------------------
// Cards, drawn once per look and size

const cardImages = new LayerCache(42 * 3 + 24);

/** A small mark per colour, so that the colours differ by shape as well. */
const COLOUR_SHAPE: Record<Colour, PlayerShape> = { yellow: 'circle', grey: 'square', violet: 'diamond', red: 'triangle' };

function colourMark(ctx: Ctx, colour: Colour, cx: number, cy: number, r: number, fill: string): void {
  shapePath(ctx, COLOUR_SHAPE[colour], cx, cy, r);
  ctx.fillStyle = fill;
  ctx.fill();
}

function drawSailorCard(ctx: Ctx, card: SailorCard, x: number, y: number, w: number, h: number): void {
  const key = `halunken:card:${card.colour}:${card.value}:${w}x${h}`;
  const image = cardImages.get(key, w + 4, h + 4, (layer) => {
    const style = SAILOR_STYLE[card.colour];
    const big = h >= 60;
    drawRoundRect(layer, 2, 2, w, h, Math.max(3, w * 0.1), { fill: style.fill, stroke: OUTLINE, lineWidth: big ? 3 : 2 });
    if (big) {
      drawRoundRect(layer, 6, 6, w - 8, h - 8, w * 0.07, { stroke: style.light, lineWidth: 2 });
      colourMark(layer, card.colour, 2 + w * 0.22, 2 + h * 0.15, w * 0.08, style.ink);
      colourMark(layer, card.colour, 2 + w * 0.78, 2 + h * 0.85, w * 0.08, style.ink);
    }
    drawText(layer, String(card.value), 2 + w / 2, 2 + h / 2 + (big ? 3 : 1), {
      size: Math.round(big ? h * 0.46 : h * 0.58),
      weight: 'bold',
      colour: style.ink,
      align: 'center',
    });
  });
  ctx.drawImage(image, Math.round(x) - 2, Math.round(y) - 2);
}

function drawCardBack(ctx: Ctx, x: number, y: number, w: number, h: number): void {
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

/** A movement card as a small tile: fresh (still in hand), used, or laid this round. */
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

function drawMovementTile(ctx: Ctx, card: MovementCard, x: number, y: number, w: number, h: number, state: 'fresh' | 'used' | 'laid' | 'cancelled'): void {
  const key = `halunken:move:${card}:${state}:${w}x${h}`;
  const image = cardImages.get(key, w + 6, h + 6, (layer) => {
    const used = state === 'used';
    drawRoundRect(layer, 3, 3, w, h, 4, {
      fill: used ? COLOURS.used : COLOURS.fresh,
      stroke: state === 'laid' || state === 'cancelled' ? COLOURS.gold : OUTLINE,
      lineWidth: state === 'laid' || state === 'cancelled' ? 3 : 1.5,
    });
    if (card === RUM) drawBottle(layer, 3 + w / 2, 3 + h / 2, h * 0.78, used ? COLOURS.usedInk : '#7a3b12');
    else {
      drawText(layer, String(card), 3 + w / 2, 3 + h / 2 + 1, {
        size: Math.round(Math.min(h * 0.56, card >= 10 ? w * 0.62 : h)),
        weight: 'bold',
        colour: used ? COLOURS.usedInk : COLOURS.ink,
        align: 'center',
      });
    }
    if (used || state === 'cancelled') {
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

// ---------------------------------------------------------------------------------------------
// Pieces

/** Black Jack: a black pawn with a golden outline and a red bandana. */
function drawBlackJack(ctx: Ctx, cx: number, baseY: number, height: number): void {
  ctx.save();
  const { y: headY, r: headR } = drawPawnShape(ctx, cx, baseY, height, { fill: '#111116', outline: COLOURS.gold, lineWidth: Math.max(2, height * 0.09) });
  // The bandana across the head, with its knot.
  ctx.fillStyle = '#c8281e';
  ctx.beginPath();
  ctx.rect(cx - headR, headY - headR * 0.55, headR * 2, headR * 0.5);
  ctx.fill();
  ctx.beginPath();
  ctx.moveTo(cx + headR * 0.8, headY - headR * 0.35);
  ctx.lineTo(cx + headR * 1.6, headY - headR * 0.05);
  ctx.lineTo(cx + headR * 1.4, headY - headR * 0.75);
  ctx.closePath();
  ctx.fill();
  // One eye patch strap and a white skull dot on the chest.
  ctx.fillStyle = '#f3ecdc';
  ctx.beginPath();
  ctx.arc(cx, baseY - height * 0.3, height * 0.08, 0, Math.PI * 2);
  ctx.fill();
  ctx.restore();
}

function drawPiece(ctx: Ctx, piece: Piece, cx: number, baseY: number, height: number, players: BoardPlayer[]): void {
  if (piece === BLACK_JACK) drawBlackJack(ctx, cx, baseY, height);
  else drawPawn(ctx, cx, baseY, height, (players[piece] as BoardPlayer).colour);
}

// ---------------------------------------------------------------------------------------------
// The static ring: tiles, numbers, street, lanterns and direction marks, drawn once per language

const ringLayers = new LayerCache(4);

function drawTileFrame(ctx: Ctx, space: number): void {
  const { x, y } = tileOrigin(space);
  // Street space in front (the lit spot where pieces stand).
  drawRoundRect(ctx, x, y + WALL_BOTTOM - 8, TILE_W, TILE_H - WALL_BOTTOM + 8, 12, { fill: COLOURS.cobble, stroke: '#0b0f17', lineWidth: 2 });
  const glow = ctx.createRadialGradient(x + TILE_W / 2, y + TILE_H - 22, 4, x + TILE_W / 2, y + TILE_H - 22, TILE_W * 0.55);
  glow.addColorStop(0, 'rgba(247, 210, 122, 0.30)');
  glow.addColorStop(1, 'rgba(247, 210, 122, 0)');
  ctx.fillStyle = glow;
  ctx.fillRect(x + 2, y + WALL_BOTTOM, TILE_W - 4, TILE_H - WALL_BOTTOM - 2);
  // The tavern: wall and roof.
  drawRoundRect(ctx, x + 6, y + ROOF_H - 4, TILE_W - 12, WALL_BOTTOM - ROOF_H + 2, 6, { fill: COLOURS.wall, stroke: OUTLINE, lineWidth: 2.5 });
  ctx.strokeStyle = COLOURS.wallDark;
  ctx.lineWidth = 2;
  for (let ly = y + ROOF_H + 14; ly < y + WALL_BOTTOM - 6; ly += 16) {
    ctx.beginPath();
    ctx.moveTo(x + 9, ly);
    ctx.lineTo(x + TILE_W - 9, ly);
    ctx.stroke();
  }
  ctx.beginPath();
  ctx.moveTo(x, y + ROOF_H);
  ctx.lineTo(x + 18, y + 2);
  ctx.lineTo(x + TILE_W - 18, y + 2);
  ctx.lineTo(x + TILE_W, y + ROOF_H);
  ctx.closePath();
  ctx.fillStyle = COLOURS.roof;
  ctx.fill();
  ctx.strokeStyle = OUTLINE;
  ctx.lineWidth = 2.5;
  ctx.stroke();
  // The tavern's number on a sign in the roof.
  drawRoundRect(ctx, x + TILE_W / 2 - 22, y + 4, 44, 24, 8, { fill: COLOURS.fresh, stroke: OUTLINE, lineWidth: 2 });
  drawText(ctx, String(space + 1), x + TILE_W / 2, y + 17, { size: 20, weight: 'bold', colour: COLOURS.ink, align: 'center' });
}

/** A small triangle in the gap between two tiles, pointing the way pieces move. */
function drawDirection(ctx: Ctx, from: number, to: number): void {
  const a = tileOrigin(from);
  const b = tileOrigin(to);
  const ca = { x: a.x + TILE_W / 2, y: a.y + TILE_H / 2 };
  const cb = { x: b.x + TILE_W / 2, y: b.y + TILE_H / 2 };
  const horizontal = Math.abs(ca.x - cb.x) > Math.abs(ca.y - cb.y);
  const mx = horizontal ? (ca.x < cb.x ? a.x + TILE_W + GAP / 2 : a.x - GAP / 2) : ca.x;
  const my = horizontal ? a.y + TILE_H - 28 : ca.y < cb.y ? a.y + TILE_H + GAP / 2 : a.y - GAP / 2;
  const angle = Math.atan2(cb.y - ca.y, cb.x - ca.x);
  ctx.save();
  ctx.translate(mx, horizontal ? my : my);
  if (!horizontal) ctx.translate(TILE_W / 2 - 24, 0);
  ctx.rotate(angle);
  ctx.beginPath();
  ctx.moveTo(7, 0);
  ctx.lineTo(-5, -7);
  ctx.lineTo(-5, 7);
  ctx.closePath();
  ctx.fillStyle = COLOURS.gold;
  ctx.fill();
  ctx.restore();
}

function drawRing(ctx: Ctx, view: HalunkenView): void {
  drawRoundRect(ctx, MARGIN - 8, RING_TOP - 8, WIDTH - 2 * MARGIN + 16, RING_H + 16, 18, { fill: COLOURS.street });
  for (let space = 0; space < SPACES; space++) drawTileFrame(ctx, space);
  for (let space = 0; space < SPACES; space++) drawDirection(ctx, space, (space + 1) % SPACES);
  // The centre: a dark harbour basin.
  drawRoundRect(ctx, CENTRE.x, CENTRE.y, CENTRE.w, CENTRE.h, 14, { fill: COLOURS.centre, stroke: '#2b3a52', lineWidth: 2 });
  if (view.variant === 'standard') {
    const h = harbourBox();
    drawRoundRect(ctx, h.x, h.y, h.w, h.h, 10, { fill: COLOURS.harbour, stroke: '#2f5a78', lineWidth: 2 });
    // Gentle waves in the harbour.
    ctx.strokeStyle = 'rgba(120, 180, 220, 0.18)';
    ctx.lineWidth = 2;
    for (let wy = h.y + 18; wy < h.y + h.h; wy += 22) {
      for (let wx = h.x + 10 + ((wy / 22) % 2) * 20; wx < h.x + h.w - 30; wx += 60) {
        ctx.beginPath();
        ctx.moveTo(wx, wy);
        ctx.quadraticCurveTo(wx + 8, wy - 5, wx + 16, wy);
        ctx.quadraticCurveTo(wx + 24, wy + 5, wx + 32, wy);
        ctx.stroke();
      }
    }
    const b = blackJackBox();
    drawRoundRect(ctx, b.x, b.y, b.w, b.h, 10, { fill: '#1d1a22', stroke: '#4a3f2a', lineWidth: 2 });
  }
}

const STATUS_H = 44;

function harbourBox(): { x: number; y: number; w: number; h: number } {
  return { x: CENTRE.x + 10, y: CENTRE.y + STATUS_H + 4, w: CENTRE.w * 0.56, h: CENTRE.h - STATUS_H - 14 };
}

function blackJackBox(): { x: number; y: number; w: number; h: number } {
  const h = harbourBox();
  return { x: h.x + h.w + 10, y: h.y, w: CENTRE.x + CENTRE.w - 10 - (h.x + h.w + 10), h: h.h };
}

// ---------------------------------------------------------------------------------------------
// What changes: tavern cards, pieces, centre, players

function drawTaverns(ctx: Ctx, view: HalunkenView, t: Translate): void {
  for (let space = 0; space < SPACES; space++) {
    const { x, y } = tileOrigin(space);
    const tavernView = view.taverns[space];
    if (!tavernView) continue;
    const cardX = x + TILE_W / 2 - CARD_W / 2 - 12;
    const cardY = y + ROOF_H + 2;
    const backs = tavernView.top ? tavernView.hidden : tavernView.hidden - 1;
    // The cards beneath peek out to the right, one step per card.
    for (let k = Math.min(backs, 2); k >= 1; k--) drawCardBack(ctx, cardX + k * 9, cardY, CARD_W, CARD_H);
    if (tavernView.top) drawSailorCard(ctx, tavernView.top, cardX, cardY, CARD_W, CARD_H);
    else if (tavernView.hidden > 0) drawCardBack(ctx, cardX, cardY, CARD_W, CARD_H);
    else {
      drawRoundRect(ctx, cardX, cardY, CARD_W, CARD_H, 7, { stroke: 'rgba(243, 236, 220, 0.35)', lineWidth: 2 });
    }
    const count = tavernView.hidden + (tavernView.top ? 1 : 0);
    if (count === 0) {
      drawText(ctx, t('halunken.board.empty'), cardX + CARD_W / 2, cardY + CARD_H / 2, { size: 15, weight: 'bold', colour: 'rgba(243, 236, 220, 0.55)', align: 'center', maxWidth: CARD_W - 6 });
    } else {
      // How many cards the pile holds, the top one included.
      const chip = drawChip(ctx, String(count), x + TILE_W - 10, cardY + CARD_H - 14, { size: 17, fill: COLOURS.ink, ink: COLOURS.text, border: COLOURS.wallDark, align: 'right', iconWidth: 14, height: 28, paddingX: 8 });
      drawRoundRect(ctx, chip.x + 7, chip.y + 7, 10, 14, 2, { fill: COLOURS.back, stroke: COLOURS.gold, lineWidth: 1.2 });
    }
  }
}

/** The pieces standing on each space (two only for a moment, while a lander decides). */
function piecesBySpace(view: HalunkenView): Map<number, Piece[]> {
  const map = new Map<number, Piece[]>();
  view.captains.forEach((space, seat) => {
    if (space === null || space === undefined || view.resigned[seat]) return;
    map.set(space, [...(map.get(space) ?? []), seat]);
  });
  if (view.blackJack !== null) map.set(view.blackJack, [...(map.get(view.blackJack) ?? []), BLACK_JACK]);
  return map;
}

function drawPieces(ctx: Ctx, view: HalunkenView, players: BoardPlayer[], t: Translate): void {
  for (const [space, pieces] of piecesBySpace(view)) {
    const { x, y } = tileOrigin(space);
    const baseY = y + TILE_H - 8;
    if (pieces.length === 1) {
      const piece = pieces[0] as Piece;
      drawPiece(ctx, piece, x + 28, baseY, 44, players);
      const name = piece === BLACK_JACK ? t('halunken.board.black-jack') : (players[piece] as BoardPlayer).name;
      const swatch = piece === BLACK_JACK ? { fill: '#111116', ink: COLOURS.gold } : PLAYER_HEX[(players[piece] as BoardPlayer).colour];
      drawChip(ctx, shortName(name, 11), x + 52, baseY - 20, { size: 16, fill: swatch.fill, ink: swatch.ink, border: OUTLINE, height: 28, paddingX: 8 });
    } else {
      pieces.slice(0, 3).forEach((piece, i) => drawPiece(ctx, piece, x + 28 + i * 38, baseY, 44, players));
    }
  }
}

function boardStatus(view: HalunkenView, players: BoardPlayer[], t: Translate): string {
  const name = (seat: number) => shortName((players[seat] as BoardPlayer | undefined)?.name ?? `#${seat + 1}`, 16);
  const p = view.phase;
  switch (p.name) {
    case 'placeCaptain':
      return t('halunken.board.status.place', { player: name(p.seat) });
    case 'placeBlackJack':
      return t('halunken.board.status.place-black-jack', { player: name(p.seat) });
    case 'auction': {
      const best = p.bids.at(-1);
      const player = name(p.order[0] as number);
      return best
        ? t('halunken.board.status.auction.offer', { player, bidder: name(best.seat), value: best.card.value, colour: t(`halunken.colour.${best.card.colour}`) })
        : t('halunken.board.status.auction', { player });
    }
    case 'choose': {
      const waiting = view.waitingFor.length;
      return waiting === 1
        ? t('halunken.board.status.choose.one', { player: name(view.waitingFor[0] as number) })
        : t('halunken.board.status.choose', { count: waiting });
    }
    case 'rum':
      return t(p.piece === BLACK_JACK ? 'halunken.board.status.rum.black-jack' : 'halunken.board.status.rum', { player: name(p.seat) });
    case 'decide': {
      const d = p.decision;
      switch (d.kind) {
        case 'landingSteal':
          return t(d.by === 'blackJack' ? 'halunken.board.status.landing.black-jack' : 'halunken.board.status.landing', { player: name(d.seat), victim: name(d.victim) });
        case 'robbery':
          return t('halunken.board.status.robbery', { player: name(d.seat), victim: name(d.victim) });
        case 'harbour':
          return t('halunken.board.status.harbour', { player: name(d.seat) });
        case 'give':
          return t('halunken.board.status.give', { player: name(d.seat) });
      }
      return '';
    }
    case 'resolve':
      return '';
    case 'over':
      return t('halunken.board.status.over');
  }
}

function drawCentre(ctx: Ctx, view: HalunkenView, players: BoardPlayer[], t: Translate): void {
  if (view.over) {
    drawFinal(ctx, view, players, t);
    return;
  }
  // A long status line gets a smaller font before it gets cut.
  const status = boardStatus(view, players, t);
  let size = 24;
  while (size > 18 && textWidth(ctx, status, size, 'bold') > CENTRE.w - 24) size--;
  drawText(ctx, status, CENTRE.x + CENTRE.w / 2, CENTRE.y + STATUS_H / 2 + 4, {
    size,
    weight: 'bold',
    colour: COLOURS.gold,
    align: 'center',
    maxWidth: CENTRE.w - 24,
  });
  if (view.variant !== 'standard') {
    drawText(ctx, t('halunken.board.beginner'), CENTRE.x + CENTRE.w / 2, CENTRE.y + 80, { size: 22, weight: 'bold', colour: COLOURS.text, align: 'center', maxWidth: CENTRE.w - 30 });
    // The four colours and their values, a reminder of what is worth hunting.
    const colW = (CENTRE.w - 40) / 4;
    SAILOR_COLOURS.forEach((colour, i) => {
      const x = CENTRE.x + 20 + i * colW;
      const style = SAILOR_STYLE[colour];
      drawRoundRect(ctx, x + 6, CENTRE.y + 104, colW - 12, 34, 8, { fill: style.fill, stroke: OUTLINE, lineWidth: 2 });
      drawText(ctx, t(`halunken.board.values.${colour}`), x + colW / 2, CENTRE.y + 122, { size: 18, weight: 'bold', colour: style.ink, align: 'center', maxWidth: colW - 20 });
    });
    drawText(ctx, t('halunken.board.doubled-hint'), CENTRE.x + CENTRE.w / 2, CENTRE.y + 162, { size: 19, colour: COLOURS.textDim, align: 'center', maxWidth: CENTRE.w - 30 });
    return;
  }
  // The harbour: Black Jack's store of sailor cards.
  const h = harbourBox();
  drawText(ctx, t('halunken.board.harbour', { count: view.harbour.length }), h.x + 12, h.y + 17, { size: 19, weight: 'bold', colour: COLOURS.text });
  const cards = [...view.harbour].sort((a, b) => SAILOR_COLOURS.indexOf(a.colour) - SAILOR_COLOURS.indexOf(b.colour) || a.value - b.value);
  const perLine = Math.max(12, Math.ceil(cards.length / 2));
  const step = Math.min(32, (h.w - 24 - 28) / Math.max(1, perLine - 1));
  cards.forEach((card, i) => {
    const line = Math.floor(i / perLine);
    drawSailorCard(ctx, card, h.x + 12 + (i % perLine) * step, h.y + 34 + line * 44, 28, 38);
  });
  if (cards.length === 0) drawText(ctx, t('halunken.board.harbour.empty'), h.x + h.w / 2, h.y + h.h / 2 + 12, { size: 18, colour: COLOURS.textDim, align: 'center' });

  // Black Jack: who hired him, his cards left and played.
  const b = blackJackBox();
  drawBlackJack(ctx, b.x + 30, b.y + 66, 52);
  const hirer =
    view.hirer !== null
      ? t('halunken.board.hired', { player: shortName((players[view.hirer] as BoardPlayer).name, 12) })
      : view.phase.name === 'auction' || view.round === 0
        ? t('halunken.board.for-hire')
        : t('halunken.board.not-hired');
  const hirerSwatch = view.hirer !== null ? PLAYER_HEX[(players[view.hirer] as BoardPlayer).colour] : null;
  drawChip(ctx, hirer, b.x + 62, b.y + 22, { size: 16, fill: hirerSwatch?.fill ?? '#3a3340', ink: hirerSwatch?.ink ?? COLOURS.text, border: OUTLINE, height: 28, paddingX: 9 });
  drawCardBack(ctx, b.x + 64, b.y + 44, 22, 30);
  drawText(ctx, t('halunken.board.deck', { count: view.blackJackCards.length }), b.x + 94, b.y + 59, { size: 17, weight: 'bold', colour: COLOURS.text, maxWidth: b.w - 100 });
  // His whole set in order, the played cards struck out (the order of the rest is secret).
  const laidNow = view.laid.find((l) => l.piece === BLACK_JACK);
  const set: MovementCard[] = view.twoPlayer ? [...CAPTAIN_CARDS] : [...BLACK_JACK_CARDS];
  const tileW = view.twoPlayer ? 30 : 22;
  const stepX = (b.w - 20 - tileW) / (set.length - 1);
  set.forEach((card, i) => {
    const state = laidNow && laidNow.card === card ? (laidNow.cancelled ? 'cancelled' : 'laid') : view.blackJackCards.includes(card) ? 'fresh' : 'used';
    drawMovementTile(ctx, card, b.x + 10 + i * stepX, b.y + 86, tileW, 30, state);
  });
}

function drawFinal(ctx: Ctx, view: HalunkenView, players: BoardPlayer[], t: Translate): void {
  const live = view.totals.map((total, seat) => ({ seat, total })).filter(({ seat }) => !view.resigned[seat]);
  const best = Math.max(...live.map((x) => x.total));
  const winners = live.filter((x) => x.total === best).map((x) => shortName((players[x.seat] as BoardPlayer).name, 22));
  const text = winners.length === 1 ? t('halunken.board.winner', { player: winners[0] as string, score: best }) : t('halunken.board.winners', { players: winners.join(' & '), score: best });
  drawRoundRect(ctx, CENTRE.x, CENTRE.y, CENTRE.w, CENTRE.h, 14, { fill: '#0b0805', stroke: COLOURS.gold, lineWidth: 5 });
  const tooFew = view.phase.name === 'over' && view.phase.reason === 'tooFewPlayers';
  drawText(ctx, tooFew ? t('halunken.board.too-few') : t('halunken.board.game-over'), CENTRE.x + CENTRE.w / 2, CENTRE.y + 44, { size: 24, weight: 'bold', colour: COLOURS.textDim, align: 'center', maxWidth: CENTRE.w - 40 });
  drawText(ctx, text, CENTRE.x + CENTRE.w / 2, CENTRE.y + 98, { size: 44, weight: 'bold', colour: COLOURS.gold, align: 'center', maxWidth: CENTRE.w - 40 });
  if (view.games > 1) {
    const games = t('halunken.board.games-added', { games: view.gameScores.length });
    drawText(ctx, games, CENTRE.x + CENTRE.w / 2, CENTRE.y + 148, { size: 20, weight: 'bold', colour: COLOURS.text, align: 'center', maxWidth: CENTRE.w - 40 });
  }
}

function drawHeader(ctx: Ctx, view: HalunkenView, t: Translate): void {
  ctx.fillStyle = COLOURS.header;
  ctx.fillRect(0, 0, WIDTH, HEADER_H);
  const cy = HEADER_H / 2;
  let x = 24;
  x += drawText(ctx, t('game.halunken.name'), x, cy, { size: 30, weight: 'bold', colour: COLOURS.text }) + 16;
  const round = view.round === 0 ? t('halunken.board.setup') : t('halunken.board.round', { round: view.round, rounds: view.rounds });
  x += drawChip(ctx, round, x, cy, { size: 22, fill: COLOURS.gold, ink: COLOURS.ink }).width + 10;
  if (view.games > 1) drawChip(ctx, t('halunken.board.game', { game: view.game, games: view.games }), x, cy, { size: 20, fill: '#f59a86', ink: COLOURS.ink });
  const variant = t(view.variant === 'beginner' ? 'halunken.board.variant.beginner' : view.twoPlayer ? 'halunken.board.variant.two' : 'halunken.board.variant.standard');
  drawChip(ctx, variant, WIDTH - 24, cy, { size: 19, fill: '#24304a', ink: COLOURS.text, align: 'right' });
}

// ---------------------------------------------------------------------------------------------
// Players

function movementState(view: HalunkenView, seat: number, card: MovementCard): 'fresh' | 'used' | 'laid' | 'cancelled' {
  const laid = view.laid.find((l) => l.piece === seat);
  if (laid && laid.card === card) return laid.cancelled ? 'cancelled' : 'laid';
  return (view.hands[seat] ?? []).includes(card) ? 'fresh' : 'used';
}

function drawPlayerRow(ctx: Ctx, view: HalunkenView, players: BoardPlayer[], seat: number, y: number, t: Translate): void {
  const player = players[seat] as BoardPlayer;
  const swatch = PLAYER_HEX[player.colour];
  const toAct = view.waitingFor.includes(seat);
  const gone = view.resigned[seat] === true;
  drawRoundRect(ctx, MARGIN, y, WIDTH - 2 * MARGIN, ROW_H, 12, {
    fill: seat % 2 === 0 ? COLOURS.row : COLOURS.rowAlt,
    ...(toAct ? { stroke: COLOURS.gold, lineWidth: 4 } : {}),
  });
  drawRoundRect(ctx, MARGIN, y, 12, ROW_H, 5, { fill: swatch.fill });
  ctx.globalAlpha = gone ? 0.45 : 1;
  drawPawn(ctx, MARGIN + 38, y + 46, 38, player.colour);
  drawText(ctx, player.name, MARGIN + 64, y + 26, { size: 24, weight: 'bold', colour: COLOURS.text, maxWidth: CREW_X - MARGIN - 64 - 150 });

  // Movement cards: all eight in order, the played ones struck out, the one laid this round framed.
  CAPTAIN_CARDS.forEach((card, i) => drawMovementTile(ctx, card, MARGIN + 26 + i * 28, y + 58, 25, 34, movementState(view, seat, card)));

  // Marks: hirer, to act, chosen, left.
  const chips: { text: string; fill: string; ink: string; border?: string }[] = [];
  if (gone) chips.push({ text: t('halunken.board.left'), fill: '#5b5249', ink: '#ffffff' });
  if (view.hirer === seat) chips.push({ text: t('halunken.board.black-jack'), fill: '#111116', ink: COLOURS.gold, border: COLOURS.gold });
  if (!gone && view.phase.name === 'choose') {
    if (toAct) chips.push({ text: t('halunken.board.choosing'), fill: COLOURS.gold, ink: COLOURS.ink });
    else chips.push({ text: t('halunken.board.chosen'), fill: '#2f6b45', ink: '#ffffff' });
  } else if (toAct) chips.push({ text: t('halunken.board.to-act'), fill: COLOURS.gold, ink: COLOURS.ink });
  const chipX = CREW_X - 138;
  chips.slice(0, 2).forEach((chip, i) =>
    drawChip(ctx, chip.text, chipX, y + 28 + i * 40, { size: 16, fill: chip.fill, ink: chip.ink, height: 30, paddingX: 10, ...(chip.border ? { border: chip.border } : {}) }),
  );

  // The crew by colour: the sum on top (the doubled colour framed), the cards below.
  const crew = view.crews[seat] ?? [];
  const score = view.scores[seat] ?? null;
  SAILOR_COLOURS.forEach((colour, i) => {
    const x = CREW_X + i * CREW_COL_W;
    const cards = crew.filter((c) => c.colour === colour).sort((a, b) => a.value - b.value);
    const doubled = score?.doubled === colour;
    if (doubled) drawRoundRect(ctx, x + 1, y + 5, CREW_COL_W - 6, ROW_H - 10, 9, { fill: 'rgba(242, 201, 76, 0.12)', stroke: COLOURS.gold, lineWidth: 2.5 });
    const style = SAILOR_STYLE[colour];
    colourMark(ctx, colour, x + 18, y + 20, 8, style.fill);
    const sum = cards.reduce((a, c) => a + c.value, 0);
    const sumWidth = drawText(ctx, cards.length === 0 ? '–' : String(sum), x + 34, y + 21, { size: 21, weight: 'bold', colour: cards.length === 0 ? '#5a6478' : COLOURS.text });
    if (doubled) drawChip(ctx, '×2', x + 42 + sumWidth, y + 21, { size: 15, fill: COLOURS.gold, ink: COLOURS.ink, height: 24, paddingX: 7 });
    const perLine = cards.length <= 10 ? 5 : 6;
    const w = 24;
    const step = Math.min(27, (CREW_COL_W - 16 - w) / (perLine - 1));
    cards.forEach((card, k) => {
      const line = Math.floor(k / perLine);
      drawSailorCard(ctx, card, x + 8 + (k % perLine) * step, y + 38 + line * 32, w, 29);
    });
  });

  // The score now (and in a long game the total of the games before).
  const scoreNow = score?.score ?? 0;
  const cx = SCORE_X + (WIDTH - MARGIN - SCORE_X) / 2;
  drawText(ctx, String(view.over ? (view.totals[seat] ?? 0) : scoreNow), cx, y + 40, { size: 38, weight: 'bold', colour: COLOURS.gold, align: 'center' });
  const earlier =
    view.games > 1 && view.over
      ? t('halunken.board.last-game', { score: scoreNow })
      : view.gameScores.length > 0 && !view.over
        ? t('halunken.board.before', { total: view.totals[seat] ?? 0 })
        : t('halunken.board.points');
  drawText(ctx, earlier, cx, y + 78, { size: 15, weight: 'bold', colour: COLOURS.textDim, align: 'center', maxWidth: WIDTH - MARGIN - SCORE_X - 8 });
  ctx.globalAlpha = 1;
}

// ---------------------------------------------------------------------------------------------

export function boardHeight(seats: number): number {
  return ROWS_TOP + seats * ROW_H + (seats - 1) * ROW_GAP + 16;
}

/** Draws the board as a PNG; `players[seat]` gives each seat's name and colour. */
export async function renderHalunkenBoard(view: HalunkenView, players: BoardPlayer[], t: Translate): Promise<Buffer> {
  if (players.length !== view.seats) throw new RangeError(`Halunken is drawn for ${view.seats} players, got ${players.length}`);
  const height = boardHeight(view.seats);
  const canvas = newCanvas(WIDTH, height);
  const ctx = canvas.getContext('2d');
  // The language is part of the key only through the texts drawn in the layer: none but digits.
  const ring = ringLayers.get(`halunken:ring:${view.variant}`, WIDTH, RING_TOP + RING_H + 12, (layer) => {
    layer.fillStyle = COLOURS.page;
    layer.fillRect(0, 0, WIDTH, RING_TOP + RING_H + 12);
    drawRing(layer, view);
  });
  ctx.fillStyle = COLOURS.page;
  ctx.fillRect(0, 0, WIDTH, height);
  ctx.drawImage(ring, 0, 0);
  drawHeader(ctx, view, t);
  drawTaverns(ctx, view, t);
  drawPieces(ctx, view, players, t);
  drawCentre(ctx, view, players, t);
  for (let seat = 0; seat < view.seats; seat++) drawPlayerRow(ctx, view, players, seat, ROWS_TOP + seat * (ROW_H + ROW_GAP), t);
  return encodePng(canvas);
}
