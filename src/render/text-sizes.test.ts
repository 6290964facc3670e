import { describe, expect, it } from 'vitest';
import { newCanvas } from './canvas.js';
import { font } from './fonts.js';
import { LayerCache } from './layer-cache.js';
import { legibilityOf, textDrawnBy } from './text-sizes.js';

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

  it('says what would be hard to read in a chat: small text, a board taller than wide', async () => {
    const board = (width: number, height: number, size: number) => async () => {
      const canvas = newCanvas(width, height);
      const ctx = canvas.getContext('2d');
      ctx.font = font(size);
      ctx.fillText('JAS', 0, 20);
      return canvas.toBuffer('image/png');
    };
    expect((await legibilityOf(board(300, 200, 16))).problems).toEqual([]);
    expect((await legibilityOf(board(200, 300, 9))).problems).toEqual(['200 × 300 is not landscape enough', '"JAS" at 9.0 px']);
    expect((await legibilityOf(board(300, 250, 16), 0.75)).problems).toEqual(['300 × 250 is not landscape enough']);
  });
});
