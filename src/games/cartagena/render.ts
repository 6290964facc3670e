/**
 * The Cartagena board image: the tunnel as a four-row serpentine between the start beach and the
 * ship, then one line per player, then (Tortuga) the open row. It draws only what the view holds,
 * so a spectator view gives an image that is safe to post in the channel.
 */
import type { CanvasRenderingContext2D } from 'canvas';
import type { Translate } from '../../i18n/index.js';
import {
  LayerCache,
  OUTLINE,
  PLAYER_HEX,
  drawArrow,
  drawChip,
  drawPawn,
  drawRoundRect,
  drawSymbol,
  drawText,
  encodePng,
  newCanvas,
  pawnWidth,
  textWidth,
  type PlayerColour,
  type BoardPlayer,
} from '../../render/index.js';
import { PIRATES_PER_PLAYER, SHIP, SPACES, START, SYMBOLS, type CartagenaSymbol, type CartagenaView } from './rules.js';

type Ctx = CanvasRenderingContext2D;

export type { BoardPlayer };

// ---------------------------------------------------------------------------------------------
// Layout (pixels). The board is a fixed block; the panel below grows with the players.

const WIDTH = 1200;
const HEADER_H = 64;

const COLS = 9;
const ROWS = SPACES / COLS;
const TILE_W = 86;
const TILE_H = 96;
const TILE_GAP = 6;
const ROW_GAP = 22;
const BOARD_PAD = 18;
const BOARD_H = BOARD_PAD * 2 + ROWS * TILE_H + (ROWS - 1) * ROW_GAP;
const TILES_RIGHT = WIDTH - 50;
const TILES_LEFT = TILES_RIGHT - (COLS * (TILE_W + TILE_GAP) - TILE_GAP);
/** The start beach (rows 1-2) and the ship (rows 3-4) share the column left of the tunnel. */
const SIDE_X = 20;
const SIDE_W = TILES_LEFT - 36 - SIDE_X;
const START_BOX = { x: SIDE_X, y: BOARD_PAD, w: SIDE_W, h: 2 * TILE_H + ROW_GAP };
const SHIP_BOX = { x: SIDE_X, y: BOARD_PAD + 2 * (TILE_H + ROW_GAP), w: SIDE_W, h: 2 * TILE_H + ROW_GAP };

const PAWN_H = 36;
const PLAYER_ROW_H = 50;
const PANEL_PAD = 12;
const ROW_SECTION_H = 100;

const COLOURS = {
  page: '#0f1f2b',
  header: '#0a1720',
  sea: '#134a5e',
  seaLine: '#1d5d74',
  rock: '#3a2c21',
  rockEdge: '#21170f',
  tileLight: '#f7eed6',
  tileDark: '#e6d3a8',
  tileNumber: '#5a4632',
  sand: '#ebd39a',
  sandEdge: '#b8975a',
  wood: '#7a4a26',
  woodDark: '#4e2d15',
  woodLight: '#a8703f',
  sail: '#f4ecd6',
  text: '#f5efe2',
  textDim: '#b9c6cf',
  rowFill: '#1b3242',
  currentFill: '#f8e7b0',
  currentText: '#1c140d',
  gold: '#f2c94c',
  chip: '#1c140d',
} as const;

/** Top-left corner of tunnel space 1..36, in board-layer coordinates: rows alternate direction. */
function spaceOrigin(space: number): { x: number; y: number } {
  const index = space - 1;
  const row = Math.floor(index / COLS);
  const inRow = index % COLS;
  const col = row % 2 === 0 ? inRow : COLS - 1 - inRow;
  return { x: TILES_LEFT + col * (TILE_W + TILE_GAP), y: BOARD_PAD + row * (TILE_H + ROW_GAP) };
}

function rowCentreY(row: number): number {
  return BOARD_PAD + row * (TILE_H + ROW_GAP) + TILE_H / 2;
}

// ---------------------------------------------------------------------------------------------
// Static board layer: depends only on the tunnel, so it is drawn once per game and cached.

const boardLayers = new LayerCache(12);

