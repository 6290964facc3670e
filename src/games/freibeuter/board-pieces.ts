/**
 * The Freibeuter pieces as drawings: boats (each with its owner's shape on the sail, so that no
 * player is told apart by colour alone), coins, treasure chests, the Flying Dutchman and the
 * tokens. Boats and tokens are drawn once per look and then copied.
 */
import { LayerCache, OUTLINE, PLAYER_HEX, drawPlayerMark, drawRoundRect, drawText, secondary, type PlayerColour } from '../../render/index.js';
import { COLOURS, TOKEN_R, type Ctx } from './board-layout.js';
import type { Token } from './rules.js';

/**
 * A square-rigged boat centred on (cx, cy), `w` wide: one broad sail (room for the owner's
 * shape) and a hull, in one colour with a dark outline, as large areas of one colour read best
 * when small. Returns the centre of the sail.
 */
export function drawBoatShape(ctx: Ctx, cx: number, cy: number, w: number, fill: string): { x: number; y: number } {
  const h = w * 0.92;
  const deck = cy + h * 0.14;
  const keel = cy + h * 0.44;
  const top = cy - h * 0.42;
  const foot = deck - h * 0.08;
  ctx.save();
  ctx.lineJoin = 'round';
  ctx.lineWidth = Math.max(2, w * 0.06);
  ctx.strokeStyle = OUTLINE;
  ctx.fillStyle = fill;
  // Mast with a pennant.
  ctx.beginPath();
  ctx.moveTo(cx, cy - h * 0.54);
  ctx.lineTo(cx, foot);
  ctx.stroke();
  ctx.beginPath();
  ctx.moveTo(cx, cy - h * 0.54);
  ctx.lineTo(cx + w * 0.2, cy - h * 0.49);
  ctx.lineTo(cx, cy - h * 0.44);
  ctx.closePath();
  ctx.stroke();
  ctx.fill();
  // The sail, bellied by the wind.
  const upper = w * 0.3;
  const lower = w * 0.37;
  ctx.beginPath();
  ctx.moveTo(cx - upper, top);
  ctx.lineTo(cx + upper, top);
  ctx.quadraticCurveTo(cx + lower + w * 0.07, (top + foot) / 2, cx + lower, foot);
  ctx.lineTo(cx - lower, foot);
  ctx.quadraticCurveTo(cx - lower - w * 0.07, (top + foot) / 2, cx - upper, top);
  ctx.closePath();
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
  ctx.stroke();
  ctx.fill();
  ctx.restore();
  return { x: cx, y: (top + foot) / 2 };
}

/** A player's boat: his colour, and his shape on the sail. */
export function drawPlayerBoat(ctx: Ctx, colour: PlayerColour, cx: number, cy: number, w: number): void {
  const sail = drawBoatShape(ctx, cx, cy, w, PLAYER_HEX[colour].fill);
  // As large as the sail holds, so that the shape reads on a small boat too.
  drawPlayerMark(ctx, colour, sail.x, sail.y, w * 0.19);
}

/** A player's badge: a disc in his colour with his shape, beside his name and on what he owns. */
export function drawBadge(ctx: Ctx, colour: PlayerColour, cx: number, cy: number, r: number): void {
  ctx.beginPath();
  ctx.arc(cx, cy, r, 0, Math.PI * 2);
  ctx.fillStyle = PLAYER_HEX[colour].fill;
  ctx.fill();
  ctx.lineWidth = Math.max(2, r * 0.14);
  ctx.strokeStyle = OUTLINE;
  ctx.stroke();
  drawPlayerMark(ctx, colour, cx, cy, r * 0.58);
}

