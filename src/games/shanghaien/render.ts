/**
 * The Shanghaien board image: the tavern row of six cards with each player's dice on his side of
 * it (seat 1 above, seat 2 below), then both crews by nationality. After a shanghai a summary of
 * the distribution comes first (who got which card and why); at the end the final scoring table
 * replaces the row. Everything in Shanghaien is open, but the image is still drawn from a
 * spectator's view only.
 */
import type { CanvasRenderingContext2D } from 'canvas';
import type { Translate } from '../../i18n/index.js';
import {
  LayerCache,
  OUTLINE,
  PLAYER_HEX,
  drawArrow,
  drawChip,
  drawRoundRect,
  drawText,
  encodePng,
  newCanvas,
  type PlayerColour,
  type BoardPlayer,
  shortName,
} from '../../render/index.js';
import {
  DICE_PER_PLAYER,
  NATIONS,
  crewSum,
  type Crew,
  type DieEffect,
  type DistributedCard,
  type FinalScoring,
  type Nation,
  type ShanghaienEvent,
  type ShanghaienView,
  type TavernCard,
  type TrickCard,
} from './rules.js';
import { columnFor } from './sides.js';

type Ctx = CanvasRenderingContext2D;

export type { BoardPlayer };

// ---------------------------------------------------------------------------------------------
// Layout (pixels)

const WIDTH = 1200;
const HEADER_H = 72;
const MARGIN = 20;

/** Tavern cards, drawn in a base size of CARD_W × CARD_H and scaled for the summaries. */
const CARD_W = 160;
const CARD_H = 206;
const CARD_GAP = 22;
const ROW_LEFT = (WIDTH - (6 * CARD_W + 5 * CARD_GAP)) / 2;
const BADGE_R = 25;

const STRIP_H = 62;
const DIE = 42;
const DIE_GAP = 7;
const ZONE_H = 2 * DIE + DIE_GAP + 22;
const TAVERN_H = 12 + STRIP_H + ZONE_H + BADGE_R + CARD_H + ZONE_H + STRIP_H + 12;
/** Where the tavern row lies on a board without a distribution summary (mid-round). */
export const TAVERN_BOX = { top: HEADER_H + 8, height: TAVERN_H };

const DIST_TITLE_H = 48;
const DIST_SCALE = 0.56;
const DIST_H = DIST_TITLE_H + 18 + CARD_H * DIST_SCALE + 118;

const CREW_LABEL_W = 200;
const CREW_NATION_W = 100;
const CREW_TRICKS_W = WIDTH - 2 * MARGIN - CREW_LABEL_W - NATIONS.length * CREW_NATION_W;
const CREW_HEAD_H = 62;
const CREW_ROW_H = 92;
const CREWS_H = 14 + CREW_HEAD_H + 2 * CREW_ROW_H + 18;

const FINAL_HEAD_H = 70;
const FINAL_ROW_H = 54;
const FINAL_NATION_W = 290;
const FINAL_SEAT_W = (WIDTH - 2 * MARGIN - FINAL_NATION_W) / 2;

const BANNER_H = 96;

const COLOURS = {
  page: '#16110d',
  header: '#0d0a07',
  table: '#3a2a1d',
  tableEdge: '#22180f',
  cream: '#f8f1de',
  text: '#f5efe2',
  textDim: '#bfb2a0',
  strip: '#2a1f17',
  current: '#f8e7b0',
  currentInk: '#1c140d',
  gold: '#f2c94c',
  badge: '#1c140d',
  unnumbered: '#8a8070',
  trick: '#2f2838',
  trickBand: '#4a3f58',
  cell: '#2a1f17',
  cellAlt: '#231a13',
  win: '#5a4418',
} as const;

interface NationStyle {
  fill: string;
  ink: string;
}

/** The nationality colours of the rulebook (and purple for the British). */
export const NATION_STYLE: Record<Nation, NationStyle> = {
  american: { fill: '#d63a2f', ink: '#ffffff' },
  french: { fill: '#6cb4ee', ink: '#10202e' },
  german: { fill: '#1f3f8f', ink: '#ffffff' },
  chinese: { fill: '#f2c12e', ink: '#1c140d' },
  dutch: { fill: '#f08a24', ink: '#1c140d' },
  spanish: { fill: '#2f9e4f', ink: '#ffffff' },
  italian: { fill: '#9aa1a8', ink: '#1c140d' },
  british: { fill: '#8047b0', ink: '#ffffff' },
};

/** The x of the left edge of row slot i (0..5, left to right). */
const slotX = (i: number) => ROW_LEFT + i * (CARD_W + CARD_GAP);

// ---------------------------------------------------------------------------------------------
// Symbols: flags, dice, trick icons, all drawn as shapes

function stripes(ctx: Ctx, x: number, y: number, w: number, h: number, colours: string[], vertical: boolean, weights?: number[]): void {
  const ws = weights ?? colours.map(() => 1);
  const total = ws.reduce((a, b) => a + b, 0);
  let at = 0;
  colours.forEach((colour, i) => {
    const part = (ws[i] as number) / total;
    ctx.fillStyle = colour;
    if (vertical) ctx.fillRect(x + at * w, y, part * w + 0.5, h);
    else ctx.fillRect(x, y + at * h, w, part * h + 0.5);
    at += part;
  });
}

function star(ctx: Ctx, cx: number, cy: number, r: number, colour: string): void {
  ctx.beginPath();
  for (let i = 0; i < 10; i++) {
    const radius = i % 2 === 0 ? r : r * 0.42;
    const angle = -Math.PI / 2 + (i * Math.PI) / 5;
    const px = cx + radius * Math.cos(angle);
    const py = cy + radius * Math.sin(angle);
    if (i === 0) ctx.moveTo(px, py);
    else ctx.lineTo(px, py);
  }
  ctx.closePath();
  ctx.fillStyle = colour;
  ctx.fill();
}

