import { describe, expect, it } from 'vitest';
import { newCanvas } from './canvas.js';
import { font } from './fonts.js';
import { LayerCache } from './layer-cache.js';
import { textDrawnBy } from './text-sizes.js';

describe('text sizes of a drawing', () => {
  it('records each text with its size on the canvas, cached layers included', async () => {
    const cache = new LayerCache();
    const draw = () => {
      const ctx = newCanvas(200, 100).getContext('2d');
      const layer = cache.get('title', 200, 50, (l) => {
        l.font = font(20, 'bold');
        l.fillText('Title', 0, 20);
      });
      ctx.drawImage(layer, 0, 0);
      ctx.scale(0.5, 0.5);
      ctx.font = font(24);
      ctx.fillText('small', 0, 80);
    };
    draw(); // the layer is cached now; measuring draws it again
    const drawn = await textDrawnBy(draw);
    expect(drawn).toEqual([
      { text: 'Title', size: 20 },
      { text: 'small', size: 12 },
    ]);
  });
});
