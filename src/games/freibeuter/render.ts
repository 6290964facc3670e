/**
 * The Freibeuter board image: the 7 x 7 sea on the left with its coordinates (rows A-G down the
 * side, columns 1-7 along the top, as the panels and posts name the fields), the boats on the
 * fields in their owners' colours (a border field holds one, an inner field two), the tokens on
 * the grid points between the fields (ships with their value, the boarding boat's colour around
 * a boarded one, pirate treasures, double-value tokens) and the Flying Dutchman while he is on
 * the sea. On the right: one card per player (treasure, boats left, captured ships, loans,
 * score now), then the piles, the pirate treasures left and the double-value tokens taken.
 * Drawn from a spectator's view only: no hand ever reaches it.
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
  type BoardPlayer,
  type PlayerColour,
} from '../../render/index.js';
import { COLUMNS, POINT_SIZE, ROWS, SHIP_VALUES, SIZE, fieldIndex, isBorderField, type FreibeuterView, type ShipValue, type Token } from './rules.js';

type Ctx = CanvasRenderingContext2D;

export type { BoardPlayer };

// ---------------------------------------------------------------------------------------------
// Layout (pixels)

const WIDTH = 1200;
const HEIGHT = 880;
const MARGIN = 18;
const HEADER_H = 66;
/** The strip holding the coordinates, above and left of the sea. */
const LABEL = 36;
const FIELD = 106;
const SEA_X = MARGIN + LABEL;
const SEA_Y = HEADER_H + 14 + LABEL;
const SEA_SIZE = SIZE * FIELD;
/** Token discs on the grid points. */
const TOKEN_R = 30;

const SIDE_X = SEA_X + SEA_SIZE + 22;
const SIDE_W = WIDTH - MARGIN - SIDE_X;
const SIDE_TOP = HEADER_H + 14;
const CARD_H = 142;
const CARD_GAP = 10;
const INFO_H = 176;

const COLOURS = {
  page: '#0c1522',
  header: '#070d16',
  seaFrame: '#0a2236',
  water: '#1f6a96',
  waterBorder: '#175478',
  waterLine: '#0b3350',
  wave: 'rgba(200, 235, 255, 0.16)',
  label: '#e9f1f8',
  text: '#f3ecdc',
  textDim: '#a9b6c8',
  gold: '#f2c94c',
  ink: '#1c140d',
  card: '#17212f',
  cardAlt: '#141d2a',
  info: '#111a27',
  coin: '#f2c94c',
  coinDark: '#a37a12',
  token: '#f6eed8',
  pirate: '#f2c94c',
  double: '#2a1838',
  danger: '#e0412b',
  ghost: '#cfeedd',
  ghostHull: '#2e4440',
  point: 'rgba(6, 28, 44, 0.55)',
} as const;

/** Where a field's centre is. */
function fieldCentre(field: number): { x: number; y: number } {
  const row = Math.floor(field / SIZE);
  const col = field % SIZE;
  return { x: SEA_X + col * FIELD + FIELD / 2, y: SEA_Y + row * FIELD + FIELD / 2 };
}

/** Where a grid point is: between rows r, r+1 and columns c, c+1. */
function pointCentre(point: number): { x: number; y: number } {
  const row = Math.floor(point / POINT_SIZE);
  const col = point % POINT_SIZE;
  return { x: SEA_X + (col + 1) * FIELD, y: SEA_Y + (row + 1) * FIELD };
}

// ---------------------------------------------------------------------------------------------
// Shapes

/**
 * A boat: a solid sail and hull in the player's colour (large areas of one colour read best when
 * small), the hull a shade darker, with a dark outline; centred on (cx, cy), `w` wide.
 */