/** A simplified flag of the nationality, w × h at (x, y), outlined. */
export function drawFlag(ctx: Ctx, nation: Nation, x: number, y: number, w: number, h: number): void {
  ctx.save();
  ctx.beginPath();
  ctx.rect(x, y, w, h);
  ctx.clip();
  switch (nation) {
    case 'american': {
      stripes(ctx, x, y, w, h, ['#b22234', '#ffffff', '#b22234', '#ffffff', '#b22234', '#ffffff', '#b22234'], false);
      ctx.fillStyle = '#3c3b6e';
      ctx.fillRect(x, y, w * 0.44, h * (4 / 7));
      ctx.fillStyle = '#ffffff';
      for (let r = 0; r < 3; r++) {
        for (let c = 0; c < 3; c++) {
          ctx.beginPath();
          ctx.arc(x + w * 0.44 * ((c + 0.5) / 3), y + h * (4 / 7) * ((r + 0.5) / 3), Math.max(0.8, h * 0.035), 0, Math.PI * 2);
          ctx.fill();
        }
      }
      break;
    }
    case 'french':
      stripes(ctx, x, y, w, h, ['#0055a4', '#ffffff', '#ef4135'], true);
      break;
    case 'german':
      stripes(ctx, x, y, w, h, ['#000000', '#dd0000', '#ffce00'], false);
      break;
    case 'chinese':
      ctx.fillStyle = '#de2910';
      ctx.fillRect(x, y, w, h);
      star(ctx, x + w * 0.2, y + h * 0.3, h * 0.2, '#ffde00');
      for (const [dx, dy] of [
        [0.38, 0.12],
        [0.45, 0.25],
        [0.45, 0.42],
        [0.38, 0.55],
      ] as const) {
        star(ctx, x + w * dx, y + h * dy, h * 0.07, '#ffde00');
      }
      break;
    case 'dutch':
      stripes(ctx, x, y, w, h, ['#ae1c28', '#ffffff', '#21468b'], false);
      break;
    case 'spanish':
      stripes(ctx, x, y, w, h, ['#aa151b', '#f1bf00', '#aa151b'], false, [1, 2, 1]);
      break;
    case 'italian':
      stripes(ctx, x, y, w, h, ['#009246', '#ffffff', '#ce2b37'], true);
      break;
    case 'british': {
      ctx.fillStyle = '#012169';
      ctx.fillRect(x, y, w, h);
      const line = (width: number, colour: string, x1: number, y1: number, x2: number, y2: number) => {
        ctx.strokeStyle = colour;
        ctx.lineWidth = width;
        ctx.beginPath();
        ctx.moveTo(x1, y1);
        ctx.lineTo(x2, y2);
        ctx.stroke();
      };
      line(h * 0.2, '#ffffff', x, y, x + w, y + h);
      line(h * 0.2, '#ffffff', x + w, y, x, y + h);
      line(h * 0.08, '#c8102e', x, y, x + w, y + h);
      line(h * 0.08, '#c8102e', x + w, y, x, y + h);
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(x + w / 2 - h * 0.17, y, h * 0.34, h);
      ctx.fillRect(x, y + h / 2 - h * 0.17, w, h * 0.34);
      ctx.fillStyle = '#c8102e';
      ctx.fillRect(x + w / 2 - h * 0.1, y, h * 0.2, h);
      ctx.fillRect(x, y + h / 2 - h * 0.1, w, h * 0.2);
      break;
    }
  }
  ctx.restore();
  ctx.strokeStyle = OUTLINE;
  ctx.lineWidth = Math.max(1.5, h * 0.06);
  ctx.strokeRect(x, y, w, h);
}

const PIPS: Record<number, [number, number][]> = {
  1: [[0, 0]],
  2: [
    [-1, -1],
    [1, 1],
  ],
  3: [
    [-1, -1],
    [0, 0],
    [1, 1],
  ],
  4: [
    [-1, -1],
    [1, -1],
    [-1, 1],
    [1, 1],
  ],
  5: [
    [-1, -1],
    [1, -1],
    [0, 0],
    [-1, 1],
    [1, 1],
  ],
  6: [
    [-1, -1],
    [1, -1],
    [-1, 0],
    [1, 0],
    [-1, 1],
    [1, 1],
  ],
};

/** A die centred on (cx, cy), `size` across, showing `pips` (0: blank), in a player's colour. */
export function drawDie(ctx: Ctx, cx: number, cy: number, size: number, pips: number, fill: string, ink: string, outline = OUTLINE): void {
  const half = size / 2;
  drawRoundRect(ctx, cx - half, cy - half, size, size, size * 0.2, { fill, stroke: outline, lineWidth: Math.max(1.5, size * 0.07) });
  ctx.fillStyle = ink;
  const step = size * 0.26;
  for (const [dx, dy] of PIPS[pips] ?? []) {
    ctx.beginPath();
    ctx.arc(cx + dx * step, cy + dy * step, size * 0.095, 0, Math.PI * 2);
    ctx.fill();
  }
}

function playerDie(ctx: Ctx, cx: number, cy: number, size: number, pips: number, colour: PlayerColour): void {
  const swatch = PLAYER_HEX[colour];
  drawDie(ctx, cx, cy, size, pips, swatch.fill, swatch.ink);
}