function drawSea(ctx: Ctx): void {
  ctx.fillStyle = COLOURS.sea;
  ctx.fillRect(0, 0, WIDTH, BOARD_H);
  // Gentle wave marks; drawn once in the cached layer, so their cost does not matter.
  ctx.strokeStyle = COLOURS.seaLine;
  ctx.lineWidth = 3;
  ctx.lineCap = 'round';
  for (let y = 14; y < BOARD_H; y += 34) {
    for (let x = ((y / 34) % 2) * 40 + 10; x < WIDTH; x += 80) {
      ctx.beginPath();
      ctx.moveTo(x, y);
      ctx.quadraticCurveTo(x + 10, y - 6, x + 20, y);
      ctx.quadraticCurveTo(x + 30, y + 6, x + 40, y);
      ctx.stroke();
    }
  }
}

/** The rock path under the tiles: one thick stroke through the rows, turning at the ends. */
function drawTunnelPath(ctx: Ctx): void {
  const left = TILES_LEFT + TILE_W / 2 - 16;
  const right = TILES_RIGHT - TILE_W / 2 + 16;
  const points: [number, number][] = [[TILES_LEFT - 12, rowCentreY(0)]];
  for (let row = 0; row < ROWS; row++) {
    const y = rowCentreY(row);
    const [fromX, toX] = row % 2 === 0 ? [left, right] : [right, left];
    if (row > 0) points.push([fromX, y]);
    points.push([toX, y]);
  }
  points.push([TILES_LEFT - 12, rowCentreY(ROWS - 1)]);
  const path = () => {
    ctx.beginPath();
    points.forEach(([x, y], i) => (i === 0 ? ctx.moveTo(x, y) : ctx.lineTo(x, y)));
  };
  ctx.lineJoin = 'round';
  ctx.lineCap = 'butt';
  ctx.strokeStyle = COLOURS.rockEdge;
  ctx.lineWidth = TILE_H + 20;
  path();
  ctx.stroke();
  ctx.strokeStyle = COLOURS.rock;
  ctx.lineWidth = TILE_H + 12;
  path();
  ctx.stroke();
  // Arrows in the bends show where the path goes on.
  for (let row = 0; row < ROWS - 1; row++) {
    const x = row % 2 === 0 ? TILES_RIGHT - TILE_W / 2 : TILES_LEFT + TILE_W / 2;
    const y = rowCentreY(row) + TILE_H / 2;
    drawArrow(ctx, x, y + 1, x, y + ROW_GAP - 1, { width: 6, colour: COLOURS.gold });
  }
}

function drawTile(ctx: Ctx, space: number, symbol: CartagenaSymbol): void {
  const { x, y } = spaceOrigin(space);
  // Segments of six spaces alternate two parchment tones: visible, but quiet.
  const segment = Math.floor((space - 1) / SYMBOLS.length);
  drawRoundRect(ctx, x, y, TILE_W, TILE_H, 10, {
    fill: segment % 2 === 0 ? COLOURS.tileLight : COLOURS.tileDark,
    stroke: OUTLINE,
    lineWidth: 2,
  });
  drawSymbol(ctx, symbol, x + TILE_W / 2 + 10, y + 29, 48);
  drawText(ctx, String(space), x + 5, y + 5, {
    size: 13,
    weight: 'bold',
    colour: COLOURS.tileNumber,
    baseline: 'top',
  });
}

/** A gangway of planks between the tunnel and the beach or the ship. */
function drawGangway(ctx: Ctx, x1: number, x2: number, y: number): void {
  drawRoundRect(ctx, x1, y - 13, x2 - x1, 26, 4, { fill: COLOURS.woodLight, stroke: OUTLINE, lineWidth: 2 });
  ctx.strokeStyle = COLOURS.woodDark;
  ctx.lineWidth = 2;
  for (let x = x1 + 9; x < x2 - 4; x += 9) {
    ctx.beginPath();
    ctx.moveTo(x, y - 12);
    ctx.lineTo(x, y + 12);
    ctx.stroke();
  }
}

function drawBeach(ctx: Ctx): void {
  const { x, y, w, h } = START_BOX;
  drawRoundRect(ctx, x, y, w, h, 36, { fill: COLOURS.sand, stroke: COLOURS.sandEdge, lineWidth: 5 });
  drawRoundRect(ctx, x + 10, y + 10, w - 20, h - 20, 28, { fill: '#f1deb0' });
}

/** Where the ship's deck is, in board-layer coordinates: pirates stand on it. */
const SHIP_DECK_Y = SHIP_BOX.y + SHIP_BOX.h - 84;

