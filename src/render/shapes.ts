/** Drawing primitives shared by the board renderers: rounded boxes, pawns, arrows. */
import type { CanvasRenderingContext2D } from 'canvas';
import { OUTLINE, PLAYER_HEX, PLAYER_SHAPE, type PlayerColour, type PlayerShape } from './palette.js';

/** Adds a rounded rectangle to the current path (call beginPath first). */
export function roundRectPath(ctx: CanvasRenderingContext2D, x: number, y: number, width: number, height: number, radius: number): void {
  const r = Math.max(0, Math.min(radius, width / 2, height / 2));
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + width, y, x + width, y + height, r);
  ctx.arcTo(x + width, y + height, x, y + height, r);
  ctx.arcTo(x, y + height, x, y, r);
  ctx.arcTo(x, y, x + width, y, r);
  ctx.closePath();
}

export interface BoxStyle {
  fill?: string;
  stroke?: string;
  lineWidth?: number;
}

/** A filled and/or outlined rounded rectangle. */
export function drawRoundRect(ctx: CanvasRenderingContext2D, x: number, y: number, width: number, height: number, radius: number, style: BoxStyle): void {
  ctx.beginPath();
  roundRectPath(ctx, x, y, width, height, radius);
  if (style.fill) {
    ctx.fillStyle = style.fill;
    ctx.fill();
  }
  if (style.stroke) {
    ctx.strokeStyle = style.stroke;
    ctx.lineWidth = style.lineWidth ?? 2;
    ctx.stroke();
  }
}

/** Adds a shape of about radius r centred on (cx, cy) to a new path: the marks that tell colours apart. */
export function shapePath(ctx: CanvasRenderingContext2D, shape: PlayerShape, cx: number, cy: number, r: number): void {
  ctx.beginPath();
  switch (shape) {
    case 'circle':
      ctx.arc(cx, cy, r, 0, Math.PI * 2);
      break;
    case 'square':
      ctx.rect(cx - r * 0.85, cy - r * 0.85, r * 1.7, r * 1.7);
      break;
    case 'diamond':
      ctx.moveTo(cx, cy - r * 1.1);
      ctx.lineTo(cx + r * 1.1, cy);
      ctx.lineTo(cx, cy + r * 1.1);
      ctx.lineTo(cx - r * 1.1, cy);
      ctx.closePath();
      break;
    case 'triangle':
      ctx.moveTo(cx, cy - r * 1.1);
      ctx.lineTo(cx + r * 1.05, cy + r * 0.8);
      ctx.lineTo(cx - r * 1.05, cy + r * 0.8);
      ctx.closePath();
      break;
    case 'star':
      for (let i = 0; i < 10; i++) {
        const radius = i % 2 === 0 ? r * 1.15 : r * 0.5;
        const angle = -Math.PI / 2 + (i * Math.PI) / 5;
        if (i === 0) ctx.moveTo(cx + radius * Math.cos(angle), cy + radius * Math.sin(angle));
        else ctx.lineTo(cx + radius * Math.cos(angle), cy + radius * Math.sin(angle));
      }
      ctx.closePath();
      break;
  }
}

/** A player colour's shape in the colour's ink: drawn on pawns, boats and chips of that colour. */
export function drawPlayerMark(ctx: CanvasRenderingContext2D, colour: PlayerColour, cx: number, cy: number, r: number): void {
  shapePath(ctx, PLAYER_SHAPE[colour], cx, cy, r);
  ctx.fillStyle = PLAYER_HEX[colour].ink;
  ctx.fill();
}

/** Width of a pawn of the given height; callers use it to lay pawns out side by side. */
export function pawnWidth(height: number): number {
  return height * 0.74;
}

/** Where a pawn's head sits, for pieces that draw details on it. */
export interface PawnHead {
  x: number;
  y: number;
  r: number;
}

/**
 * A pawn silhouette (round head on a bell-shaped body) standing with its base centred on
 * (cx, baseY), outlined and filled. The outline is stroked first and the fill laid over it, so it
 * only shows outside the shape and head and body merge into one silhouette. Leaves the context's
 * lineJoin set to round; callers wrap it in save/restore.
 */