function drawBoatShape(ctx: Ctx, cx: number, cy: number, w: number, fill: string, hull: string, outline: string): void {
  const h = w * 0.92;
  const deck = cy + h * 0.14;
  const keel = cy + h * 0.44;
  ctx.save();
  ctx.lineJoin = 'round';
  ctx.lineWidth = Math.max(2, w * 0.07);
  ctx.strokeStyle = outline;
  // Main sail and jib, either side of the mast.
  ctx.beginPath();
  ctx.moveTo(cx - w * 0.04, cy - h * 0.5);
  ctx.quadraticCurveTo(cx + w * 0.3, cy - h * 0.12, cx + w * 0.4, deck - h * 0.06);
  ctx.lineTo(cx - w * 0.04, deck - h * 0.06);
  ctx.closePath();
  ctx.moveTo(cx - w * 0.12, cy - h * 0.36);
  ctx.lineTo(cx - w * 0.12, deck - h * 0.06);
  ctx.lineTo(cx - w * 0.4, deck - h * 0.06);
  ctx.closePath();
  ctx.fillStyle = fill;
  ctx.stroke();
  ctx.fill();
  // Hull: a deck line, curved to the keel.
  ctx.beginPath();
  ctx.moveTo(cx - w * 0.5, deck);
  ctx.lineTo(cx + w * 0.5, deck);
  ctx.quadraticCurveTo(cx + w * 0.36, keel, cx + w * 0.24, keel);
  ctx.lineTo(cx - w * 0.24, keel);
  ctx.quadraticCurveTo(cx - w * 0.36, keel, cx - w * 0.5, deck);
  ctx.closePath();
  ctx.fillStyle = hull;
  ctx.stroke();
  ctx.fill();
  ctx.restore();
}

/** A coin: gold disc with a darker rim and an inner ring. */
function drawCoin(ctx: Ctx, cx: number, cy: number, r: number): void {
  ctx.beginPath();
  ctx.arc(cx, cy, r, 0, Math.PI * 2);
  ctx.fillStyle = COLOURS.coin;
  ctx.fill();
  ctx.lineWidth = Math.max(1.5, r * 0.18);
  ctx.strokeStyle = COLOURS.coinDark;
  ctx.stroke();
  ctx.beginPath();
  ctx.arc(cx, cy, r * 0.55, 0, Math.PI * 2);
  ctx.lineWidth = Math.max(1, r * 0.12);
  ctx.stroke();
}

/** A treasure chest centred on (cx, cy), `w` wide. */
function drawChest(ctx: Ctx, cx: number, cy: number, w: number, dim = false): void {
  const h = w * 0.72;
  const x = cx - w / 2;
  const y = cy - h / 2;
  ctx.save();
  ctx.globalAlpha *= dim ? 0.3 : 1;
  ctx.lineJoin = 'round';
  // Lid (a flattened arch) and box.
  ctx.beginPath();
  ctx.moveTo(x, y + h * 0.42);
  ctx.lineTo(x, y + h * 0.25);
  ctx.quadraticCurveTo(x + w / 2, y - h * 0.18, x + w, y + h * 0.25);
  ctx.lineTo(x + w, y + h * 0.42);
  ctx.closePath();
  ctx.fillStyle = '#8a4b1f';
  ctx.fill();
  ctx.lineWidth = Math.max(1.5, w * 0.07);
  ctx.strokeStyle = OUTLINE;
  ctx.stroke();
  drawRoundRect(ctx, x, y + h * 0.42, w, h * 0.58, w * 0.06, { fill: '#6e3a16', stroke: OUTLINE, lineWidth: Math.max(1.5, w * 0.07) });
  // Gold bands and the lock.
  ctx.fillStyle = COLOURS.gold;
  ctx.fillRect(x + w * 0.16, y + h * 0.1, w * 0.1, h * 0.86);
  ctx.fillRect(x + w * 0.74, y + h * 0.1, w * 0.1, h * 0.86);
  drawRoundRect(ctx, cx - w * 0.1, y + h * 0.34, w * 0.2, h * 0.24, 2, { fill: COLOURS.gold, stroke: OUTLINE, lineWidth: 1.5 });
  ctx.restore();
}