/** The ship's hull, masts and sails; pirates and counts are drawn over it per render. */
function drawShip(ctx: Ctx): void {
  const { x, y, w, h } = SHIP_BOX;
  const deckY = SHIP_DECK_Y;
  const bottomY = y + h - 8;
  // Masts and sails first, so the hull covers their feet; the sails stay above the pirates.
  for (const [mx, top, half] of [
    [x + w * 0.34, y + 26, 52],
    [x + w * 0.74, y + 40, 40],
  ] as const) {
    const bottom = deckY - 50;
    ctx.fillStyle = COLOURS.woodDark;
    ctx.fillRect(mx - 3, top - 12, 6, deckY - top + 12);
    ctx.beginPath();
    ctx.moveTo(mx - half, top);
    ctx.quadraticCurveTo(mx, top - 8, mx + half, top);
    ctx.quadraticCurveTo(mx + half + 8, (top + bottom) / 2, mx + half, bottom);
    ctx.quadraticCurveTo(mx, bottom - 8, mx - half, bottom);
    ctx.quadraticCurveTo(mx - half + 8, (top + bottom) / 2, mx - half, top);
    ctx.closePath();
    ctx.lineJoin = 'round';
    ctx.strokeStyle = OUTLINE;
    ctx.lineWidth = 3;
    ctx.stroke();
    ctx.fillStyle = COLOURS.sail;
    ctx.fill();
  }
  // The black flag on the main mast.
  const flagX = x + w * 0.34 + 3;
  const flagY = y - 2;
  ctx.fillStyle = '#111111';
  ctx.beginPath();
  ctx.moveTo(flagX, flagY);
  ctx.lineTo(flagX + 34, flagY + 3);
  ctx.lineTo(flagX + 28, flagY + 12);
  ctx.lineTo(flagX + 34, flagY + 22);
  ctx.lineTo(flagX, flagY + 20);
  ctx.closePath();
  ctx.fill();
  ctx.fillStyle = '#f4efe2';
  ctx.beginPath();
  ctx.arc(flagX + 14, flagY + 10, 5, 0, Math.PI * 2);
  ctx.fill();
  // Hull: a pointed bow on the left, a raised stern on the right where the gangway comes aboard.
  ctx.beginPath();
  ctx.moveTo(x - 4, deckY - 12);
  ctx.lineTo(x + w - 34, deckY);
  ctx.lineTo(x + w - 34, deckY - 18);
  ctx.lineTo(x + w + 6, deckY - 18);
  ctx.quadraticCurveTo(x + w + 2, bottomY - 24, x + w - 26, bottomY);
  ctx.lineTo(x + 34, bottomY);
  ctx.quadraticCurveTo(x + 8, bottomY - 30, x - 4, deckY - 12);
  ctx.closePath();
  ctx.lineJoin = 'round';
  ctx.strokeStyle = OUTLINE;
  ctx.lineWidth = 4;
  ctx.stroke();
  ctx.fillStyle = COLOURS.wood;
  ctx.fill();
  ctx.strokeStyle = COLOURS.woodDark;
  ctx.lineWidth = 2;
  for (const dy of [50, 66]) {
    ctx.beginPath();
    ctx.moveTo(x + 22, deckY + dy - 4);
    ctx.lineTo(x + w - 14, deckY + dy);
    ctx.stroke();
  }
}

function drawBoardLayer(ctx: Ctx, tunnel: CartagenaSymbol[]): void {
  drawSea(ctx);
  drawGangway(ctx, START_BOX.x + START_BOX.w - 12, TILES_LEFT + 2, rowCentreY(0));
  drawGangway(ctx, SHIP_BOX.x + SHIP_BOX.w - 24, TILES_LEFT + 2, rowCentreY(ROWS - 1));
  drawTunnelPath(ctx);
  drawBeach(ctx);
  drawShip(ctx);
  tunnel.forEach((symbol, i) => drawTile(ctx, i + 1, symbol));
}

// ---------------------------------------------------------------------------------------------
// Pirates

/** The "×4" count badge under a group of pawns. */
function drawCount(ctx: Ctx, count: number, cx: number, cy: number): void {
  drawChip(ctx, `×${count}`, cx, cy, {
    size: 17,
    fill: COLOURS.chip,
    ink: '#ffffff',
    border: '#ffffff',
    borderWidth: 2,
    height: 26,
    paddingX: 7,
    align: 'center',
  });
}

