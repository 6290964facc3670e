/**
 * The ring of 14 taverns: each tile has a roof with the tavern's number, the wall holding its
 * cards (the face-up top card, the ones beneath peeking out) and the street space in front, where
 * captains and Black Jack stand. The tiles themselves never change and are drawn into the cached
 * background; the cards and pieces are drawn on every board.
 */
import type { CanvasRenderingContext2D } from 'canvas';
import { OUTLINE, PLAYER_HEX, drawChip, drawRoundRect, drawText, pawnWidth, secondary, type BoardPlayer } from '../../render/index.js';
import type { Translate } from '../../i18n/index.js';
import { SPACES } from './board.js';
import { BLACK_JACK, type HalunkenView, type Piece } from './rules.js';
import { drawCardBack, drawSailorCard } from './board-cards.js';
import type { BoardChanges } from './board-changes.js';
import { CARD_H, CARD_W, COLOURS, GAP, RING, RING_PAD, ROOF_H, TILE_H, TILE_W, WALL_BOTTOM, tileOrigin } from './board-layout.js';
import { drawArrival, drawGhost, drawPiece } from './board-pieces.js';
import { cutToWidth } from './board-text.js';

type Ctx = CanvasRenderingContext2D;

// ---------------------------------------------------------------------------------------------
// The static ring

function drawTileFrame(ctx: Ctx, space: number): void {
  const { x, y } = tileOrigin(space);
  // The street space in front, lit by a lantern.
  drawRoundRect(ctx, x, y + WALL_BOTTOM - 8, TILE_W, TILE_H - WALL_BOTTOM + 8, 12, { fill: COLOURS.cobble, stroke: '#0b0f17', lineWidth: 2 });
  const glow = ctx.createRadialGradient(x + TILE_W / 2, y + TILE_H - 20, 4, x + TILE_W / 2, y + TILE_H - 20, TILE_W * 0.55);
  glow.addColorStop(0, 'rgba(247, 210, 122, 0.28)');
  glow.addColorStop(1, 'rgba(247, 210, 122, 0)');
  ctx.fillStyle = glow;
  ctx.fillRect(x + 2, y + WALL_BOTTOM, TILE_W - 4, TILE_H - WALL_BOTTOM - 2);
  // The tavern: wall and roof.
  drawRoundRect(ctx, x + 5, y + ROOF_H - 4, TILE_W - 10, WALL_BOTTOM - ROOF_H + 2, 6, { fill: COLOURS.wall, stroke: OUTLINE, lineWidth: 2.5 });
  ctx.strokeStyle = COLOURS.wallDark;
  ctx.lineWidth = 2;
  for (let ly = y + ROOF_H + 14; ly < y + WALL_BOTTOM - 6; ly += 16) {
    ctx.beginPath();
    ctx.moveTo(x + 8, ly);
    ctx.lineTo(x + TILE_W - 8, ly);
    ctx.stroke();
  }
  ctx.beginPath();
  ctx.moveTo(x, y + ROOF_H);
  ctx.lineTo(x + 14, y + 2);
  ctx.lineTo(x + TILE_W - 14, y + 2);
  ctx.lineTo(x + TILE_W, y + ROOF_H);
  ctx.closePath();
  ctx.fillStyle = COLOURS.roof;
  ctx.fill();
  ctx.strokeStyle = OUTLINE;
  ctx.lineWidth = 2.5;
  ctx.stroke();
  // The tavern's number on a sign in the roof.
  drawRoundRect(ctx, x + TILE_W / 2 - 22, y + 2, 44, 24, 8, { fill: COLOURS.fresh, stroke: OUTLINE, lineWidth: 2 });
  drawText(ctx, String(space + 1), x + TILE_W / 2, y + 15, { size: 22, weight: 'bold', colour: COLOURS.ink, align: 'center' });
}

/** A small triangle in the gap between two neighbouring tiles, pointing the way pieces move. */
function drawDirection(ctx: Ctx, from: number, to: number): void {
  const a = tileOrigin(from);
  const b = tileOrigin(to);
  let mx: number;
  let my: number;
  if (a.y === b.y) {
    // Along a row, at street level.
    mx = (a.x < b.x ? a.x + TILE_W : a.x) + (a.x < b.x ? GAP / 2 : -GAP / 2);
    my = a.y + TILE_H - 30;
  } else {
    // Down the right side or up the left, beside the street's outer edge.
    mx = a.x + (a.x > RING.x ? TILE_W - 22 : 22);
    my = (a.y < b.y ? a.y + TILE_H : a.y) + (a.y < b.y ? GAP / 2 : -GAP / 2);
  }
  ctx.save();
  ctx.translate(mx, my);
  ctx.rotate(Math.atan2(b.y - a.y, b.x - a.x));
  ctx.beginPath();
  ctx.moveTo(6, 0);
  ctx.lineTo(-5, -7);
  ctx.lineTo(-5, 7);
  ctx.closePath();
  ctx.fillStyle = COLOURS.gold;
  ctx.fill();
  ctx.restore();
}

export function drawRingFrame(ctx: Ctx): void {
  drawRoundRect(ctx, RING.x - RING_PAD, RING.y - RING_PAD, RING.w + 2 * RING_PAD, RING.h + 2 * RING_PAD, 18, { fill: COLOURS.street });
  for (let space = 0; space < SPACES; space++) drawTileFrame(ctx, space);
  for (let space = 0; space < SPACES; space++) drawDirection(ctx, space, (space + 1) % SPACES);
}