/** The Flying Dutchman: a dark ghost ship with pale, torn sails and a pale glow. */
function drawDutchman(ctx: Ctx, cx: number, cy: number, w: number): void {
  const h = w * 0.95;
  ctx.save();
  const glow = ctx.createRadialGradient(cx, cy, w * 0.1, cx, cy, w * 0.75);
  glow.addColorStop(0, 'rgba(207, 238, 221, 0.55)');
  glow.addColorStop(1, 'rgba(207, 238, 221, 0)');
  ctx.fillStyle = glow;
  ctx.fillRect(cx - w, cy - w, 2 * w, 2 * w);
  ctx.lineJoin = 'round';
  ctx.lineWidth = Math.max(2, w * 0.06);
  ctx.strokeStyle = '#0b1614';
  // Three masts with torn sails.
  for (const [dx, top, width] of [
    [-0.26, 0.36, 0.2],
    [0.02, 0.5, 0.24],
    [0.3, 0.32, 0.18],
  ] as const) {
    const mx = cx + dx * w;
    ctx.beginPath();
    ctx.moveTo(mx, cy - h * top);
    ctx.lineTo(mx, cy + h * 0.12);
    ctx.stroke();
    ctx.beginPath();
    ctx.moveTo(mx - w * width * 0.5, cy - h * (top - 0.08));
    ctx.lineTo(mx + w * width * 0.5, cy - h * (top - 0.08));
    ctx.lineTo(mx + w * width * 0.5, cy + h * 0.02);
    ctx.lineTo(mx + w * width * 0.2, cy - h * 0.06);
    ctx.lineTo(mx, cy + h * 0.04);
    ctx.lineTo(mx - w * width * 0.25, cy - h * 0.07);
    ctx.lineTo(mx - w * width * 0.5, cy + h * 0.02);
    ctx.closePath();
    ctx.fillStyle = COLOURS.ghost;
    ctx.stroke();
    ctx.fill();
  }
  // Hull with a raised stern.
  ctx.beginPath();
  ctx.moveTo(cx - w * 0.5, cy + h * 0.04);
  ctx.lineTo(cx - w * 0.3, cy + h * 0.1);
  ctx.lineTo(cx + w * 0.52, cy + h * 0.08);
  ctx.lineTo(cx + w * 0.36, cy + h * 0.38);
  ctx.lineTo(cx - w * 0.36, cy + h * 0.38);
  ctx.closePath();
  ctx.fillStyle = COLOURS.ghostHull;
  ctx.stroke();
  ctx.fill();
  ctx.restore();
}

// ---------------------------------------------------------------------------------------------
// Tokens and boats, drawn once per look

const pieces = new LayerCache(64);

function boatImage(colour: PlayerColour, w: number) {
  const size = Math.ceil(w * 1.2);
  return pieces.get(`freibeuter:boat:${colour}:${w}`, size, size, (layer) => {
    const swatch = PLAYER_HEX[colour];
    drawBoatShape(layer, size / 2, size / 2, w, swatch.fill, swatch.fill, OUTLINE);
  });
}

function drawBoat(ctx: Ctx, colour: PlayerColour, cx: number, cy: number, w: number): void {
  const image = boatImage(colour, w);
  ctx.drawImage(image, Math.round(cx - image.width / 2), Math.round(cy - image.height / 2));
}