/** The die effect of a trick card as a picture, centred on (cx, cy), about `size` across. */
function drawTrickIcon(ctx: Ctx, effect: DieEffect, cx: number, cy: number, size: number): void {
  if (effect === 'adjust') {
    drawText(ctx, '±1', cx, cy + size * 0.04, { size: size * 0.62, weight: 'bold', colour: COLOURS.currentInk, align: 'center' });
  } else if (effect === 'place-both') {
    const d = size * 0.46;
    drawDie(ctx, cx - d * 0.42, cy - d * 0.3, d, 2, '#ffffff', OUTLINE);
    drawDie(ctx, cx + d * 0.42, cy + d * 0.3, d, 5, '#ffffff', OUTLINE);
  } else {
    // Roll again: a die inside a circular arrow.
    const r = size * 0.4;
    ctx.save();
    ctx.strokeStyle = COLOURS.currentInk;
    ctx.lineWidth = size * 0.08;
    ctx.lineCap = 'round';
    ctx.beginPath();
    ctx.arc(cx, cy, r, -Math.PI * 0.25, Math.PI * 1.35);
    ctx.stroke();
    const a = -Math.PI * 0.25;
    const hx = cx + r * Math.cos(a);
    const hy = cy + r * Math.sin(a);
    ctx.fillStyle = COLOURS.currentInk;
    ctx.beginPath();
    ctx.moveTo(hx + size * 0.12, hy - size * 0.02);
    ctx.lineTo(hx - size * 0.1, hy - size * 0.1);
    ctx.lineTo(hx + size * 0.02, hy + size * 0.13);
    ctx.closePath();
    ctx.fill();
    ctx.restore();
    drawDie(ctx, cx, cy, size * 0.4, 3, '#ffffff', OUTLINE);
  }
}

// ---------------------------------------------------------------------------------------------
// Cards

/** A tavern card in base size with its top-left corner at (0, 0) (the caller translates and scales). */
function drawCardBase(ctx: Ctx, card: TavernCard, t: Translate): void {
  if (card.kind === 'sailor') {
    const style = NATION_STYLE[card.nation];
    drawRoundRect(ctx, 0, 0, CARD_W, CARD_H, 14, { fill: style.fill, stroke: OUTLINE, lineWidth: 4 });
    drawRoundRect(ctx, 11, 30, CARD_W - 22, CARD_H - 80, 10, { fill: COLOURS.cream, stroke: OUTLINE, lineWidth: 2 });
    drawFlag(ctx, card.nation, CARD_W / 2 - 29, 42, 58, 38);
    drawText(ctx, String(card.value), CARD_W / 2, 120, { size: 60, weight: 'bold', colour: COLOURS.currentInk, align: 'center' });
    drawText(ctx, t(`shanghaien.nation.${card.nation}`), CARD_W / 2, CARD_H - 26, {
      size: 22,
      weight: 'bold',
      colour: style.ink,
      align: 'center',
      maxWidth: CARD_W - 16,
    });
  } else {
    drawRoundRect(ctx, 0, 0, CARD_W, CARD_H, 14, { fill: COLOURS.trick, stroke: OUTLINE, lineWidth: 4 });
    drawRoundRect(ctx, 5, 5, CARD_W - 10, CARD_H - 10, 11, { stroke: COLOURS.gold, lineWidth: 2 });
    drawRoundRect(ctx, 11, 30, CARD_W - 22, CARD_H - 80, 10, { fill: COLOURS.cream, stroke: OUTLINE, lineWidth: 2 });
    drawTrickIcon(ctx, card.effect, CARD_W / 2, 76, 66);
    drawText(ctx, t(`shanghaien.board.trick.${card.effect}`), CARD_W / 2, 133, {
      size: 19,
      weight: 'bold',
      colour: COLOURS.currentInk,
      align: 'center',
      maxWidth: CARD_W - 30,
    });
    drawText(ctx, t('shanghaien.board.trick'), CARD_W / 2, CARD_H - 36, { size: 20, weight: 'bold', colour: COLOURS.gold, align: 'center', maxWidth: CARD_W - 16 });
    drawText(ctx, t('shanghaien.board.or-joker'), CARD_W / 2, CARD_H - 15, { size: 15, weight: 'bold', colour: COLOURS.text, align: 'center', maxWidth: CARD_W - 16 });
  }
}

/** Each of the 35 different cards at each of the two sizes, drawn once (they hold text, the slow part). */
const cardImages = new LayerCache(2 * 35 + 6);

function drawCard(ctx: Ctx, card: TavernCard, x: number, y: number, scale: number, t: Translate): void {
  const name = card.kind === 'sailor' ? `${card.nation}:${card.value}` : `trick:${card.effect}`;
  // The language is part of the key: a card's name is drawn on it.
  const key = `shanghaien:${name}:${scale}:${t('shanghaien.nation.american')}:${t('shanghaien.board.trick')}`;
  const pad = 2;
  const image = cardImages.get(key, CARD_W * scale + 2 * pad, CARD_H * scale + 2 * pad, (layer) => {
    layer.translate(pad, pad);
    layer.scale(scale, scale);
    drawCardBase(layer, card, t);
  });
  ctx.drawImage(image, Math.round(x - pad), Math.round(y - pad));
}

/** The card-number badge: a dark disc with the number, or a grey "?" before the row is numbered. */
function drawBadge(ctx: Ctx, cx: number, cy: number, r: number, position: number | null): void {
  ctx.beginPath();
  ctx.arc(cx, cy, r, 0, Math.PI * 2);
  ctx.fillStyle = position === null ? COLOURS.unnumbered : COLOURS.badge;
  ctx.fill();
  ctx.lineWidth = Math.max(2, r * 0.16);
  ctx.strokeStyle = position === null ? COLOURS.cream : COLOURS.gold;
  ctx.stroke();
  drawText(ctx, position === null ? '?' : String(position), cx, cy + r * 0.06, { size: r * 1.25, weight: 'bold', colour: '#ffffff', align: 'center' });
}

/** Mini cards of the crews, by look and size: a few dozen small images, drawn once each. */
const miniImages = new LayerCache(160);

function drawCachedMini(ctx: Ctx, key: string, x: number, y: number, w: number, h: number, draw: (layer: Ctx, w: number, h: number) => void): void {
  const [iw, ih] = [Math.round(w), Math.round(h)];
  const image = miniImages.get(`shanghaien:mini:${key}:${iw}x${ih}`, iw + 2, ih + 2, (layer) => draw(layer, iw, ih));
  ctx.drawImage(image, Math.round(x) - 1, Math.round(y) - 1);
}

