/**
 * The pieces: the captains (the players' pawns, each with its player's shape) and Black Jack, and
 * the marks of a move: a faint outline where a piece stood, a white ring where it arrived.
 */
import type { CanvasRenderingContext2D } from 'canvas';
import { PLAYER_HEX, PLAYER_SHAPE, drawPawn, drawPawnShape, shapePath, type BoardPlayer } from '../../render/index.js';
import { BLACK_JACK, type Piece } from './rules.js';
import { COLOURS } from './board-layout.js';

type Ctx = CanvasRenderingContext2D;

/** Black Jack: a black pawn with a golden outline and a red bandana. */
export function drawBlackJack(ctx: Ctx, cx: number, baseY: number, height: number): void {
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
  // A white skull dot on the chest.
  ctx.fillStyle = '#f3ecdc';
  ctx.beginPath();
  ctx.arc(cx, baseY - height * 0.3, height * 0.08, 0, Math.PI * 2);
  ctx.fill();
  ctx.restore();
}

export function drawPiece(ctx: Ctx, piece: Piece, cx: number, baseY: number, height: number, players: BoardPlayer[]): void {
  if (piece === BLACK_JACK) drawBlackJack(ctx, cx, baseY, height);
  else drawPawn(ctx, cx, baseY, height, (players[piece] as BoardPlayer).colour);
}

/**
 * Where a piece stood before the last move: its outline, dashed and faint, with the player's
 * shape (Black Jack's in gold; null: a neutral one, for the legend).
 */
export function drawGhost(ctx: Ctx, piece: Piece | null, cx: number, baseY: number, height: number, players: BoardPlayer[]): void {
  const colour = piece === null || piece === BLACK_JACK ? null : (players[piece] as BoardPlayer).colour;
  const tone = colour !== null ? PLAYER_HEX[colour].light : piece === BLACK_JACK ? COLOURS.gold : COLOURS.textDim;
  ctx.save();
  ctx.setLineDash([5, 4]);
  // Black Jack's ghost keeps his dark body, so that it is not taken for the yellow captain's.
  const fill = piece === BLACK_JACK ? 'rgba(10, 10, 14, 0.75)' : 'rgba(255,255,255,0.07)';
  drawPawnShape(ctx, cx, baseY, height, { fill, outline: tone, lineWidth: 2.5 });
  ctx.setLineDash([]);
  if (colour !== null) {
    shapePath(ctx, PLAYER_SHAPE[colour], cx, baseY - height * 0.25, height * 0.12);
    ctx.fillStyle = tone;
    ctx.globalAlpha = 0.8;
    ctx.fill();
  }
  ctx.restore();
}

/** Where a piece arrived in the last move: a white ring on the ground around its base. */
export function drawArrival(ctx: Ctx, cx: number, baseY: number, height: number): void {
  ctx.save();
  ctx.beginPath();
  ctx.ellipse(cx, baseY - 1, height * 0.52, height * 0.16, 0, 0, Math.PI * 2);
  ctx.fillStyle = 'rgba(255,255,255,0.18)';
  ctx.fill();
  ctx.lineWidth = 3;
  ctx.strokeStyle = COLOURS.changed;
  ctx.stroke();
  ctx.restore();
}