/** A token disc as an image: `boarder` is the colour of the boat on a ship, `doubled` marks a ship whose value counts double. */
function tokenImage(token: Token, boarder: PlayerColour | null, doubled: boolean, r: number) {
  const pad = 14;
  const size = 2 * r + 2 * pad;
  const key = `freibeuter:token:${token.kind}:${'value' in token ? token.value : ''}:${boarder ?? ''}:${doubled}:${r}`;
  return pieces.get(key, size, size, (layer) => {
    const c = size / 2;
    layer.lineJoin = 'round';
    if (token.kind === 'pirate') {
      layer.beginPath();
      layer.arc(c, c, r, 0, Math.PI * 2);
      layer.fillStyle = COLOURS.pirate;
      layer.fill();
      layer.lineWidth = 3;
      layer.strokeStyle = OUTLINE;
      layer.stroke();
      drawChest(layer, c, c + 2, r * 1.2);
      return;
    }
    if (token.kind === 'double') {
      layer.beginPath();
      layer.arc(c, c, r, 0, Math.PI * 2);
      layer.fillStyle = COLOURS.double;
      layer.fill();
      layer.lineWidth = 4;
      layer.strokeStyle = COLOURS.gold;
      layer.stroke();
      drawText(layer, '×2', c, c - r * 0.36, { size: Math.round(r * 0.62), weight: 'bold', colour: COLOURS.gold, align: 'center' });
      drawText(layer, String(token.value), c, c + r * 0.36, { size: Math.round(r * 0.7), weight: 'bold', colour: '#ffffff', align: 'center' });
      return;
    }
    // A ship: its value big, its payment per boat small; a boarded one ringed in the boarder's colour.
    if (boarder) {
      layer.beginPath();
      layer.arc(c, c, r + 5, 0, Math.PI * 2);
      layer.fillStyle = PLAYER_HEX[boarder].fill;
      layer.fill();
      layer.lineWidth = 2.5;
      layer.strokeStyle = OUTLINE;
      layer.stroke();
    }
    layer.beginPath();
    layer.arc(c, c, boarder ? r - 4 : r, 0, Math.PI * 2);
    layer.fillStyle = COLOURS.token;
    layer.fill();
    layer.lineWidth = boarder ? 2 : 3;
    layer.strokeStyle = OUTLINE;
    layer.stroke();
    drawText(layer, String(token.value), c, c - r * 0.1, { size: Math.round(r * (token.value >= 10 ? 0.92 : 1.0)), weight: 'bold', colour: COLOURS.ink, align: 'center' });
    drawText(layer, `/${token.value / 5}`, c, c + r * 0.56, { size: Math.round(r * 0.42), weight: 'bold', colour: '#5a4a38', align: 'center' });
    // Its value counts double: a badge in the look of the double-value token.
    if (doubled) {
      const bx = c + r * 0.78;
      const by = c + r * 0.62;
      layer.beginPath();
      layer.arc(bx, by, r * 0.42, 0, Math.PI * 2);
      layer.fillStyle = COLOURS.double;
      layer.fill();
      layer.lineWidth = 2;
      layer.strokeStyle = COLOURS.gold;
      layer.stroke();
      drawText(layer, '×2', bx, by + 1, { size: Math.round(r * 0.4), weight: 'bold', colour: COLOURS.gold, align: 'center' });
    }
    if (boarder) drawBoatShape(layer, c, c - r - 3, r * 0.95, PLAYER_HEX[boarder].fill, PLAYER_HEX[boarder].fill, OUTLINE);
  });
}

// ---------------------------------------------------------------------------------------------
// The static layer: page, header band, the sea with its coordinates

const staticLayers = new LayerCache(2);

function drawSea(ctx: Ctx): void {
  ctx.fillStyle = COLOURS.page;
  ctx.fillRect(0, 0, WIDTH, HEIGHT);
  ctx.fillStyle = COLOURS.header;
  ctx.fillRect(0, 0, WIDTH, HEADER_H);
  drawRoundRect(ctx, SEA_X - 8, SEA_Y - 8, SEA_SIZE + 16, SEA_SIZE + 16, 10, { fill: COLOURS.seaFrame });
  for (let field = 0; field < SIZE * SIZE; field++) {
    const row = Math.floor(field / SIZE);
    const col = field % SIZE;
    const x = SEA_X + col * FIELD;
    const y = SEA_Y + row * FIELD;
    ctx.fillStyle = isBorderField(field) ? COLOURS.waterBorder : COLOURS.water;
    ctx.fillRect(x, y, FIELD, FIELD);
    // Two small waves per field, away from the corners where tokens lie.
    ctx.strokeStyle = COLOURS.wave;
    ctx.lineWidth = 2.5;
    ctx.lineCap = 'round';
    for (const [wx, wy] of [
      [x + FIELD * 0.3, y + FIELD * 0.2],
      [x + FIELD * 0.52, y + FIELD * 0.84],
    ] as const) {
      ctx.beginPath();
      ctx.moveTo(wx - 12, wy);
      ctx.quadraticCurveTo(wx - 6, wy - 5, wx, wy);
      ctx.quadraticCurveTo(wx + 6, wy + 5, wx + 12, wy);
      ctx.stroke();
    }
  }
  // Grid lines, and a bolder line between the border ring (one boat) and the inner fields (two).
  ctx.strokeStyle = COLOURS.waterLine;
  ctx.lineWidth = 2;
  for (let k = 0; k <= SIZE; k++) {
    ctx.beginPath();
    ctx.moveTo(SEA_X + k * FIELD, SEA_Y);
    ctx.lineTo(SEA_X + k * FIELD, SEA_Y + SEA_SIZE);
    ctx.moveTo(SEA_X, SEA_Y + k * FIELD);
    ctx.lineTo(SEA_X + SEA_SIZE, SEA_Y + k * FIELD);
    ctx.stroke();
  }
  ctx.strokeStyle = 'rgba(200, 235, 255, 0.35)';
  ctx.setLineDash([10, 8]);
  ctx.lineWidth = 2;
  ctx.strokeRect(SEA_X + FIELD, SEA_Y + FIELD, SEA_SIZE - 2 * FIELD, SEA_SIZE - 2 * FIELD);
  ctx.setLineDash([]);
  ctx.lineWidth = 3;
  ctx.strokeStyle = OUTLINE;
  ctx.strokeRect(SEA_X, SEA_Y, SEA_SIZE, SEA_SIZE);
  // Empty grid points (the tokens cover those still in play).
  ctx.fillStyle = COLOURS.point;
  for (let point = 0; point < POINT_SIZE * POINT_SIZE; point++) {
    const { x, y } = pointCentre(point);
    ctx.beginPath();
    ctx.arc(x, y, 6, 0, Math.PI * 2);
    ctx.fill();
  }
  // Coordinates: columns 1-7 above, rows A-G on the left.
  COLUMNS.forEach((column, col) => {
    drawText(ctx, column, SEA_X + col * FIELD + FIELD / 2, SEA_Y - LABEL / 2 - 6, { size: 28, weight: 'bold', colour: COLOURS.label, align: 'center' });
  });
  ROWS.forEach((row, r) => {
    drawText(ctx, row, SEA_X - LABEL / 2 - 6, SEA_Y + r * FIELD + FIELD / 2, { size: 28, weight: 'bold', colour: COLOURS.label, align: 'center' });
  });
}

