import { describe, expect, it } from 'vitest';
import { newCanvas } from './canvas.js';
import { drawText, textWidth } from './text.js';

/** Draws into a real canvas and records what text was filled. */
function draw(text: string, maxWidth: number): { shown: string; width: number } {
  const ctx = newCanvas(400, 100).getContext('2d');
  let shown = '';
  const fill = ctx.fillText.bind(ctx);
  ctx.fillText = (t: string, x: number, y: number) => {
    shown = t;
    fill(t, x, y);
  };
  const width = drawText(ctx, text, 0, 50, { size: 20, colour: '#000', maxWidth });
  return { shown, width };
}

describe('drawText within a width', () => {
  const ctx = newCanvas(10, 10).getContext('2d');
  const full = textWidth(ctx, 'Amerikaans', 20, 'normal');

  it('draws a slightly long word smaller rather than cutting it', () => {
    const { shown, width } = draw('Amerikaans', full * 0.9);
    expect(shown).toBe('Amerikaans');
    expect(width).toBeLessThanOrEqual(full * 0.9);
  });

  it('cuts a far too long text with an ellipsis, still within the width', () => {
    const { shown, width } = draw('Amerikaans', full * 0.4);
    expect(shown.endsWith('…')).toBe(true);
    expect(width).toBeLessThanOrEqual(full * 0.4);
  });

  it('leaves a text that fits alone', () => {
    expect(draw('Amerikaans', full + 1)).toEqual({ shown: 'Amerikaans', width: full });
  });
});
