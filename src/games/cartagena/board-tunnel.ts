/**
 * The tunnel, the start beach and the ship without any pirate: it depends only on the tunnel's
 * symbols, so it is drawn once per game, cached, and copied under each board's pieces.
 */
import { LayerCache, OUTLINE, drawArrow, drawRoundRect, drawSymbol, drawText } from '../../render/index.js';
import { SYMBOLS, type CartagenaSymbol } from './rules.js';
import {
  BOARD_H,
  COLOURS,
  ROWS,
  ROW_GAP,
  SHIP_BOX,
  SHIP_DECK_Y,
  START_BOX,
  TILES_LEFT,
  TILES_RIGHT,
  TILE_H,
  TILE_W,
  WIDTH,
  rowCentreY,
  spaceOrigin,
  type Ctx,
} from './board-layout.js';

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
  drawSymbol(ctx, symbol, x + TILE_W - 29, y + 28, 46);
  // The number big enough to read at chat size (posts and panels name spaces by it); the symbol sits right of it.
  drawText(ctx, String(space), x + 5, y + 4, {
    size: 22,
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

/** Copies the tunnel's layer onto the board at height y. */
export function drawTunnel(ctx: Ctx, tunnel: CartagenaSymbol[], y: number): void {
  const layer = boardLayers.get(`cartagena:${tunnel.join(',')}`, WIDTH, BOARD_H, (layerCtx) => drawBoardLayer(layerCtx, tunnel));
  ctx.drawImage(layer, 0, y);
}