// ---------------------------------------------------------------------------------------------
// The sea's pieces

function drawFields(ctx: Ctx, view: FreibeuterView, players: BoardPlayer[]): void {
  view.fields.forEach((field, index) => {
    if (field.boats.length === 0) return;
    const { x, y } = fieldCentre(index);
    const colour = (seat: number) => (players[seat] as BoardPlayer).colour;
    if (field.boats.length === 1) drawBoat(ctx, colour(field.boats[0] as number), x, y + 2, field.capacity === 1 ? 62 : 56);
    else field.boats.slice(0, 2).forEach((seat, k) => drawBoat(ctx, colour(seat), x + (k === 0 ? -24 : 24), y + 2, 46));
  });
  if (view.dutchman !== null) {
    const { x, y } = fieldCentre(fieldIndex(view.dutchman));
    drawDutchman(ctx, x, y, 72);
  }
}

function drawTokens(ctx: Ctx, view: FreibeuterView, players: BoardPlayer[]): void {
  for (const token of view.tokens) {
    if (token.token === null) continue;
    const { x, y } = pointCentre(token.point);
    const boarder = token.boardedBy === null ? null : (players[token.boardedBy] as BoardPlayer).colour;
    const doubled = token.token.kind === 'ship' && view.doubles.includes(token.token.value);
    const image = tokenImage(token.token, boarder, doubled, TOKEN_R);
    ctx.drawImage(image, Math.round(x - image.width / 2), Math.round(y - image.height / 2));
  }
  // Tokens waiting for the order of resolution: a bright dashed ring.
  for (const point of view.pending) {
    const { x, y } = pointCentre(point);
    ctx.save();
    ctx.setLineDash([8, 6]);
    ctx.lineWidth = 5;
    ctx.strokeStyle = '#ffffff';
    ctx.beginPath();
    ctx.arc(x, y, TOKEN_R + 11, 0, Math.PI * 2);
    ctx.stroke();
    ctx.restore();
  }
}

// ---------------------------------------------------------------------------------------------
// Header and side panel