/** A coin: gold disc with a darker rim and an inner ring. */
export function drawCoin(ctx: Ctx, cx: number, cy: number, r: number): void {
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
export function drawChest(ctx: Ctx, cx: number, cy: number, w: number): void {
  const h = w * 0.72;
  const x = cx - w / 2;
  const y = cy - h / 2;
  ctx.save();
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
export function drawDutchman(ctx: Ctx, cx: number, cy: number, w: number): void {
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
// Cached images

const pieces = new LayerCache(64);

function boatImage(colour: PlayerColour, w: number) {
  const size = Math.ceil(w * 1.25);
  return pieces.get(`freibeuter:boat:${colour}:${w}`, size, size, (layer) => drawPlayerBoat(layer, colour, size / 2, size / 2, w));
}

/** A player's boat centred on (cx, cy), from the cache. */
export function drawBoat(ctx: Ctx, colour: PlayerColour, cx: number, cy: number, w: number): void {
  const image = boatImage(colour, w);
  ctx.drawImage(image, Math.round(cx - image.width / 2), Math.round(cy - image.height / 2));
}

/** Room around a token's disc in its image: its number, the boarder's boat and the double mark stick out. */
const TOKEN_PAD = 22;

/**
 * Where a ship's number tag lies, from the token's centre: on the top of its disc, over the grid
 * line between two fields, clear of their boats (see boatPlaces).
 */
export function numberTagBox(label: string): { x: number; y: number; w: number; h: number } {
  const w = Math.max(30, Math.ceil(label.length * 12.5) + 8);
  return { x: -w / 2, y: -TOKEN_R - 13, w, h: 26 };
}

/** Where the boarder's boat lies on a ship, from the token's centre: on its left rim, over the grid line between two fields. */
export const BOARDER_BOAT = { x: -TOKEN_R - 2, y: 0, w: 32 } as const;

/**
 * A token disc as an image. A ship shows its value large and what its boarder pays per helping
 * boat below it, and `label`, the number the panel names it by, on a dark tag on its top;
 * `boarder` is the colour of the boat on it (a ring in his colour, his boat on the left rim, so
 * that value and payment stay clear), `doubled` marks a ship whose value counts double (bottom
 * right). Tag and boat lie over the grid lines, never over a field's boats.
 */
export function tokenImage(token: Token, boarder: PlayerColour | null, doubled: boolean, label: string | null = null) {
  const r = TOKEN_R;
  const size = 2 * r + 2 * TOKEN_PAD;
  const key = `freibeuter:token:${token.kind}:${'value' in token ? token.value : ''}:${boarder ?? ''}:${doubled}:${label ?? ''}`;
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
      drawText(layer, '×2', c, c - r * 0.34, { size: 22, weight: 'bold', colour: COLOURS.gold, align: 'center' });
      drawText(layer, String(token.value), c, c + r * 0.38, { size: 24, weight: 'bold', colour: '#ffffff', align: 'center' });
      return;
    }
    if (boarder) {
      layer.beginPath();
      layer.arc(c, c, r + 5, 0, Math.PI * 2);
      layer.fillStyle = PLAYER_HEX[boarder].fill;
      layer.fill();
      layer.lineWidth = 2.5;
      layer.strokeStyle = OUTLINE;
      layer.stroke();
    }
    const inner = boarder ? r - 3 : r;
    layer.beginPath();
    layer.arc(c, c, inner, 0, Math.PI * 2);
    layer.fillStyle = COLOURS.token;
    layer.fill();
    layer.lineWidth = boarder ? 2 : 3;
    layer.strokeStyle = OUTLINE;
    layer.stroke();
    drawText(layer, String(token.value), c, c - 6, { size: token.value >= 10 ? 30 : 32, weight: 'bold', colour: COLOURS.ink, align: 'center' });
    drawText(layer, `/${token.value / 5}`, c, c + 20, { size: 22, weight: 'bold', colour: COLOURS.pay, align: 'center' });
    // Counts double: a badge in the look of the double-value token; the piles box lists the doubled values at full size.
    if (doubled) {
      const bx = c + r * 0.84;
      const by = c + r * 0.8;
      layer.beginPath();
      layer.arc(bx, by, 17, 0, Math.PI * 2);
      layer.fillStyle = COLOURS.double;
      layer.fill();
      layer.lineWidth = 2;
      layer.strokeStyle = COLOURS.gold;
      layer.stroke();
      secondary('repeat', () => drawText(layer, '×2', bx, by + 1, { size: 18, weight: 'bold', colour: COLOURS.gold, align: 'center' }));
    }
    if (boarder) drawPlayerBoat(layer, boarder, c + BOARDER_BOAT.x, c + BOARDER_BOAT.y, BOARDER_BOAT.w);
    if (label !== null) drawNumberTag(layer, label, c, c);
  });
}

/** A ship's number: white on a dark tag, readable on the sea, on boats and on every player colour. */
function drawNumberTag(ctx: Ctx, label: string, cx: number, cy: number): void {
  const box = numberTagBox(label);
  drawRoundRect(ctx, cx + box.x, cy + box.y, box.w, box.h, 8, { fill: COLOURS.tag, stroke: COLOURS.tagEdge, lineWidth: 2 });
  drawText(ctx, label, cx, cy + box.y + box.h / 2 + 1, { size: 22, weight: 'bold', colour: '#ffffff', align: 'center' });
}

/** A token centred on its point, from the cache. */
export function drawToken(ctx: Ctx, token: Token, boarder: PlayerColour | null, doubled: boolean, label: string | null, x: number, y: number): void {
  const image = tokenImage(token, boarder, doubled, label);
  ctx.drawImage(image, Math.round(x - image.width / 2), Math.round(y - image.height / 2));
}

/**
 * Points on a boat's outline as drawBoatShape draws it (pennant, sail corners and belly, deck and
 * keel ends), from its centre: what must stay clear of the tokens (tests measure them).
 */
export function boatOutline(cx: number, cy: number, w: number): { x: number; y: number }[] {
  const h = w * 0.92;
  const deck = cy + h * 0.14;
  const keel = cy + h * 0.44;
  const top = cy - h * 0.42;
  const foot = deck - h * 0.08;
  return [
    { x: cx + w * 0.2, y: cy - h * 0.49 },
    { x: cx, y: cy - h * 0.54 },
    ...[-1, 1].flatMap((side) => [
      { x: cx + side * w * 0.3, y: top },
      { x: cx + side * w * 0.41, y: (top + foot) / 2 },
      { x: cx + side * w * 0.37, y: foot },
      { x: cx + side * w * 0.5, y: deck },
      { x: cx + side * w * 0.24, y: keel },
    ]),
  ];
}
