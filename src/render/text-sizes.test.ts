import { describe, expect, it } from 'vitest';
import { newCanvas } from './canvas.js';
import { font } from './fonts.js';
import { LayerCache } from './layer-cache.js';
import { secondary } from './text-role.js';
import { legibilityOf, textDrawnBy } from './text-sizes.js';

describe('text sizes of a drawing', () => {
  it('records each text with its size on the board, cached layers and their scale included, and its role', async () => {
    const cache = new LayerCache();
    const draw = () => {
      const ctx = newCanvas(200, 100).getContext('2d');
      const layer = cache.get('title', 200, 50, (l) => {
        l.font = font(20, 'bold');
        l.fillText('Title', 0, 20);
        secondary('legend', () => l.fillText('legend', 0, 40));
      });
      ctx.drawImage(layer, 0, 0);
      ctx.scale(0.5, 0.5);
      ctx.font = font(24);
      ctx.fillText('small', 0, 80);
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      // A layer copied at half its size, and text squeezed into half its width, count as half as large.
      const inner = newCanvas(100, 40).getContext('2d');
      inner.font = font(30);
      inner.fillText('shrunk', 0, 30);
      ctx.drawImage(inner.canvas, 0, 0, 50, 20);
      ctx.font = font(30);
      ctx.fillText('squeezed', 0, 90, ctx.measureText('squeezed').width / 2);
    };
    draw(); // the layer is cached now; measuring draws it again
    const drawn = await textDrawnBy(draw);
    expect(drawn.map((d) => ({ ...d, size: Math.round(d.size * 10) / 10 }))).toEqual([
      { text: 'Title', size: 20, secondary: null },
      { text: 'legend', size: 20, secondary: 'legend' },
      { text: 'small', size: 12, secondary: null },
      { text: 'shrunk', size: 15, secondary: null },
      { text: 'squeezed', size: 15, secondary: null },
    ]);
  });

  it('refuses an asynchronous drawing as secondary: its role could not be known', () => {
    expect(() => secondary('legend', () => Promise.resolve())).toThrow(TypeError);
  });

  it('says what would be hard to read in a chat: small text, a board taller than wide', async () => {
    const board =
      (width: number, height: number, size: number, text = 'JAS') =>
      async () => {
        const canvas = newCanvas(width, height);
        const ctx = canvas.getContext('2d');
        ctx.font = font(size);
        ctx.fillText(text, 0, 20);
        return canvas.toBuffer('image/png');
      };
    expect((await legibilityOf(board(1200, 800, 22))).problems).toEqual([]);
    expect((await legibilityOf(board(1200, 1300, 21))).problems).toEqual(['1200 × 1300 is not landscape enough', '"JAS" at 21.0 px']);
    expect((await legibilityOf(board(1200, 1000, 22), { maxHeightShare: 0.75 })).problems).toEqual(['1200 × 1000 is not landscape enough']);
    // Sizes are taken as on a board 1200 px wide: a board twice as wide needs text twice as large.
    expect((await legibilityOf(board(2400, 1000, 40))).problems).toEqual(['"JAS" at 20.0 px']);
  });

  it('holds secondary text to 16 px and to the kinds the board lists', async () => {
    const board = (size: number) => async () => {
      const canvas = newCanvas(1200, 800);
      const ctx = canvas.getContext('2d');
      ctx.font = font(size);
      secondary('caption', () => ctx.fillText('12 cards', 0, 20));
      return canvas.toBuffer('image/png');
    };
    expect((await legibilityOf(board(16), { secondary: ['caption'] })).problems).toEqual([]);
    expect((await legibilityOf(board(15), { secondary: ['caption'] })).problems).toEqual(['"12 cards" (caption) at 15.0 px']);
    expect((await legibilityOf(board(16))).problems).toEqual(['"12 cards" declared caption, which this board does not list']);
  });

  it('finds cut text and names not drawn, but lets a long name be cut where it is drawn nearly whole elsewhere', async () => {
    const board =
      (...texts: string[]) =>
      async () => {
        const canvas = newCanvas(1200, 800);
        const ctx = canvas.getContext('2d');
        ctx.font = font(22);
        texts.forEach((text, i) => ctx.fillText(text, 0, 30 * (i + 1)));
        return canvas.toBuffer('image/png');
      };
    const names = ['Bot Bram', 'Calico Jack Rackham'];
    expect((await legibilityOf(board('Kaart…', '◆ Bram wins!', '■ Calico Ja…'), { names })).problems).toEqual([
      '"Kaart…" is cut',
      'the name "Bot Bram" is never drawn at 22 px',
      'the name "Calico Jack Rackham" is never drawn at 22 px',
    ]);
    const fine = board('Choosing…', '◆ Bot Bram wins!', '■ Calico Ja…', 'Calico Jack R…: 12');
    expect((await legibilityOf(fine, { names, ellipsisAllowed: ['Choosing…'] })).problems).toEqual([]);
    // A name on two lines, whole or its second line cut.
    expect((await legibilityOf(board('Bot Bram', 'Calico Jack', 'Rackham'), { names })).problems).toEqual([]);
    expect((await legibilityOf(board('Bot Bram', 'Calico Jack', 'Rackh…'), { names })).problems).toEqual([]);
    expect((await legibilityOf(board('Bot Bram', 'Calico Jack Rackham', 'Rack of lamb…'), { names })).problems).toEqual(['"Rack of lamb…" is cut']);
  });
});