function drawHeader(ctx: Ctx, view: FreibeuterView, players: BoardPlayer[], t: Translate): void {
  const cy = HEADER_H / 2;
  let x = 24;
  x += drawText(ctx, t('game.freibeuter.name'), x, cy, { size: 32, weight: 'bold', colour: COLOURS.text }) + 18;
  x += drawChip(ctx, t('freibeuter.board.turn', { turn: view.turn }), x, cy, { size: 22, fill: COLOURS.gold, ink: COLOURS.ink }).width + 14;
  if (view.over) {
    const best = winners(view);
    const score = view.players[best[0] as number]?.score ?? 0;
    const names = best.map((seat) => shortName((players[seat] as BoardPlayer).name, 22));
    const text = best.length === 1 ? t('freibeuter.board.winner-line', { player: names[0] as string, score }) : t('freibeuter.board.winners-line', { players: names.join(' & '), score });
    drawText(ctx, text, x, cy, { size: 26, weight: 'bold', colour: COLOURS.gold, maxWidth: WIDTH - x - 24 });
    return;
  }
  const player = players[view.current] as BoardPlayer;
  const swatch = PLAYER_HEX[player.colour];
  const key = view.phase === 'order' ? 'freibeuter.board.to-order' : view.phase === 'draw' ? 'freibeuter.board.to-draw' : 'freibeuter.board.to-move';
  const chip = drawChip(ctx, shortName(player.name, 18), x, cy, { size: 22, fill: swatch.fill, ink: swatch.ink, border: OUTLINE, iconWidth: 40 });
  drawBoat(ctx, player.colour, chip.x + 30, cy - 1, 30);
  drawText(ctx, t(key), chip.x + chip.width + 10, cy, { size: 22, weight: 'bold', colour: COLOURS.text, maxWidth: WIDTH - chip.x - chip.width - 34 });
}

/** Winners of a finished game (ties share), among those who stayed. */
function winners(view: FreibeuterView): number[] {
  const live = view.players.filter((p) => !p.resigned);
  const best = Math.max(...live.map((p) => p.score));
  return live.filter((p) => p.score === best).map((p) => p.seat);
}

function drawPlayerCard(ctx: Ctx, view: FreibeuterView, players: BoardPlayer[], seat: number, y: number, t: Translate): void {
  const p = view.players[seat];
  const player = players[seat] as BoardPlayer;
  if (!p) return;
  const swatch = PLAYER_HEX[player.colour];
  const toAct = view.waitingFor.includes(seat);
  const won = view.over && winners(view).includes(seat);
  drawRoundRect(ctx, SIDE_X, y, SIDE_W, CARD_H, 12, {
    fill: seat % 2 === 0 ? COLOURS.card : COLOURS.cardAlt,
    ...(toAct || won ? { stroke: COLOURS.gold, lineWidth: 4 } : {}),
  });
  drawRoundRect(ctx, SIDE_X, y, 12, CARD_H, 5, { fill: swatch.fill });
  ctx.save();
  if (p.resigned) ctx.globalAlpha = 0.45;
  const left = SIDE_X + 22;
  const right = SIDE_X + SIDE_W - 14;
  // Name with a boat in his colour; the score now on the right.
  drawBoat(ctx, player.colour, left + 20, y + 28, 40);
  const scoreWidth = drawText(ctx, String(p.score), right, y + 30, { size: 36, weight: 'bold', colour: COLOURS.gold, align: 'right' });
  drawText(ctx, player.name, left + 48, y + 28, { size: 24, weight: 'bold', colour: COLOURS.text, maxWidth: right - scoreWidth - left - 60 });
  // Treasure and boats left.
  drawCoin(ctx, left + 14, y + 72, 13);
  const tw = drawText(ctx, String(p.treasure), left + 34, y + 73, { size: 26, weight: 'bold', colour: COLOURS.text });
  const bx = left + 34 + Math.max(tw, 44) + 26;
  drawBoat(ctx, player.colour, bx, y + 70, 30);
  const bw = drawText(ctx, String(p.boats), bx + 22, y + 73, { size: 26, weight: 'bold', colour: COLOURS.text });
  drawText(ctx, t('freibeuter.board.boats-left'), bx + 28 + bw, y + 75, { size: 16, weight: 'bold', colour: COLOURS.textDim });
  // Marks: to act, won, left.
  const mark = p.resigned ? t('freibeuter.board.left') : won ? t('freibeuter.board.winner') : toAct ? t('freibeuter.board.to-act') : null;
  if (mark) drawChip(ctx, mark, right, y + 72, { size: 16, fill: p.resigned ? '#5b5249' : COLOURS.gold, ink: p.resigned ? '#ffffff' : COLOURS.ink, align: 'right', height: 28, paddingX: 9 });
  // Captured ships by value: a disc (gold-rimmed when the value counts double) and how many; then the loans.
  let x = left + 14;
  const cy = y + 114;
  if (p.ships.length === 0) drawText(ctx, t('freibeuter.board.no-ships'), left, cy, { size: 17, weight: 'bold', colour: COLOURS.textDim });
  for (const value of SHIP_VALUES) {
    const count = p.ships.filter((v) => v === value).length;
    if (count === 0) continue;
    const doubled = view.doubles.includes(value);
    ctx.beginPath();
    ctx.arc(x, cy, 16, 0, Math.PI * 2);
    ctx.fillStyle = COLOURS.token;
    ctx.fill();
    ctx.lineWidth = doubled ? 4 : 2;
    ctx.strokeStyle = doubled ? COLOURS.gold : OUTLINE;
    ctx.stroke();
    drawText(ctx, String(value), x, cy + 1, { size: 16, weight: 'bold', colour: COLOURS.ink, align: 'center' });
    x += 20;
    if (count > 1) x += drawText(ctx, `×${count}`, x, cy + 1, { size: 18, weight: 'bold', colour: COLOURS.text }) + 4;
    x += 20;
  }
  if (p.loans.length > 0) {
    const total = p.loans.reduce((a, b) => a + b, 0);
    const text = t(p.loans.length === 1 ? 'freibeuter.board.loan' : 'freibeuter.board.loans', { total, count: p.loans.length });
    drawChip(ctx, text, right, cy, { size: 16, fill: COLOURS.danger, ink: '#ffffff', border: OUTLINE, align: 'right', height: 28, paddingX: 9 });
  }
  ctx.restore();
}