/** A small card for crews: a value (or J for a joker) on the nation's colour. */
function drawMiniCard(ctx: Ctx, x: number, y: number, w: number, h: number, fill: string, ink: string, text: string, border = OUTLINE): void {
  drawCachedMini(ctx, `${fill}:${ink}:${border}:${text}`, x, y, w, h, (layer, iw, ih) => {
    drawRoundRect(layer, 1, 1, iw, ih, 4, { fill, stroke: border, lineWidth: 2 });
    drawText(layer, text, 1 + iw / 2, 1 + ih / 2 + 1, { size: ih * 0.6, weight: 'bold', colour: ink, align: 'center' });
  });
}

function drawMiniTrick(ctx: Ctx, effect: DieEffect, x: number, y: number, w: number, h: number): void {
  drawCachedMini(ctx, `trick:${effect}`, x, y, w, h, (layer, iw, ih) => {
    drawRoundRect(layer, 1, 1, iw, ih, 4, { fill: COLOURS.trick, stroke: COLOURS.gold, lineWidth: 2 });
    drawRoundRect(layer, 4, 4, iw - 6, ih - 6, 3, { fill: COLOURS.cream });
    drawTrickIcon(layer, effect, 1 + iw / 2, 1 + ih / 2, Math.min(iw, ih) * 0.9);
  });
}

// ---------------------------------------------------------------------------------------------
// Header and banner

function drawHeader(ctx: Ctx, view: ShanghaienView, t: Translate): void {
  ctx.fillStyle = COLOURS.header;
  ctx.fillRect(0, 0, WIDTH, HEADER_H);
  const cy = HEADER_H / 2;
  let x = 24;
  x += drawText(ctx, t('game.shanghaien.name'), x, cy, { size: 32, weight: 'bold', colour: COLOURS.text }) + 18;
  drawChip(ctx, t('shanghaien.board.round', { round: view.round, rounds: view.rounds }), x, cy, { size: 22, fill: COLOURS.gold, ink: COLOURS.currentInk });
  const deck = drawChip(ctx, t('shanghaien.board.deck', { count: view.drawPileSize }), WIDTH - 24, cy, {
    size: 20,
    fill: '#3a2e24',
    ink: COLOURS.text,
    iconWidth: 28,
    align: 'right',
  });
  drawRoundRect(ctx, deck.x + 12, cy - 14, 20, 28, 4, { fill: '#7a2f25', stroke: COLOURS.gold, lineWidth: 2 });
}

function drawBanner(ctx: Ctx, y: number, text: string, colours: PlayerColour[]): void {
  ctx.fillStyle = '#0b0805';
  ctx.fillRect(0, y, WIDTH, BANNER_H);
  ctx.fillStyle = COLOURS.gold;
  ctx.fillRect(0, y, WIDTH, 4);
  ctx.fillRect(0, y + BANNER_H - 4, WIDTH, 4);
  const cy = y + BANNER_H / 2;
  const width = drawText(ctx, text, WIDTH / 2, cy + 2, { size: 48, weight: 'bold', colour: COLOURS.gold, align: 'center', maxWidth: WIDTH - 240 });
  colours.forEach((colour, i) => {
    playerDie(ctx, WIDTH / 2 - width / 2 - 60, cy, 56, 6 - i, colour);
    playerDie(ctx, WIDTH / 2 + width / 2 + 60, cy, 56, 6 - i, colour);
  });
}

// ---------------------------------------------------------------------------------------------
// The tavern row with the dice

/** A player's strip along his side of the row: name, supply, marks, and the roll waiting to be placed. */
function drawStrip(ctx: Ctx, view: ShanghaienView, players: BoardPlayer[], seat: number, y: number, t: Translate): void {
  const player = players[seat] as BoardPlayer;
  const swatch = PLAYER_HEX[player.colour];
  const isCurrent = !view.over && view.current === seat;
  const ink = isCurrent ? COLOURS.currentInk : COLOURS.text;
  const h = STRIP_H;
  const cy = y + h / 2;
  drawRoundRect(ctx, MARGIN, y, WIDTH - 2 * MARGIN, h, 12, {
    fill: isCurrent ? COLOURS.current : COLOURS.strip,
    ...(isCurrent ? { stroke: COLOURS.gold, lineWidth: 4 } : {}),
  });
  drawRoundRect(ctx, MARGIN, y, 14, h, 5, { fill: swatch.fill });
  let x = MARGIN + 26;
  if (isCurrent) {
    drawArrow(ctx, x, cy, x + 22, cy, { width: 8, colour: OUTLINE });
    x += 32;
  }
  x += drawText(ctx, player.name, x, cy, { size: 26, weight: 'bold', colour: ink, maxWidth: 300 }) + 16;
  if (view.startPlayer === seat) {
    x += drawChip(ctx, t('shanghaien.board.starts'), x, cy, { size: 17, fill: '#5a4632', ink: '#ffffff' }).width + 12;
  }
  // Supply: six dice, the placed ones as empty outlines.
  const supply = view.supply[seat] as number;
  const small = 26;
  for (let i = 0; i < DICE_PER_PLAYER; i++) {
    const dx = x + small / 2 + i * (small + 5);
    if (i < supply) drawDie(ctx, dx, cy, small, 0, swatch.fill, swatch.ink);
    else drawRoundRect(ctx, dx - small / 2, cy - small / 2, small, small, 5, { stroke: isCurrent ? '#9c8a6a' : '#6b5a48', lineWidth: 2 });
  }
  x += DICE_PER_PLAYER * (small + 5) + 8;
  x += drawText(ctx, t('shanghaien.board.supply', { count: supply }), x, cy, { size: 19, weight: 'bold', colour: ink }) + 14;
  if (view.trickUsed[seat]) drawChip(ctx, t('shanghaien.board.trick-used'), x, cy, { size: 17, fill: COLOURS.trick, ink: COLOURS.gold, border: COLOURS.gold });

  if (isCurrent) {
    if (view.rolled) {
      const size = 46;
      const right = WIDTH - MARGIN - 18;
      playerDie(ctx, right - size / 2, cy, size, view.rolled[1], player.colour);
      playerDie(ctx, right - size * 1.5 - 10, cy, size, view.rolled[0], player.colour);
      drawText(ctx, t('shanghaien.board.rolled'), right - size * 2 - 24, cy, { size: 22, weight: 'bold', colour: ink, align: 'right' });
    } else {
      drawChip(ctx, t('shanghaien.board.to-move'), WIDTH - MARGIN - 16, cy, { size: 20, fill: COLOURS.badge, ink: '#ffffff', align: 'right' });
    }
  }
}

