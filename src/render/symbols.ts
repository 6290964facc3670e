/**
 * The six pirate symbols of the tunnel and the cards, drawn as paths (no emoji or glyphs, which a
 * font-less server could not show). Each sits on a tile of its own colour, so the symbols differ
 * by colour as well as by shape when they are small.
 */
import type { CanvasRenderingContext2D } from 'canvas';
import { OUTLINE } from './palette.js';
import { drawRoundRect } from './shapes.js';

export const PIRATE_SYMBOLS = ['skull', 'dagger', 'key', 'bottle', 'pistol', 'hat'] as const;
export type PirateSymbol = (typeof PIRATE_SYMBOLS)[number];

/** Tile colours, spread over hue and lightness (dark slate, red, gold, green, blue, lilac). */
export const SYMBOL_BACKGROUND: Record<PirateSymbol, string> = {
  skull: '#4a5663',
  dagger: '#d3483c',
  key: '#f2bd2f',
  bottle: '#6cc070',
  pistol: '#5b9be0',
  hat: '#c7a4f0',
};

type Ctx = CanvasRenderingContext2D;

const INK = '#1d1611';
const BONE = '#f6efdc';
const STEEL = '#eef2f6';

/** Fills and outlines the current path; the outline is stroked first so the fill covers its inner half. */
function fillOutlined(ctx: Ctx, fill: string, width = 5): void {
  ctx.strokeStyle = OUTLINE;
  ctx.lineWidth = width;
  ctx.stroke();
  ctx.fillStyle = fill;
  ctx.fill();
}

// Each glyph is drawn in a 100-unit box centred on the origin and fits within about ±40.

function skull(ctx: Ctx): void {
  ctx.beginPath();
  ctx.arc(0, -8, 30, Math.PI * 0.8, Math.PI * 0.2);
  ctx.lineTo(17, 20);
  ctx.lineTo(17, 34);
  ctx.lineTo(-17, 34);
  ctx.lineTo(-17, 20);
  ctx.closePath();
  fillOutlined(ctx, BONE, 6);
  ctx.fillStyle = INK;
  for (const side of [-1, 1]) {
    ctx.beginPath();
    ctx.ellipse(side * 12, -4, 9, 10, 0, 0, Math.PI * 2);
    ctx.fill();
  }
  ctx.beginPath();
  ctx.moveTo(0, 8);
  ctx.lineTo(-5, 17);
  ctx.lineTo(5, 17);
  ctx.closePath();
  ctx.fill();
  ctx.fillRect(-8, 24, 3.5, 10);
  ctx.fillRect(-1.75, 24, 3.5, 10);
  ctx.fillRect(4.5, 24, 3.5, 10);
}

function dagger(ctx: Ctx): void {
  ctx.save();
  ctx.rotate(Math.PI / 4);
  // Blade.
  ctx.beginPath();
  ctx.moveTo(0, -44);
  ctx.lineTo(9, -28);
  ctx.lineTo(9, 6);
  ctx.lineTo(-9, 6);
  ctx.lineTo(-9, -28);
  ctx.closePath();
  fillOutlined(ctx, STEEL, 5);
  ctx.strokeStyle = '#9aa6b2';
  ctx.lineWidth = 3;
  ctx.beginPath();
  ctx.moveTo(0, -34);
  ctx.lineTo(0, 2);
  ctx.stroke();
  // Guard, grip and pommel.
  ctx.beginPath();
  ctx.rect(-22, 6, 44, 10);
  fillOutlined(ctx, '#f2c94c', 5);
  ctx.beginPath();
  ctx.rect(-6, 16, 12, 20);
  fillOutlined(ctx, '#5a3a1e', 5);
  ctx.beginPath();
  ctx.arc(0, 40, 7, 0, Math.PI * 2);
  fillOutlined(ctx, '#f2c94c', 5);
  ctx.restore();
}

function key(ctx: Ctx): void {
  ctx.save();
  ctx.rotate(-Math.PI / 6);
  ctx.fillStyle = INK;
  // Bow: a ring, cut out with even-odd filling.
  ctx.beginPath();
  ctx.arc(-24, 0, 17, 0, Math.PI * 2);
  ctx.moveTo(-24 + 8, 0);
  ctx.arc(-24, 0, 8, 0, Math.PI * 2, true);
  ctx.fill('evenodd');
  // Shaft and bit.
  ctx.fillRect(-9, -5, 48, 10);
  ctx.fillRect(22, 5, 7, 13);
  ctx.fillRect(32, 5, 7, 18);
  ctx.restore();
}