function drawInfo(ctx: Ctx, view: FreibeuterView, y: number, t: Translate): void {
  drawRoundRect(ctx, SIDE_X, y, SIDE_W, INFO_H, 12, { fill: COLOURS.info, stroke: '#24324a', lineWidth: 2 });
  const col = SIDE_W / 3;
  const top = y + 12;
  // Three columns: the sea pile, the Dutchman pile, the pirate treasures still on the sea.
  const block = (k: number, icon: (cx: number, cy: number) => void, count: string, warn: boolean, label: string) => {
    const cx = SIDE_X + col * k + col / 2;
    icon(cx - 26, top + 24);
    drawText(ctx, count, cx + 2, top + 25, { size: 28, weight: 'bold', colour: warn ? COLOURS.danger : COLOURS.text });
    drawText(ctx, label, cx, top + 60, { size: 14, weight: 'bold', colour: COLOURS.textDim, align: 'center', maxWidth: col - 8 });
  };
  const card = (fill: string, mark: (cx: number, cy: number) => void) => (cx: number, cy: number) => {
    drawRoundRect(ctx, cx - 14, cy - 20, 28, 40, 5, { fill, stroke: OUTLINE, lineWidth: 2 });
    mark(cx, cy);
  };
  block(0, card(COLOURS.water, (cx, cy) => drawBoatShape(ctx, cx, cy, 20, '#ffffff', '#ffffff', OUTLINE)), String(view.seaPile), view.seaPile === 0, t('freibeuter.board.sea-pile'));
  block(1, card(COLOURS.ghostHull, (cx, cy) => drawBoatShape(ctx, cx, cy, 20, COLOURS.ghost, COLOURS.ghost, OUTLINE)), String(view.dutchmanPile), false, t('freibeuter.board.dutchman-pile'));
  block(2, (cx, cy) => drawChest(ctx, cx - 4, cy, 34), `${view.piratesLeft}`, false, t('freibeuter.board.pirates'));
  // The double-value tokens: taken ones bright, the others faint.
  const dy = y + 116;
  drawText(ctx, t('freibeuter.board.doubles'), SIDE_X + 16, dy, { size: 18, weight: 'bold', colour: COLOURS.text });
  const dx = SIDE_X + SIDE_W - 16 - SHIP_VALUES.length * 48 + 24;
  SHIP_VALUES.forEach((value: ShipValue, k) => {
    const taken = view.doubles.includes(value);
    const cx = dx + k * 48;
    ctx.save();
    ctx.globalAlpha = taken ? 1 : 0.28;
    ctx.beginPath();
    ctx.arc(cx, dy, 21, 0, Math.PI * 2);
    ctx.fillStyle = COLOURS.double;
    ctx.fill();
    ctx.lineWidth = 3;
    ctx.strokeStyle = COLOURS.gold;
    ctx.stroke();
    drawText(ctx, String(value), cx, dy + 1, { size: 19, weight: 'bold', colour: '#ffffff', align: 'center' });
    ctx.restore();
  });
  const escaped = view.escaped.length;
  drawText(ctx, escaped === 0 ? t('freibeuter.board.doubles.hint') : t(escaped === 1 ? 'freibeuter.board.escaped.one' : 'freibeuter.board.escaped', { count: escaped }), SIDE_X + 16, dy + 40, {
    size: 15,
    weight: 'bold',
    colour: COLOURS.textDim,
    maxWidth: SIDE_W - 32,
  });
}

