import { describe, expect, it } from 'vitest';
import { newCanvas } from './canvas.js';
import { secondary } from './text-role.js';
import { drawText, textWidth } from './text.js';

/** Draws into a real canvas and records what text was filled, and at what size. */
function draw(text: string, maxWidth: number, size = 20): { shown: string; width: number; px: number } {
  const ctx = newCanvas(400, 100).getContext('2d');
  let shown = '';
  let px = 0;
  const fill = ctx.fillText.bind(ctx);
  ctx.fillText = (t: string, x: number, y: number) => {
    shown = t;
    px = Number(/([\d.]+)px/.exec(ctx.font)?.[1]);
    fill(t, x, y);
  };
  const width = drawText(ctx, text, 0, 50, { size, colour: '#000', maxWidth });
  return { shown, width, px };
}

describe('drawText within a width', () => {
  const ctx = newCanvas(10, 10).getContext('2d');
  const full = textWidth(ctx, 'Amerikaans', 20, 'normal');

  it('draws a slightly long word smaller rather than cutting it', () => {
    const room = textWidth(ctx, 'Amerikaans', 24, 'normal') * 0.95;
    const { shown, width } = draw('Amerikaans', room, 24);
    expect(shown).toBe('Amerikaans');
    expect(width).toBeLessThanOrEqual(room);
  });

  it('cuts a far too long text with an ellipsis, still within the width', () => {
    const { shown, width } = draw('Amerikaans', full * 0.4);
    expect(shown.endsWith('…')).toBe(true);
    expect(width).toBeLessThanOrEqual(full * 0.4);
  });

  it('leaves a text that fits alone', () => {
    expect(draw('Amerikaans', full + 1)).toEqual({ shown: 'Amerikaans', width: full, px: 20 });
  });

  it('never shrinks text under the least size of its role: 22 px, or 16 px for secondary text', () => {
    const wide = textWidth(ctx, 'Amerikaans', 24, 'normal');
    const important = draw('Amerikaans', wide * 0.8, 24);
    expect(important.px).toBe(22);
    expect(important.shown.endsWith('…')).toBe(true);
    const small = secondary('legend', () => draw('Amerikaans', wide * 0.8, 24));
    expect(small.px).toBeCloseTo(19.2, 1);
    expect(small.shown).toBe('Amerikaans');
  });
});
