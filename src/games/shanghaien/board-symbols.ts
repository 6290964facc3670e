/**
 * The Shanghaien board's symbols, all drawn as shapes (no emoji): flags, dice, the dirty tricks'
 * die effects, the anchor of a shanghai, each player's token, and the ring that marks what the
 * last turn changed.
 */
import { OUTLINE, PLAYER_HEX, drawRoundRect, drawText, shapePath, PLAYER_SHAPE, type PlayerColour } from '../../render/index.js';
import { COLOURS, type Ctx } from './board-theme.js';
import type { DieEffect, Nation } from './rules.js';

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

export function playerDie(ctx: Ctx, cx: number, cy: number, size: number, pips: number, colour: PlayerColour): void {
  const swatch = PLAYER_HEX[colour];
  drawDie(ctx, cx, cy, size, pips, swatch.fill, swatch.ink);
}

/** The die effect of a trick card as a picture, centred on (cx, cy), about `size` across. */
export function drawTrickIcon(ctx: Ctx, effect: DieEffect, cx: number, cy: number, size: number): void {
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
/** An anchor mark for shanghai. */
export function drawAnchor(ctx: Ctx, cx: number, cy: number, size: number, colour: string): void {
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

/**
 * A player's token: his shape in his colour, outlined. Shape and colour together tell the two
 * players apart for everyone, colour-blind players too.
 */
export function drawPlayerToken(ctx: Ctx, colour: PlayerColour, cx: number, cy: number, size: number, outline = OUTLINE): void {
  ctx.save();
  shapePath(ctx, PLAYER_SHAPE[colour], cx, cy, size * 0.46);
  ctx.fillStyle = PLAYER_HEX[colour].fill;
  ctx.fill();
  ctx.lineJoin = 'round';
  ctx.lineWidth = Math.max(2, size * 0.09);
  ctx.strokeStyle = outline;
  ctx.stroke();
  ctx.restore();
}

/** The mark of what the last turn changed: a bright ring around a box. */
export function drawFreshRing(ctx: Ctx, x: number, y: number, w: number, h: number, radius: number, width = 4): void {
  const out = width / 2 + 2;
  drawRoundRect(ctx, x - out, y - out, w + 2 * out, h + 2 * out, radius + out, { stroke: COLOURS.fresh, lineWidth: width });
}