/** Below the cards, when there is room (fewer than four players): what the pieces are. */
function drawLegend(ctx: Ctx, y: number, height: number, t: Translate): void {
  if (height < 110) return;
  drawRoundRect(ctx, SIDE_X, y, SIDE_W, height, 12, { fill: COLOURS.info });
  const token = (tk: Token) => (cx: number, cy: number) => {
    const image = tokenImage(tk, null, false, 22);
    ctx.drawImage(image, cx - image.width / 2, cy - image.height / 2);
  };
  const rows: { draw: (cx: number, cy: number) => void; text: string }[] = [
    { draw: token({ kind: 'ship', value: 15 }), text: t('freibeuter.board.legend.ship') },
    { draw: token({ kind: 'pirate' }), text: t('freibeuter.board.legend.pirate') },
    { draw: token({ kind: 'double', value: 10 }), text: t('freibeuter.board.legend.double') },
    { draw: (cx, cy) => drawBoatShape(ctx, cx, cy, 40, '#d9dee3', '#d9dee3', OUTLINE), text: t('freibeuter.board.legend.boat') },
    { draw: (cx, cy) => drawDutchman(ctx, cx, cy, 48), text: t('freibeuter.board.legend.dutchman') },
  ];
  const shown = rows.slice(0, Math.max(3, Math.floor((height - 16) / 54)));
  const step = (height - 16) / shown.length;
  shown.forEach((row, k) => {
    const cy = y + 8 + step * k + step / 2;
    row.draw(SIDE_X + 40, cy);
    drawText(ctx, row.text, SIDE_X + 76, cy, { size: 17, weight: 'bold', colour: COLOURS.textDim, maxWidth: SIDE_W - 90 });
  });
}

// ---------------------------------------------------------------------------------------------

/** Draws the board as a PNG; `players[seat]` gives each seat's name and colour. */
export async function renderFreibeuterBoard(view: FreibeuterView, players: BoardPlayer[], t: Translate): Promise<Buffer> {
  if (players.length !== view.seats) throw new RangeError(`Freibeuter is drawn for ${view.seats} players, got ${players.length}`);
  const canvas = newCanvas(WIDTH, HEIGHT);
  const ctx = canvas.getContext('2d');
  // Only digits and letters of the coordinates are drawn in the layer: one for every language.
  ctx.drawImage(staticLayers.get('freibeuter:sea', WIDTH, HEIGHT, drawSea), 0, 0);
  drawHeader(ctx, view, players, t);
  drawFields(ctx, view, players);
  drawTokens(ctx, view, players);
  let y = SIDE_TOP;
  for (let seat = 0; seat < view.seats; seat++) {
    drawPlayerCard(ctx, view, players, seat, y, t);
    y += CARD_H + CARD_GAP;
  }
  drawInfo(ctx, view, y, t);
  y += INFO_H + CARD_GAP;
  drawLegend(ctx, y, HEIGHT - MARGIN - y, t);
  return encodePng(canvas);
}