/** Up to three pirates on one tile, side by side along its lower half (never hidden). */
function drawTilePirates(ctx: Ctx, y0: number, space: number, colours: PlayerColour[]): void {
  const { x, y } = spaceOrigin(space);
  const step = pawnWidth(PAWN_H) + 1;
  const first = x + TILE_W / 2 - ((colours.length - 1) * step) / 2;
  colours.forEach((colour, i) => drawPawn(ctx, first + i * step, y0 + y + TILE_H - 4, PAWN_H, colour));
}

interface Group {
  colour: PlayerColour;
  count: number;
}

function groupsAt(view: CartagenaView, players: BoardPlayer[], position: number): Group[] {
  return view.pirates
    .map((own, seat) => ({ colour: (players[seat] as BoardPlayer).colour, count: own.filter((p) => p === position).length }))
    .filter((g) => g.count > 0);
}

/** Start beach: one pawn per colour with its count, in rows of three. */
function drawStartPirates(ctx: Ctx, y0: number, groups: Group[]): void {
  const { x, y, w } = START_BOX;
  const pawnH = 50;
  const perRow = 3;
  const cellW = (w - 16) / perRow;
  groups.forEach((group, i) => {
    const row = Math.floor(i / perRow);
    const inRow = Math.min(perRow, groups.length - row * perRow); // a short last row is centred
    const cx = x + w / 2 + ((i % perRow) - (inRow - 1) / 2) * cellW;
    const baseY = y0 + y + 102 + row * 84;
    drawPawn(ctx, cx, baseY, pawnH, group.colour);
    drawCount(ctx, group.count, cx, baseY + 12);
  });
}

/** Ship: pirates stand on the deck, their counts painted on the hull below them. */
function drawShipPirates(ctx: Ctx, y0: number, groups: Group[]): void {
  const { x, w } = SHIP_BOX;
  const deckY = y0 + SHIP_DECK_Y;
  const step = 50;
  const first = x + w / 2 - 12 - ((groups.length - 1) * step) / 2;
  groups.forEach((group, i) => {
    const cx = first + i * step;
    drawPawn(ctx, cx, deckY + 2, 44, group.colour);
    drawCount(ctx, group.count, cx, deckY + 26);
  });
}

// ---------------------------------------------------------------------------------------------
// Header and player panel

/** A small card back, for counts of hidden cards and the piles. */
function drawCardBack(ctx: Ctx, x: number, y: number, w: number, h: number): void {
  drawRoundRect(ctx, x, y, w, h, 4, { fill: '#9b2f25', stroke: OUTLINE, lineWidth: 2 });
  drawRoundRect(ctx, x + 4, y + 4, w - 8, h - 8, 2, { stroke: '#f2c94c', lineWidth: 1.5 });
}

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

function drawHeader(ctx: Ctx, view: CartagenaView, t: Translate): void {
  ctx.fillStyle = COLOURS.header;
  ctx.fillRect(0, 0, WIDTH, HEADER_H);
  const cy = HEADER_H / 2;
  let x = 24;
  x += drawText(ctx, t('game.cartagena.name'), x, cy, { size: 30, weight: 'bold', colour: COLOURS.text }) + 14;
  x += drawChip(ctx, t(view.version === 'tortuga' ? 'cartagena.variant.tortuga' : 'cartagena.variant.jamaica'), x, cy, {
    size: 18,
    fill: '#2a4657',
    ink: COLOURS.text,
  }).width + 10;
  drawChip(ctx, t('cartagena.board.turn', { turn: view.turn }), x, cy, { size: 18, fill: COLOURS.gold, ink: COLOURS.currentText });

  // Piles on the right: the discard pile first so the deck ends up rightmost.
  let right = WIDTH - 24;
  for (const text of [t('cartagena.board.discard', { count: view.discardPileSize }), t('cartagena.board.deck', { count: view.drawPileSize })]) {
    const box = drawChip(ctx, text, right, cy, { size: 18, fill: '#2a4657', ink: COLOURS.text, iconWidth: 26, align: 'right' });
    drawCardBack(ctx, box.x + 10, cy - 13, 19, 26);
    right = box.x - 10;
  }
}