function bottle(ctx: Ctx): void {
  ctx.beginPath();
  ctx.moveTo(-7, -30);
  ctx.lineTo(-7, -18);
  ctx.quadraticCurveTo(-20, -12, -20, 2);
  ctx.lineTo(-20, 34);
  ctx.quadraticCurveTo(-20, 40, -14, 40);
  ctx.lineTo(14, 40);
  ctx.quadraticCurveTo(20, 40, 20, 34);
  ctx.lineTo(20, 2);
  ctx.quadraticCurveTo(20, -12, 7, -18);
  ctx.lineTo(7, -30);
  ctx.closePath();
  fillOutlined(ctx, '#1f5a2a', 5);
  // Cork and label.
  ctx.beginPath();
  ctx.rect(-8, -42, 16, 13);
  fillOutlined(ctx, '#b07a45', 4);
  ctx.beginPath();
  ctx.rect(-14, 8, 28, 17);
  fillOutlined(ctx, BONE, 3);
  // A glint on the glass.
  ctx.strokeStyle = 'rgba(255,255,255,0.55)';
  ctx.lineWidth = 3.5;
  ctx.lineCap = 'round';
  ctx.beginPath();
  ctx.moveTo(-13, 0);
  ctx.lineTo(-13, 30);
  ctx.stroke();
  ctx.lineCap = 'butt';
}

function pistol(ctx: Ctx): void {
  ctx.save();
  ctx.translate(0, 4);
  ctx.fillStyle = INK;
  // Barrel with a flared muzzle.
  ctx.fillRect(-12, -20, 48, 12);
  ctx.fillRect(34, -23, 8, 18);
  // Lock plate, hammer and curved grip in one outline.
  ctx.beginPath();
  ctx.moveTo(-16, -24);
  ctx.lineTo(-4, -24);
  ctx.lineTo(2, -8);
  ctx.lineTo(-6, 2);
  ctx.quadraticCurveTo(-14, 16, -18, 34);
  ctx.lineTo(-38, 30);
  ctx.quadraticCurveTo(-32, 10, -26, -6);
  ctx.lineTo(-26, -16);
  ctx.closePath();
  ctx.fill();
  ctx.fillRect(-24, -32, 7, 11);
  // Trigger guard.
  ctx.strokeStyle = INK;
  ctx.lineWidth = 4;
  ctx.beginPath();
  ctx.arc(4, -2, 8, 0, Math.PI);
  ctx.stroke();
  ctx.restore();
}

function hat(ctx: Ctx): void {
  ctx.save();
  ctx.translate(0, 6);
  // Crown: a dome rising behind the brim, a shade lighter so the two read apart.
  ctx.beginPath();
  ctx.moveTo(-26, 0);
  ctx.bezierCurveTo(-28, -46, 28, -46, 26, 0);
  ctx.closePath();
  fillOutlined(ctx, '#4a3426', 4);
  // The brim turned up into the three corners of a tricorn: left, right and a point in front.
  ctx.beginPath();
  ctx.moveTo(-46, -26);
  ctx.quadraticCurveTo(-24, 2, 0, 2);
  ctx.quadraticCurveTo(24, 2, 46, -26);
  ctx.quadraticCurveTo(44, 10, 0, 28);
  ctx.quadraticCurveTo(-44, 10, -46, -26);
  ctx.closePath();
  fillOutlined(ctx, INK, 4);
  // Gold trim along the brim's top edge.
  ctx.strokeStyle = '#f2c94c';
  ctx.lineWidth = 5;
  ctx.lineCap = 'round';
  ctx.beginPath();
  ctx.moveTo(-40, -17);
  ctx.quadraticCurveTo(-22, 8, 0, 8);
  ctx.quadraticCurveTo(22, 8, 40, -17);
  ctx.stroke();
  ctx.restore();
}

const GLYPHS: Record<PirateSymbol, (ctx: Ctx) => void> = { skull, dagger, key, bottle, pistol, hat };

/** Only the silhouette, centred on (x, y) and `size` across (no tile). */
export function drawSymbolGlyph(ctx: Ctx, symbol: PirateSymbol, x: number, y: number, size: number): void {
  ctx.save();
  ctx.translate(x, y);
  ctx.scale(size / 100, size / 100);
  ctx.lineJoin = 'round';
  GLYPHS[symbol](ctx);
  ctx.restore();
}

/** The symbol on its coloured, outlined rounded tile, centred on (x, y) and `size` across. */
export function drawSymbol(ctx: Ctx, symbol: PirateSymbol, x: number, y: number, size: number): void {
  const half = size / 2;
  drawRoundRect(ctx, x - half, y - half, size, size, size * 0.2, {
    fill: SYMBOL_BACKGROUND[symbol],
    stroke: OUTLINE,
    lineWidth: Math.max(1.5, size * 0.05),
  });
  drawSymbolGlyph(ctx, symbol, x, y, size * 0.82);
}