/** The dice of one seat at one card, three to a line, the first line nearest the card. */
function drawSlotDice(ctx: Ctx, count: number, pips: number, colour: PlayerColour, left: number, nearY: number, upward: boolean): void {
  for (let i = 0; i < count; i++) {
    const line = Math.floor(i / 3);
    const inLine = Math.min(3, count - line * 3);
    const col = i % 3;
    const cx = left + CARD_W / 2 + (col - (inLine - 1) / 2) * (DIE + DIE_GAP);
    const offset = DIE / 2 + line * (DIE + DIE_GAP);
    playerDie(ctx, cx, upward ? nearY - offset : nearY + offset, DIE, pips, colour);
  }
}

function drawTavern(ctx: Ctx, view: ShanghaienView, players: BoardPlayer[], y0: number, t: Translate): void {
  drawRoundRect(ctx, 8, y0, WIDTH - 16, TAVERN_H, 18, { fill: COLOURS.table, stroke: COLOURS.tableEdge, lineWidth: 6 });
  const strip0 = y0 + 12;
  const zone0 = strip0 + STRIP_H;
  const cardY = zone0 + ZONE_H + BADGE_R;
  const zone1 = cardY + CARD_H;
  const strip1 = zone1 + ZONE_H;
  // Drawn from the side of the player to act, as he sees the row: he sits at the bottom.
  const near = view.over ? 1 : view.current;
  const far = 1 - near;
  // Each side of the row is tinted in its player's colour.
  for (const [seat, top] of [
    [far, zone0],
    [near, zone1 + 4],
  ] as const) {
    ctx.globalAlpha = 0.22;
    drawRoundRect(ctx, MARGIN, top + 4, WIDTH - 2 * MARGIN, ZONE_H - 12, 10, { fill: PLAYER_HEX[(players[seat] as BoardPlayer).colour].fill });
    ctx.globalAlpha = 1;
  }
  drawStrip(ctx, view, players, far, strip0, t);
  drawStrip(ctx, view, players, near, strip1, t);

  view.row.forEach((slot, i) => {
    const x = slotX(columnFor(i, view.row.length, near));
    drawCard(ctx, slot.card, x, cardY, 1, t);
    drawBadge(ctx, x + CARD_W / 2, cardY - 2, BADGE_R, slot.position);
    if (slot.position !== null) {
      drawSlotDice(ctx, slot.dice[far] as number, slot.position, (players[far] as BoardPlayer).colour, x, cardY - BADGE_R - 8, true);
      drawSlotDice(ctx, slot.dice[near] as number, slot.position, (players[near] as BoardPlayer).colour, x, zone1 + 14, false);
    }
  });
  if (view.first === null && view.row.length > 0) {
    // Nobody has placed a die yet: the note sits where the start player's dice will go.
    const noteY = view.startPlayer === near ? zone1 + ZONE_H / 2 + 2 : zone0 + ZONE_H / 2 - 6;
    drawChip(ctx, t('shanghaien.board.unnumbered', { player: shortName((players[view.startPlayer] as BoardPlayer).name, 24) }), WIDTH / 2, noteY, {
      size: 21,
      fill: '#1c140d',
      ink: COLOURS.cream,
      border: COLOURS.unnumbered,
      align: 'center',
    });
  }
}

// ---------------------------------------------------------------------------------------------
// Distribution summary

function drawDistribution(ctx: Ctx, event: { seat: number; cards: DistributedCard[] }, round: number, players: BoardPlayer[], y0: number, t: Translate): void {
  drawRoundRect(ctx, 8, y0, WIDTH - 16, DIST_H - 8, 18, { fill: '#241a12', stroke: COLOURS.gold, lineWidth: 3 });
  const shanghaier = players[event.seat] as BoardPlayer;
  const titleY = y0 + DIST_TITLE_H / 2 + 6;
  const width = drawText(ctx, t('shanghaien.board.distribution', { round, player: shortName(shanghaier.name, 28) }), WIDTH / 2, titleY, {
    size: 28,
    weight: 'bold',
    colour: COLOURS.gold,
    align: 'center',
    maxWidth: WIDTH - 200,
  });
  drawAnchor(ctx, WIDTH / 2 - width / 2 - 30, titleY, 34, COLOURS.gold);
  drawAnchor(ctx, WIDTH / 2 + width / 2 + 30, titleY, 34, COLOURS.gold);

  const w = CARD_W * DIST_SCALE;
  const h = CARD_H * DIST_SCALE;
  const cardTop = y0 + DIST_TITLE_H + 18;
  for (const claim of event.cards) {
    // In card-number order, one column per card.
    const colX = slotX(claim.position - 1);
    const cx = colX + CARD_W / 2;
    drawCard(ctx, claim.card, cx - w / 2, cardTop, DIST_SCALE, t);
    drawBadge(ctx, cx - w / 2 - 4, cardTop + 4, 18, claim.position);
    if (claim.to === null) {
      // Struck out: the card leaves the game.
      ctx.strokeStyle = 'rgba(20,14,10,0.85)';
      ctx.lineWidth = 8;
      ctx.lineCap = 'round';
      ctx.beginPath();
      ctx.moveTo(cx - w / 2 + 10, cardTop + 10);
      ctx.lineTo(cx + w / 2 - 10, cardTop + h - 10);
      ctx.moveTo(cx + w / 2 - 10, cardTop + 10);
      ctx.lineTo(cx - w / 2 + 10, cardTop + h - 10);
      ctx.stroke();
      ctx.lineCap = 'butt';
    }
    // Dice of each player at the card: a die with the card's number and the count.
    const diceY = cardTop + h + 24;
    [0, 1].forEach((seat) => {
      const dx = cx + (seat === 0 ? -48 : 16);
      const count = claim.dice[seat] as number;
      ctx.globalAlpha = count > 0 ? 1 : 0.35;
      playerDie(ctx, dx, diceY, 28, claim.position, (players[seat] as BoardPlayer).colour);
      drawText(ctx, `×${count}`, dx + 18, diceY + 1, { size: 20, weight: 'bold', colour: COLOURS.text });
      ctx.globalAlpha = 1;
    });
    const chipY = diceY + 38;
    if (claim.to === null) {
      drawChip(ctx, t('shanghaien.board.removed'), cx, chipY, { size: 19, fill: '#5b5249', ink: '#ffffff', align: 'center' });
    } else {
      const winner = players[claim.to] as BoardPlayer;
      const swatch = PLAYER_HEX[winner.colour];
      drawChip(ctx, shortName(winner.name, 12), cx, chipY, {
        size: 19,
        fill: swatch.fill,
        ink: swatch.ink,
        border: OUTLINE,
        align: 'center',
      });
    }
    const pips = claim.neighbourPips;
    const reason =
      claim.reason === 'neighbour-pips' || claim.reason === 'tie'
        ? t(`shanghaien.board.reason.${claim.reason}`, { a: pips?.[0] ?? 0, b: pips?.[1] ?? 0 })
        : t(`shanghaien.board.reason.${claim.reason}`);
    drawText(ctx, reason, cx, chipY + 32, { size: 18, weight: 'bold', colour: COLOURS.textDim, align: 'center', maxWidth: CARD_W + CARD_GAP - 6 });
  }
}