function handSummary(view: CartagenaView, seat: number): { symbol: CartagenaSymbol; count: number }[] | null {
  const hand = view.hands[seat];
  if (!hand) return null;
  return SYMBOLS.map((symbol) => ({ symbol, count: hand.filter((c) => c === symbol).length })).filter((e) => e.count > 0);
}

function drawPlayerRow(ctx: Ctx, view: CartagenaView, players: BoardPlayer[], seat: number, y: number, t: Translate): void {
  const player = players[seat] as BoardPlayer;
  const isCurrent = !view.over && view.current === seat;
  const isWinner = view.winner === seat;
  const highlighted = isCurrent || isWinner;
  const ink = highlighted ? COLOURS.currentText : COLOURS.text;
  const h = PLAYER_ROW_H - 6;
  const cy = y + h / 2;
  drawRoundRect(ctx, 20, y, WIDTH - 40, h, 10, {
    fill: highlighted ? COLOURS.currentFill : COLOURS.rowFill,
    ...(highlighted ? { stroke: COLOURS.gold, lineWidth: 4 } : {}),
  });
  // Colour swatch: a strip along the left edge and the pawn itself.
  drawRoundRect(ctx, 20, y, 12, h, 4, { fill: PLAYER_HEX[player.colour].fill });
  if (isCurrent) drawArrow(ctx, 38, cy, 56, cy, { width: 7, colour: OUTLINE });
  drawPawn(ctx, 76, y + h - 4, 36, player.colour);
  drawText(ctx, player.name, 100, cy, { size: 23, weight: 'bold', colour: ink, maxWidth: 330 });

  // Pirates aboard.
  const aboard = (view.pirates[seat] as number[]).filter((p) => p === SHIP).length;
  drawShipIcon(ctx, 446, cy - 14, ink);
  drawText(ctx, `${aboard}/${PIRATES_PER_PLAYER}`, 484, cy, { size: 23, weight: 'bold', colour: ink });

  // The chip on the right first: the hand may use the room left of it.
  let handRight = WIDTH - 40;
  if (isCurrent) {
    handRight = drawChip(ctx, t('cartagena.board.actionsLeft', { count: view.actionsLeft }), WIDTH - 32, cy, {
      size: 18,
      fill: COLOURS.chip,
      ink: '#ffffff',
      align: 'right',
    }).x - 12;
  } else if (isWinner) {
    handRight = drawChip(ctx, t('cartagena.board.winnerTag'), WIDTH - 32, cy, { size: 18, fill: COLOURS.chip, ink: COLOURS.gold, align: 'right' }).x - 12;
  }

  // Hand: open hands by symbol, hidden ones as a count only.
  const handLeft = 580;
  const summary = handSummary(view, seat);
  const size = view.handSizes[seat] ?? 0;
  if (summary && summary.length > 0) {
    // Large hands with every symbol get a tighter layout rather than running into the chip.
    const roomy = summary.reduce((w, e) => w + 38 + textWidth(ctx, `×${e.count}`, 20, 'bold') + 14, 0) <= handRight - handLeft;
    const [tile, textSize, gap] = roomy ? [34, 20, 14] : [28, 17, 6];
    let x = handLeft;
    for (const { symbol, count } of summary) {
      drawSymbol(ctx, symbol, x + tile / 2, cy, tile);
      x += tile + 4 + drawText(ctx, `×${count}`, x + tile + 4, cy, { size: textSize, weight: 'bold', colour: ink }) + gap;
    }
  } else {
    drawCardBack(ctx, handLeft, cy - 15, 22, 30);
    drawText(ctx, t(size === 1 ? 'cartagena.board.card' : 'cartagena.board.cards', { count: size }), handLeft + 32, cy, {
      size: 21,
      weight: 'bold',
      colour: ink,
    });
  }
}