export function drawPawnShape(
  ctx: CanvasRenderingContext2D,
  cx: number,
  baseY: number,
  height: number,
  style: { fill: string; outline: string; lineWidth: number },
): PawnHead {
  const w = pawnWidth(height);
  const headR = height * 0.22;
  const headY = baseY - height + headR;
  const neckY = headY + headR * 0.9;
  const neckHalf = w * 0.16;

  const body = () => {
    ctx.beginPath();
    ctx.moveTo(cx - neckHalf, neckY);
    ctx.bezierCurveTo(cx - neckHalf, baseY - height * 0.28, cx - w / 2, baseY - height * 0.22, cx - w / 2, baseY - height * 0.06);
    ctx.quadraticCurveTo(cx - w / 2, baseY, cx - w / 2 + height * 0.06, baseY);
    ctx.lineTo(cx + w / 2 - height * 0.06, baseY);
    ctx.quadraticCurveTo(cx + w / 2, baseY, cx + w / 2, baseY - height * 0.06);
    ctx.bezierCurveTo(cx + w / 2, baseY - height * 0.22, cx + neckHalf, baseY - height * 0.28, cx + neckHalf, neckY);
    ctx.closePath();
  };
  const head = () => {
    ctx.beginPath();
    ctx.arc(cx, headY, headR, 0, Math.PI * 2);
  };

  ctx.lineJoin = 'round';
  ctx.strokeStyle = style.outline;
  ctx.lineWidth = style.lineWidth;
  body();
  ctx.stroke();
  head();
  ctx.stroke();
  ctx.fillStyle = style.fill;
  body();
  ctx.fill();
  head();
  ctx.fill();
  return { x: cx, y: headY, r: headR };
}

/** A player's pawn in his colour, with a small highlight on the head. */
export function drawPawn(ctx: CanvasRenderingContext2D, cx: number, baseY: number, height: number, colour: PlayerColour): void {
  ctx.save();
  const head = drawPawnShape(ctx, cx, baseY, height, { fill: PLAYER_HEX[colour].fill, outline: OUTLINE, lineWidth: Math.max(2, height * 0.11) });
  // A small highlight on the head gives the pawn some volume without any blur.
  ctx.fillStyle = 'rgba(255,255,255,0.45)';
  ctx.beginPath();
  ctx.arc(head.x - head.r * 0.35, head.y - head.r * 0.35, head.r * 0.32, 0, Math.PI * 2);
  ctx.fill();
  // The colour's shape on the body, so that players differ by more than colour.
  if (height >= 22) drawPlayerMark(ctx, colour, cx, baseY - height * 0.25, height * 0.12);
  ctx.restore();
}

/** A thick arrow from (x1, y1) to (x2, y2) with a triangular head, outlined for contrast. */
export function drawArrow(
  ctx: CanvasRenderingContext2D,
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  style: { width: number; colour: string; outline?: string },
): void {
  const angle = Math.atan2(y2 - y1, x2 - x1);
  const headLength = style.width * 2.4;
  const headHalf = style.width * 1.5;
  const length = Math.hypot(x2 - x1, y2 - y1);
  ctx.save();
  ctx.translate(x1, y1);
  ctx.rotate(angle);
  const half = style.width / 2;
  const shaftEnd = Math.max(0, length - headLength);
  ctx.beginPath();
  ctx.moveTo(0, -half);
  ctx.lineTo(shaftEnd, -half);
  ctx.lineTo(shaftEnd, -headHalf);
  ctx.lineTo(length, 0);
  ctx.lineTo(shaftEnd, headHalf);
  ctx.lineTo(shaftEnd, half);
  ctx.lineTo(0, half);
  ctx.closePath();
  if (style.outline) {
    ctx.lineJoin = 'round';
    ctx.strokeStyle = style.outline;
    ctx.lineWidth = Math.max(2, style.width * 0.35);
    ctx.stroke();
  }
  ctx.fillStyle = style.colour;
  ctx.fill();
  ctx.restore();
}