// ---------------------------------------------------------------------------------------------
// Tavern cards

const CARD_Y = ROOF_H + 2;

export function drawTaverns(ctx: Ctx, view: HalunkenView, t: Translate): void {
  for (let space = 0; space < SPACES; space++) {
    const { x, y } = tileOrigin(space);
    const tavern = view.taverns[space];
    if (!tavern) continue;
    const cardX = x + 9;
    const cardY = y + CARD_Y;
    const backs = tavern.top ? tavern.hidden : tavern.hidden - 1;
    // The cards beneath peek out to the right, one step per card.
    for (let k = Math.min(backs, 2); k >= 1; k--) drawCardBack(ctx, cardX + k * 8, cardY, CARD_W, CARD_H);
    if (tavern.top) drawSailorCard(ctx, tavern.top, cardX, cardY, CARD_W, CARD_H);
    else if (tavern.hidden > 0) drawCardBack(ctx, cardX, cardY, CARD_W, CARD_H);
    else drawRoundRect(ctx, cardX, cardY, CARD_W, CARD_H, 7, { stroke: 'rgba(243, 236, 220, 0.35)', lineWidth: 2 });
    const count = tavern.hidden + (tavern.top ? 1 : 0);
    if (count === 0) {
      // A caption of the empty place outlined around it.
      secondary('caption', () =>
        drawText(ctx, t('halunken.board.empty'), cardX + CARD_W / 2, cardY + CARD_H / 2, {
          size: 18,
          colour: 'rgba(243, 236, 220, 0.75)',
          align: 'center',
          maxWidth: CARD_W + 10,
        }),
      );
    } else {
      // How many cards the pile holds, the top one included.
      const chip = drawChip(ctx, String(count), x + TILE_W - 4, cardY + CARD_H - 14, {
        size: 22,
        fill: COLOURS.ink,
        ink: COLOURS.text,
        border: COLOURS.wallDark,
        align: 'right',
        iconWidth: 14,
        height: 30,
        paddingX: 7,
      });
      drawRoundRect(ctx, chip.x + 6, chip.y + 7, 10, 16, 2, { fill: COLOURS.back, stroke: COLOURS.gold, lineWidth: 1.2 });
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Pieces on the street

const PIECE_H = 42;
/** The first piece's centre from the tile's left edge; more pieces stand to its right. */
const PIECE_X = 22;
const PIECE_STEP = 34;

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

/** A name for the street: the player's short name, else his first word. */
const streetName = (player: BoardPlayer): string => player.short ?? player.name.split(/\s+/)[0] ?? player.name;

export function drawPieces(ctx: Ctx, view: HalunkenView, players: BoardPlayer[], changes: BoardChanges): void {
  const bySpace = piecesBySpace(view);
  const ghosts = new Map<number, Piece[]>();
  for (const [piece, from] of changes.cameFrom) ghosts.set(from, [...(ghosts.get(from) ?? []), piece]);
  for (let space = 0; space < SPACES; space++) {
    const pieces = bySpace.get(space) ?? [];
    const gone = ghosts.get(space) ?? [];
    if (pieces.length === 0 && gone.length === 0) continue;
    const { x, y } = tileOrigin(space);
    const baseY = y + TILE_H - 7;
    // A ghost takes the first spot of an empty street, else the far end.
    const ghostX = (i: number) => (pieces.length === 0 ? x + PIECE_X + i * PIECE_STEP : x + TILE_W - 20 - i * PIECE_STEP);
    gone.forEach((piece, i) => drawGhost(ctx, piece, ghostX(i), baseY, PIECE_H, players));
    pieces.forEach((piece, i) => {
      const cx = x + PIECE_X + i * PIECE_STEP;
      if (changes.arrived.has(piece)) drawArrival(ctx, cx, baseY, PIECE_H);
      drawPiece(ctx, piece, cx, baseY, PIECE_H, players);
    });
    // A lone captain gets his name beside him, up to the ghost if one stands there too (Black Jack
    // is known by his look, and named in the middle of the ring).
    const piece = pieces[0] as Piece;
    if (pieces.length !== 1 || piece === BLACK_JACK) continue;
    const left = x + PIECE_X + pawnWidth(PIECE_H) / 2 + 4;
    const right = gone.length > 0 ? ghostX(gone.length - 1) - pawnWidth(PIECE_H) / 2 - 4 : x + TILE_W - 5;
    const paddingX = 7;
    if (right - left < 34) continue;
    // A caption of the pawn beside it, which his colour and shape already tell apart.
    const size = 18;
    const player = players[piece] as BoardPlayer;
    const fitted = cutToWidth(ctx, streetName(player), size, right - left - 2 * paddingX);
    // A name cut to a letter or two says nothing: then only the pawn.
    if ([...fitted].length < 4 && fitted.endsWith('…')) continue;
    const swatch = PLAYER_HEX[player.colour];
    secondary('caption', () => drawChip(ctx, fitted, left, baseY - 19, { size, fill: swatch.fill, ink: swatch.ink, border: OUTLINE, height: 28, paddingX }));
  }
}