/** An anchor mark for shanghai. */
function drawAnchor(ctx: Ctx, cx: number, cy: number, size: number, colour: string): void {
  ctx.save();
  ctx.strokeStyle = colour;
  ctx.fillStyle = colour;
  ctx.lineWidth = size * 0.11;
  ctx.lineCap = 'round';
  const top = cy - size * 0.42;
  const bottom = cy + size * 0.4;
  ctx.beginPath();
  ctx.arc(cx, top + size * 0.08, size * 0.09, 0, Math.PI * 2);
  ctx.stroke();
  ctx.beginPath();
  ctx.moveTo(cx, top + size * 0.17);
  ctx.lineTo(cx, bottom);
  ctx.moveTo(cx - size * 0.22, top + size * 0.3);
  ctx.lineTo(cx + size * 0.22, top + size * 0.3);
  ctx.stroke();
  ctx.beginPath();
  ctx.arc(cx, cy + size * 0.05, size * 0.35, Math.PI * 0.15, Math.PI * 0.85);
  ctx.stroke();
  ctx.restore();
}

// ---------------------------------------------------------------------------------------------
// Crews during the game: nations as columns, players as rows

const crewLayers = new LayerCache(4);

function crewColumnX(index: number): number {
  return MARGIN + CREW_LABEL_W + index * CREW_NATION_W;
}

/** The column heads with flags and names never change: drawn once and cached. */
function drawCrewHead(ctx: Ctx, t: Translate): void {
  NATIONS.forEach((nation, i) => {
    const x = crewColumnX(i);
    const style = NATION_STYLE[nation];
    drawRoundRect(ctx, x + 3, 0, CREW_NATION_W - 6, CREW_HEAD_H - 4, 8, { fill: style.fill, stroke: OUTLINE, lineWidth: 2 });
    drawFlag(ctx, nation, x + CREW_NATION_W / 2 - 21, 6, 42, 27);
    drawText(ctx, t(`shanghaien.nation.${nation}`), x + CREW_NATION_W / 2, 46, {
      size: 16,
      weight: 'bold',
      colour: style.ink,
      align: 'center',
      maxWidth: CREW_NATION_W - 10,
    });
  });
  const tx = crewColumnX(NATIONS.length);
  drawRoundRect(ctx, tx + 3, 0, CREW_TRICKS_W - 6, CREW_HEAD_H - 4, 8, { fill: COLOURS.trick, stroke: COLOURS.gold, lineWidth: 2 });
  drawText(ctx, t('shanghaien.board.tricks'), tx + CREW_TRICKS_W / 2, CREW_HEAD_H / 2 - 2, { size: 20, weight: 'bold', colour: COLOURS.gold, align: 'center', maxWidth: CREW_TRICKS_W - 12 });
}

/**
 * Where the mini cards of one crew cell go, below its sum: up to five in one line at full size,
 * more in two smaller lines, always inside the cell.
 */
function miniSpots(count: number, cx: number, rowY: number, room: number, w: number, h: number): { k: number; x: number; y: number; w: number; h: number }[] {
  const lines = count <= 5 ? 1 : 2;
  const perLine = Math.ceil(count / lines);
  const gap = 2;
  const height = lines === 1 ? Math.min(h, CREW_ROW_H - 50) : (CREW_ROW_H - 50) / 2 - 1;
  const width = Math.min(w * (height / h), (room - (perLine - 1) * gap) / perLine);
  const top = lines === 1 ? rowY + 50 + (CREW_ROW_H - 56 - height) / 2 : rowY + 47;
  const spots: { k: number; x: number; y: number; w: number; h: number }[] = [];
  for (let k = 0; k < count; k++) {
    const line = Math.floor(k / perLine);
    const inLine = Math.min(perLine, count - line * perLine);
    const col = k % perLine;
    spots.push({ k, x: cx - (inLine * (width + gap) - gap) / 2 + col * (width + gap), y: top + line * (height + 2), w: width, h: height });
  }
  return spots;
}

