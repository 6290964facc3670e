import type { Translate } from '../../i18n/index.js';
import { drawRoundRect, drawText, textWidth, type BoardPlayer } from '../../render/index.js';
import { COLOURS, MIDDLE, RIGHT, type Ctx } from './board-layout.js';
import { drawMarkBadge, drawName, nameOf } from './board-players.js';
import { drawFitted } from './board-text.js';
import type { HandResult, HonderdenView } from './rules.js';

/** The result takes the middle of the felt and the last trick's column (see showsResult). */
const BOX = { x: MIDDLE.x, w: RIGHT.x + RIGHT.w - MIDDLE.x };

/**
 * The result of the hand that just ended, on the felt: how it ended, who won it and his game
 * points, and everyone's points as the rules count them, column titles and all at full size. The
 * match's result is in the header (board-header.ts).
 */
export function drawHandResult(ctx: Ctx, view: HonderdenView, r: HandResult, players: BoardPlayer[], t: Translate, top: number): void {
  const cx = BOX.x + BOX.w / 2;
  const rows = r.points.filter((p) => p !== null).length;
  const height = 136 + rows * 40;
  drawRoundRect(ctx, BOX.x, top, BOX.w, height, 16, {
    fill: 'rgba(5,20,12,0.55)',
    stroke: view.over ? COLOURS.gold : COLOURS.feltLine,
    lineWidth: view.over ? 4 : 2,
  });
  let y = top + 32;
  const title =
    r.winner !== null
      ? t(r.gamePoints === 1 ? 'honderden.board.result.won.one' : 'honderden.board.result.won', {
          hand: r.hand,
          player: nameOf(players, r.winner, 32),
          points: r.gamePoints,
        })
      : r.next === 'replay'
        ? t('honderden.board.result.tie', { hand: r.hand })
        : t('honderden.board.result.carried', { hand: r.hand });
  drawFitted(ctx, title, cx, y, BOX.w - 30, { size: 25, minSize: 22, weight: 'bold', colour: COLOURS.text, align: 'center' });
  y += 34;
  const how = [
    t(`honderden.board.ending.${r.ending}`, { player: r.claimer === null ? '' : nameOf(players, r.claimer, 32) }),
    r.onderJan ? t('honderden.onder-jan') : '',
    r.pit ? t('honderden.pit') : '',
  ].filter(Boolean);
  drawFitted(ctx, how.join(' · '), cx, y, BOX.w - 30, { size: 22, minSize: 22, colour: COLOURS.textDim, align: 'center' });
  y += 36;
  // The table of points: a row per player, his mark and name first; each column as wide as its title needs.
  const cols = ['cards', 'roem', 'stuk', 'last', 'carried', 'total'] as const;
  const titles = cols.map((col) => t(`honderden.board.col.${col}`));
  const widths = titles.map((title) => Math.max(64, textWidth(ctx, title, 22, 'bold') + 16));
  const x0 = BOX.x + 15;
  const nameW = BOX.w - 30 - widths.reduce((a, b) => a + b, 0);
  const centres = widths.map((w, i) => x0 + nameW + widths.slice(0, i).reduce((a, b) => a + b, 0) + w / 2);
  titles.forEach((title, i) =>
    drawFitted(ctx, title, centres[i] as number, y, (widths[i] as number) - 4, {
      size: 22,
      minSize: 22,
      weight: 'bold',
      colour: COLOURS.textDim,
      align: 'center',
    }),
  );
  y += 10;
  r.points.forEach((p, seat) => {
    if (!p) return;
    y += 40;
    if (seat === r.winner) drawRoundRect(ctx, x0 - 4, y - 18, BOX.w - 22, 36, 8, { fill: 'rgba(242,201,76,0.16)' });
    drawMarkBadge(ctx, players, seat, x0 + 14, y, 28);
    drawName(ctx, players, seat, x0 + 36, y, nameW - 40, { size: 22, colour: COLOURS.text });
    const values = [p.cards, p.roem, p.stuk, p.lastTrick, p.carried, p.total];
    values.forEach((v, i) => {
      const last = i === values.length - 1;
      drawText(ctx, last || v > 0 ? String(v) : '–', centres[i] as number, y, {
        size: last ? 26 : 22,
        weight: 'bold',
        colour: last && p.total >= 100 ? COLOURS.gold : COLOURS.text,
        align: 'center',
      });
    });
  });
}
