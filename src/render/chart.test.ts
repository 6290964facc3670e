import { describe, expect, it } from 'vitest';
import { loadImage } from 'canvas';
import { CHART_HEIGHT, CHART_WIDTH, drawLineChart, type LineChart } from './chart.js';
import { IMPORTANT_PX, textDrawnBy } from './text-sizes.js';
import { saveArtifact } from '../../tests/support/png.js';

const DAY = 86_400_000;
const start = Date.UTC(2026, 8, 1);
const chart: LineChart = {
  title: 'Rating over time',
  series: [
    { label: 'Cartagena', colour: 'red', points: Array.from({ length: 40 }, (_, i) => ({ x: start + i * DAY, y: Math.round(Math.min(i, 25) - (i % 4)) })) },
    { label: 'Halunken & Spelunken', colour: 'blue', points: [0, 3, 1, 5, 6, 4].map((y, i) => ({ x: start + (10 + i * 5) * DAY, y })) },
    { label: 'Shanghaien', colour: 'yellow', points: [{ x: start + 30 * DAY, y: -2 }] },
    {
      label: 'Freibeuter',
      colour: 'green',
      points: [
        { x: start + 2 * DAY, y: 0 },
        { x: start + 39 * DAY, y: 12 },
      ],
    },
    {
      label: 'Honderden',
      colour: 'purple',
      points: [
        { x: start + 20 * DAY, y: 0 },
        { x: start + 25 * DAY, y: 8 },
      ],
    },
  ],
  xLabel: (x) => new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short' }).format(x),
  empty: 'No games yet',
};

describe('the rating chart', () => {
  it('is an opaque PNG half as wide again as the chat shows it, every text at least the important size', async () => {
    let png: Buffer = Buffer.alloc(0);
    const texts = await textDrawnBy(async () => {
      png = await drawLineChart(chart);
    });
    saveArtifact('rating-chart', png);
    const image = await loadImage(png);
    expect([image.width, image.height]).toEqual([CHART_WIDTH, CHART_HEIGHT]);
    expect(texts.map((t) => t.text)).toEqual(expect.arrayContaining(['Rating over time', 'Cartagena', 'Halunken & Spelunken', 'Sep 1', 'Oct 10']));
    expect(texts.filter((t) => t.size < IMPORTANT_PX)).toEqual([]);
  });

  it('says so when there is nothing to draw', async () => {
    const texts = await textDrawnBy(() => drawLineChart({ ...chart, series: [] }));
    expect(texts.map((t) => t.text)).toEqual(['Rating over time', 'No games yet']);
  });
});
