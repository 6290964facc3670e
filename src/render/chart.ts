/**
 * A line chart of values over time (a player's rating per game, for /profile): one line per
 * series in a player colour, each with its shape at the points and in the legend, so no line is
 * told by colour alone. Drawn 1100 px wide, about twice Discord's preview, with every text at
 * least 22 px, so it reads at half size; small enough to draw on the main thread in a few ms.
 */
import type { CanvasRenderingContext2D } from 'canvas';
import { newBoardCanvas, encodePng } from './canvas.js';
import { OUTLINE, PLAYER_HEX, PLAYER_SHAPE, type PlayerColour } from './palette.js';
import { shapePath } from './shapes.js';
import { drawText, fitText } from './text.js';
import { font } from './fonts.js';

export interface ChartSeries {
  label: string;
  colour: PlayerColour;
  /** Oldest first; x is a time in ms. */
  points: { x: number; y: number }[];
}

export interface LineChart {
  title: string;
  series: ChartSeries[];
  /** How a moment on the x axis reads ("3 Nov"). */
  xLabel: (x: number) => string;
  /** What is said where no series has a point. */
  empty: string;
}

export const CHART_WIDTH = 1100;
export const CHART_HEIGHT = 560;
const PAD = { left: 90, right: 40, top: 70, bottom: 70 };
const LEGEND_TOP = 92;
const LEGEND_ROW = 38;
const LEGEND_PX = 24;
const BACKGROUND = '#fbf7ef';
const GRID = '#d9d0bf';
const INK = '#2b2118';
/** Past this many points a line marks only its last one: the shapes would crowd each other. */
const MARKED_POINTS = 24;

/** A step of 1, 2 or 5 times a power of ten giving about `ticks` grid lines over `span`. */
function niceStep(span: number, ticks: number): number {
  const raw = Math.max(span, 1) / ticks;
  const power = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? 10 * power;
}

/** Draws the chart and encodes it as PNG. */
export function drawLineChart(chart: LineChart): Promise<Buffer> {
  const canvas = newBoardCanvas(CHART_WIDTH, CHART_HEIGHT);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = BACKGROUND;
  ctx.fillRect(0, 0, CHART_WIDTH, CHART_HEIGHT);
  drawText(ctx, chart.title, PAD.left - 40, 42, { size: 30, weight: 'bold', colour: INK, maxWidth: CHART_WIDTH - PAD.left });
  const legend = drawLegend(ctx, chart.series);
  const points = chart.series.flatMap((s) => s.points);
  if (points.length === 0) {
    drawText(ctx, chart.empty, CHART_WIDTH / 2, CHART_HEIGHT / 2, { size: 26, colour: INK, align: 'center', maxWidth: CHART_WIDTH - 80 });
    return encodePng(canvas);
  }
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const [x0, x1] = [Math.min(...xs), Math.max(...xs)];
  // Whole numbers on the axis, and room above and below a line that hardly moves.
  const step = Math.max(1, niceStep(Math.max(...ys) - Math.min(...ys), 4));
  let y0 = Math.floor(Math.min(...ys) / step) * step;
  let y1 = Math.ceil(Math.max(...ys) / step) * step;
  if (y1 - y0 < 2 * step) [y0, y1] = [y0 - step, y1 + step];
  const plot = { left: PAD.left, right: CHART_WIDTH - PAD.right, top: PAD.top + legend + 30, bottom: CHART_HEIGHT - PAD.bottom };
  const px = (x: number) => (x1 === x0 ? (plot.left + plot.right) / 2 : plot.left + ((x - x0) / (x1 - x0)) * (plot.right - plot.left));
  const py = (y: number) => plot.bottom - ((y - y0) / (y1 - y0)) * (plot.bottom - plot.top);

  // Grid and axis labels: the values every `step`, the dates at four moments.
  ctx.lineWidth = 2;
  for (let y = y0; y <= y1 + step / 2; y += step) {
    ctx.strokeStyle = y === 0 ? INK : GRID;
    ctx.beginPath();
    ctx.moveTo(plot.left, py(y));
    ctx.lineTo(plot.right, py(y));
    ctx.stroke();
    drawText(ctx, String(y), plot.left - 14, py(y), { size: 22, colour: INK, align: 'right' });
  }
  const moments = x1 === x0 ? [x0] : [0, 1 / 3, 2 / 3, 1].map((f) => x0 + f * (x1 - x0));
  moments.forEach((x, i) => {
    const align = moments.length === 1 ? 'center' : i === 0 ? 'left' : i === moments.length - 1 ? 'right' : 'center';
    drawText(ctx, chart.xLabel(x), px(x), plot.bottom + 32, { size: 22, colour: INK, align });
  });

  for (const series of chart.series) {
    const hex = PLAYER_HEX[series.colour];
    const path = series.points.map((p) => [px(p.x), py(p.y)] as const);
    // A dark edge under the colour keeps the light colours (yellow, green) visible on the paper.
    for (const [width, colour] of [
      [9, OUTLINE],
      [5, hex.fill],
    ] as const) {
      ctx.strokeStyle = colour;
      ctx.lineWidth = width;
      ctx.lineJoin = 'round';
      ctx.beginPath();
      path.forEach(([x, y], i) => (i === 0 ? ctx.moveTo(x, y) : ctx.lineTo(x, y)));
      ctx.stroke();
    }
    const marked = path.length <= MARKED_POINTS ? path : path.slice(-1);
    for (const [x, y] of marked) mark(ctx, series.colour, x, y, 9);
  }
  return encodePng(canvas);
}

/** A series' shape in its colour, outlined. */
function mark(ctx: CanvasRenderingContext2D, colour: PlayerColour, x: number, y: number, r: number): void {
  shapePath(ctx, PLAYER_SHAPE[colour], x, y, r);
  ctx.fillStyle = PLAYER_HEX[colour].fill;
  ctx.fill();
  ctx.strokeStyle = OUTLINE;
  ctx.lineWidth = 2.5;
  ctx.stroke();
}

/** The series' shapes and names under the title, in rows as wide as the chart; returns the height it took. */
function drawLegend(ctx: CanvasRenderingContext2D, series: readonly ChartSeries[]): number {
  const left = PAD.left - 40;
  const right = CHART_WIDTH - PAD.right;
  ctx.font = font(LEGEND_PX, 'bold');
  let x = left;
  let y = LEGEND_TOP;
  for (const s of series) {
    const label = fitText(ctx, s.label, right - left - 40);
    const width = 40 + ctx.measureText(label).width;
    if (x > left && x + width > right) {
      x = left;
      y += LEGEND_ROW;
    }
    mark(ctx, s.colour, x + 14, y, 12);
    drawText(ctx, label, x + 36, y, { size: LEGEND_PX, weight: 'bold', colour: INK });
    x += width + 34;
  }
  return series.length === 0 ? 0 : y - LEGEND_TOP + LEGEND_ROW;
}