function drawCrews(ctx: Ctx, view: ShanghaienView, players: BoardPlayer[], y0: number, t: Translate): void {
  const head = crewLayers.get(`shanghaien:crew-head:${t('shanghaien.nation.british')}`, WIDTH, CREW_HEAD_H, (layer) => drawCrewHead(layer, t));
  ctx.drawImage(head, 0, y0 + 14);
  const top = y0 + 14 + CREW_HEAD_H;
  const crews = view.crews as [Crew, Crew];
  for (let seat = 0; seat < 2; seat++) {
    const y = top + seat * CREW_ROW_H;
    const player = players[seat] as BoardPlayer;
    const crew = crews[seat] as Crew;
    const other = crews[1 - seat] as Crew;
    drawRoundRect(ctx, MARGIN, y + 3, WIDTH - 2 * MARGIN, CREW_ROW_H - 6, 10, { fill: seat === 0 ? COLOURS.cell : COLOURS.cellAlt });
    drawRoundRect(ctx, MARGIN, y + 3, 12, CREW_ROW_H - 6, 4, { fill: PLAYER_HEX[player.colour].fill });
    drawText(ctx, player.name, MARGIN + 22, y + CREW_ROW_H / 2, { size: 22, weight: 'bold', colour: COLOURS.text, maxWidth: CREW_LABEL_W - 28 });
    NATIONS.forEach((nation, i) => {
      const x = crewColumnX(i);
      const cx = x + CREW_NATION_W / 2;
      const sum = crewSum(crew, nation);
      if (sum === 0) {
        drawText(ctx, '–', cx, y + CREW_ROW_H / 2, { size: 24, colour: '#5f5246', align: 'center' });
        return;
      }
      // The stronger crew of the nation so far gets a gold frame.
      if (sum > crewSum(other, nation)) drawRoundRect(ctx, x + 5, y + 6, CREW_NATION_W - 10, CREW_ROW_H - 12, 8, { fill: COLOURS.win, stroke: COLOURS.gold, lineWidth: 3 });
      drawText(ctx, String(sum), cx, y + 27, { size: 30, weight: 'bold', colour: COLOURS.text, align: 'center' });
      const style = NATION_STYLE[nation];
      const minis = [
        ...crew.sailors.filter((c) => c.nation === nation).map((c) => ({ text: String(c.value), joker: false })),
        ...crew.jokers.filter((j) => j.nation === nation).map(() => ({ text: t('shanghaien.board.joker'), joker: true })),
      ];
      for (const spot of miniSpots(minis.length, cx, y, CREW_NATION_W - 12, 17, 22)) {
        const m = minis[spot.k] as { text: string; joker: boolean };
        if (m.joker) drawMiniCard(ctx, spot.x, spot.y, spot.w, spot.h, COLOURS.trick, COLOURS.gold, m.text, COLOURS.gold);
        else drawMiniCard(ctx, spot.x, spot.y, spot.w, spot.h, style.fill, style.ink, m.text);
      }
    });
    // Unused trick cards.
    const tx = crewColumnX(NATIONS.length);
    const tricks = crew.tricks;
    if (tricks.length === 0) drawText(ctx, '–', tx + CREW_TRICKS_W / 2, y + CREW_ROW_H / 2, { size: 24, colour: '#5f5246', align: 'center' });
    else {
      drawText(ctx, String(tricks.length), tx + CREW_TRICKS_W / 2, y + 27, { size: 28, weight: 'bold', colour: COLOURS.gold, align: 'center' });
      for (const spot of miniSpots(tricks.length, tx + CREW_TRICKS_W / 2, y, CREW_TRICKS_W - 12, 24, 30)) {
        drawMiniTrick(ctx, (tricks[spot.k] as TrickCard).effect, spot.x, spot.y, spot.w, spot.h);
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Final scoring

function finalHeight(scoring: FinalScoring): number {
  return 14 + FINAL_HEAD_H + (scoring.nations.length + 2) * FINAL_ROW_H + 16;
}

function drawFinal(ctx: Ctx, view: ShanghaienView, scoring: FinalScoring, players: BoardPlayer[], y0: number, t: Translate): void {
  const top = y0 + 14;
  const seatX = (seat: number) => MARGIN + FINAL_NATION_W + seat * FINAL_SEAT_W;
  const sumX = (seat: number) => seatX(seat) + FINAL_SEAT_W - 180;
  const pointsX = (seat: number) => seatX(seat) + FINAL_SEAT_W - 70;
  drawText(ctx, t('shanghaien.board.final'), MARGIN + 10, top + FINAL_HEAD_H / 2, { size: 30, weight: 'bold', colour: COLOURS.gold, maxWidth: FINAL_NATION_W - 20 });
  for (let seat = 0; seat < 2; seat++) {
    const player = players[seat] as BoardPlayer;
    const swatch = PLAYER_HEX[player.colour];
    const x = seatX(seat);
    drawRoundRect(ctx, x + 4, top, FINAL_SEAT_W - 8, FINAL_HEAD_H - 8, 10, { fill: swatch.fill, stroke: OUTLINE, lineWidth: 2 });
    drawText(ctx, player.name, x + 18, top + 22, { size: 24, weight: 'bold', colour: swatch.ink, maxWidth: FINAL_SEAT_W - 40 });
    drawText(ctx, t('shanghaien.board.sum'), sumX(seat), top + 48, { size: 17, weight: 'bold', colour: swatch.ink, align: 'center' });
    drawText(ctx, t('shanghaien.board.points'), pointsX(seat), top + 48, { size: 17, weight: 'bold', colour: swatch.ink, align: 'center' });
  }
  let y = top + FINAL_HEAD_H;
  const rowBox = (index: number, highlight = false) =>
    drawRoundRect(ctx, MARGIN, y + 2, WIDTH - 2 * MARGIN, FINAL_ROW_H - 4, 8, { fill: highlight ? '#3d2f1c' : index % 2 === 0 ? COLOURS.cell : COLOURS.cellAlt });
  const points = (seat: number, value: number, cy: number, big = false) => {
    if (value > 0 || big) drawChip(ctx, big ? String(value) : `+${value}`, pointsX(seat), cy, { size: big ? 28 : 22, fill: COLOURS.gold, ink: COLOURS.currentInk, align: 'center' });
    else drawText(ctx, '0', pointsX(seat), cy, { size: 22, weight: 'bold', colour: '#6f6253', align: 'center' });
  };
  scoring.nations.forEach((n, index) => {
    rowBox(index);
    const cy = y + FINAL_ROW_H / 2;
    const style = NATION_STYLE[n.nation];
    drawFlag(ctx, n.nation, MARGIN + 14, cy - 15, 45, 30);
    drawRoundRect(ctx, MARGIN + 70, cy - 15, 8, 30, 3, { fill: style.fill });
    drawText(ctx, t(`shanghaien.nation.${n.nation}`), MARGIN + 88, cy, { size: 24, weight: 'bold', colour: COLOURS.text, maxWidth: FINAL_NATION_W - 100 });
    for (let seat = 0; seat < 2; seat++) {
      const crew = view.crews[seat] as Crew;
      const minis = [
        ...crew.sailors.filter((c) => c.nation === n.nation).map((c) => ({ text: String(c.value), joker: false })),
        ...crew.jokers.filter((j) => j.nation === n.nation).map(() => ({ text: t('shanghaien.board.joker'), joker: true })),
      ];
      let x = seatX(seat) + 16;
      for (const m of minis.slice(0, 8)) {
        if (m.joker) drawMiniCard(ctx, x, cy - 16, 24, 32, COLOURS.trick, COLOURS.gold, m.text, COLOURS.gold);
        else drawMiniCard(ctx, x, cy - 16, 24, 32, style.fill, style.ink, m.text);
        x += 28;
      }
      const sum = n.sums[seat] as number;
      const winner = n.winner === seat && n.outcome === 'stronger';
      drawText(ctx, sum > 0 ? String(sum) : '–', sumX(seat), cy, {
        size: 28,
        weight: 'bold',
        colour: sum === 0 ? '#6f6253' : winner ? COLOURS.gold : COLOURS.text,
        align: 'center',
      });
      points(seat, n.points[seat] as number, cy);
    }
    y += FINAL_ROW_H;
  });
  // Unused trick cards.
  rowBox(scoring.nations.length);
  let cy = y + FINAL_ROW_H / 2;
  drawText(ctx, t('shanghaien.board.unused-tricks'), MARGIN + 14, cy, { size: 24, weight: 'bold', colour: COLOURS.text, maxWidth: FINAL_NATION_W - 20 });
  for (let seat = 0; seat < 2; seat++) {
    let x = seatX(seat) + 16;
    for (const card of (view.crews[seat] as Crew).tricks.slice(0, 8)) {
      drawMiniTrick(ctx, card.effect, x, cy - 16, 24, 32);
      x += 28;
    }
    points(seat, scoring.tricks[seat] as number, cy);
  }
  y += FINAL_ROW_H;
  rowBox(0, true);
  cy = y + FINAL_ROW_H / 2;
  drawText(ctx, t('shanghaien.board.total'), MARGIN + 14, cy, { size: 28, weight: 'bold', colour: COLOURS.gold });
  for (let seat = 0; seat < 2; seat++) points(seat, scoring.totals[seat] as number, cy, true);
}

// ---------------------------------------------------------------------------------------------

function lastDistribution(events: ShanghaienEvent[]): { seat: number; cards: DistributedCard[]; round: number } | null {
  let round = 0;
  for (const e of events) {
    if (e.type === 'shanghai') round = e.round;
    if (e.type === 'distributed') return { seat: e.seat, cards: e.cards, round };
  }
  return null;
}

/** Draws the board as a PNG; `players[seat]` gives each seat's name and dice colour. */
export async function renderShanghaienBoard(view: ShanghaienView, players: BoardPlayer[], t: Translate): Promise<Buffer> {
  if (players.length !== 2) throw new RangeError(`Shanghaien is drawn for 2 players, got ${players.length}`);
  const distribution = lastDistribution(view.events);
  const scoring = view.over ? view.scoring : null;
  const showRow = view.row.length > 0 && !view.over;
  const height =
    HEADER_H +
    (view.over ? BANNER_H : 0) +
    (distribution ? DIST_H + 8 : 0) +
    (showRow ? TAVERN_H + 8 : 0) +
    (scoring ? finalHeight(scoring) : CREWS_H) +
    8;
  const canvas = newCanvas(WIDTH, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = COLOURS.page;
  ctx.fillRect(0, 0, WIDTH, height);
  drawHeader(ctx, view, t);
  let y = HEADER_H;
  if (view.over && scoring) {
    const [a, b] = scoring.totals as [number, number];
    let text: string;
    let colours: PlayerColour[];
    if (view.resigned !== null) {
      const winner = 1 - view.resigned;
      text = t('shanghaien.board.resigned', { name: shortName((players[view.resigned] as BoardPlayer).name, 16), winner: shortName((players[winner] as BoardPlayer).name, 16) });
      colours = [(players[winner] as BoardPlayer).colour];
    } else if (a === b) {
      text = t('shanghaien.board.draw', { a, b });
      colours = players.map((p) => p.colour);
    } else {
      const winner = a > b ? 0 : 1;
      text = t('shanghaien.board.winner', { name: shortName((players[winner] as BoardPlayer).name, 20), a: Math.max(a, b), b: Math.min(a, b) });
      colours = [(players[winner] as BoardPlayer).colour];
    }
    drawBanner(ctx, y, text, colours);
    y += BANNER_H;
  }
  if (distribution) {
    drawDistribution(ctx, distribution, distribution.round, players, y + 8, t);
    y += DIST_H + 8;
  }
  if (showRow) {
    drawTavern(ctx, view, players, y + 8, t);
    y += TAVERN_H + 8;
  }
  if (scoring) drawFinal(ctx, view, scoring, players, y, t);
  else drawCrews(ctx, view, players, y, t);
  return encodePng(canvas);
}