/** Tortuga's open row, left to right in drawing order, the next card to be drawn framed in gold. */
function drawOpenRow(ctx: Ctx, view: CartagenaView, y: number, t: Translate): void {
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
    drawSymbol(ctx, symbol, x + cardW / 2, y + 4 + cardH / 2, 46);
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

function drawBanner(ctx: Ctx, text: string, colour: PlayerColour | null): void {
  // Across the upper tunnel rows, leaving the ship with the winner's pirates in sight.
  const cy = HEADER_H + BOARD_PAD + TILE_H + ROW_GAP / 2;
  const h = 104;
  ctx.fillStyle = 'rgba(8, 18, 26, 0.86)';
  ctx.fillRect(0, cy - h / 2, WIDTH, h);
  ctx.fillStyle = COLOURS.gold;
  ctx.fillRect(0, cy - h / 2, WIDTH, 4);
  ctx.fillRect(0, cy + h / 2 - 4, WIDTH, 4);
  const width = drawText(ctx, text, WIDTH / 2, cy + 2, {
    size: 50,
    weight: 'bold',
    colour: COLOURS.gold,
    halo: '#000000',
    haloWidth: 6,
    align: 'center',
    maxWidth: WIDTH - 260,
  });
  if (colour) {
    drawPawn(ctx, WIDTH / 2 - width / 2 - 50, cy + 34, 66, colour);
    drawPawn(ctx, WIDTH / 2 + width / 2 + 50, cy + 34, 66, colour);
  }
}

// ---------------------------------------------------------------------------------------------

/** Height of the image for this view: the board block, then the panel. */
function imageHeight(view: CartagenaView): number {
  const rowSection = view.version === 'tortuga' ? ROW_SECTION_H : 0;
  return HEADER_H + BOARD_H + PANEL_PAD + view.seats * PLAYER_ROW_H + rowSection + PANEL_PAD;
}

/**
 * Draws the board as a PNG. `players[seat]` gives each seat's name and colour. Hands are drawn
 * by symbol only where the view holds them (Tortuga, or the viewer's own); otherwise as counts.
 */
export async function renderCartagenaBoard(view: CartagenaView, players: BoardPlayer[], t: Translate): Promise<Buffer> {
  if (players.length !== view.seats) throw new RangeError(`expected ${view.seats} players, got ${players.length}`);
  const height = imageHeight(view);
  const canvas = newCanvas(WIDTH, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = COLOURS.page;
  ctx.fillRect(0, 0, WIDTH, height);

  drawHeader(ctx, view, t);
  const layer = boardLayers.get(`cartagena:${view.tunnel.join(',')}`, WIDTH, BOARD_H, (layerCtx) =>
    drawBoardLayer(layerCtx, view.tunnel),
  );
  ctx.drawImage(layer, 0, HEADER_H);

  // Pirates in the tunnel, in seat order on each space.
  const onSpace = new Map<number, PlayerColour[]>();
  view.pirates.forEach((own, seat) => {
    for (const position of own) {
      if (position === START || position === SHIP) continue;
      const list = onSpace.get(position) ?? [];
      list.push((players[seat] as BoardPlayer).colour);
      onSpace.set(position, list);
    }
  });
  for (const [space, colours] of onSpace) drawTilePirates(ctx, HEADER_H, space, colours);
  drawStartPirates(ctx, HEADER_H, groupsAt(view, players, START));
  drawShipPirates(ctx, HEADER_H, groupsAt(view, players, SHIP));
  drawText(ctx, t('cartagena.board.start'), START_BOX.x + START_BOX.w / 2, HEADER_H + START_BOX.y + 30, {
    size: 22,
    weight: 'bold',
    colour: COLOURS.currentText,
    align: 'center',
    maxWidth: START_BOX.w - 30,
  });
  // The ship's name goes on its main sail.
  drawText(ctx, t('cartagena.board.ship'), SHIP_BOX.x + SHIP_BOX.w * 0.34, HEADER_H + SHIP_BOX.y + 56, {
    size: 22,
    weight: 'bold',
    colour: COLOURS.currentText,
    align: 'center',
    maxWidth: 96,
  });

  let y = HEADER_H + BOARD_H + PANEL_PAD;
  for (let seat = 0; seat < view.seats; seat++) {
    drawPlayerRow(ctx, view, players, seat, y, t);
    y += PLAYER_ROW_H;
  }
  if (view.version === 'tortuga') drawOpenRow(ctx, view, y, t);

  if (view.winner !== null) {
    drawBanner(ctx, t('cartagena.board.winner', { name: (players[view.winner] as BoardPlayer).name }), (players[view.winner] as BoardPlayer).colour);
  } else if (view.over) {
    drawBanner(ctx, t('cartagena.board.stalemate'), null);
  }
  return encodePng(canvas);
}
