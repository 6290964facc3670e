import type { Translate } from '../../i18n/index.js';
import { drawRoundRect, drawText, type BoardPlayer } from '../../render/index.js';
import { COLOURS, MIDDLE, type Ctx } from './board-layout.js';
import { drawMarkBadge, nameOf } from './board-players.js';
import { drawFitted } from './board-text.js';
import type { HandResult, HonderdenView } from './rules.js';

/**
 * The result of the hand that just ended, in the middle of the felt: how it ended, who won it and
 * his game points, and everyone's points as the rules count them. The match's result is in the
 * header (board-header.ts).
 */
export function drawHandResult(ctx: Ctx, view: HonderdenView, r: HandResult, players: BoardPlayer[], t: Translate, top: number): void {
  const cx = MIDDLE.x + MIDDLE.w / 2;
  const rows = r.points.filter((p) => p !== null).length;
  const height = 128 + rows * 38;
  drawRoundRect(ctx, MIDDLE.x, top, MIDDLE.w, height, 16, { fill: 'rgba(5,20,12,0.55)', stroke: view.over ? COLOURS.gold : COLOURS.feltLine, lineWidth: view.over ? 4 : 2 });
  let y = top + 32;
  const title =
    r.winner !== null
      ? t(r.gamePoints === 1 ? 'honderden.board.result.won.one' : 'honderden.board.result.won', { hand: r.hand, player: nameOf(players, r.winner, 14), points: r.gamePoints })
      : r.next === 'replay'
        ? t('honderden.board.result.tie', { hand: r.hand })
        : t('honderden.board.result.carried', { hand: r.hand });
  drawFitted(ctx, title, cx, y, MIDDLE.w - 30, { size: 25, minSize: 18, weight: 'bold', colour: COLOURS.text, align: 'center' });
  y += 32;
  const how = [
    t(`honderden.board.ending.${r.ending}`, { player: r.claimer === null ? '' : nameOf(players, r.claimer, 12) }),
    r.onderJan ? t('honderden.onder-jan') : '',
    r.pit ? t('honderden.pit') : '',
  ].filter(Boolean);
  drawFitted(ctx, how.join(' · '), cx, y, MIDDLE.w - 30, { size: 19, minSize: 15, colour: COLOURS.textDim, align: 'center' });
  y += 34;
  // The table of points: a row per player, his mark and name first.
  const cols = ['cards', 'roem', 'stuk', 'last', 'carried', 'total'] as const;
  const nameW = 196;
  const colW = (MIDDLE.w - 30 - nameW) / cols.length;
  const x0 = MIDDLE.x + 15;
  cols.forEach((col, i) => drawFitted(ctx, t(`honderden.board.col.${col}`), x0 + nameW + colW * (i + 0.5), y, colW - 2, { size: 16, minSize: 14, weight: 'bold', colour: COLOURS.textDim, align: 'center' }));
  y += 10;
  r.points.forEach((p, seat) => {
    if (!p) return;
    y += 38;
    if (seat === r.winner) drawRoundRect(ctx, x0 - 4, y - 17, MIDDLE.w - 22, 34, 8, { fill: 'rgba(242,201,76,0.16)' });
    drawMarkBadge(ctx, players, seat, x0 + 13, y, 26);
    drawFitted(ctx, nameOf(players, seat, 14), x0 + 34, y, nameW - 38, { size: 20, minSize: 15, weight: 'bold', colour: COLOURS.text });
    const values = [p.cards, p.roem, p.stuk, p.lastTrick, p.carried, p.total];
    values.forEach((v, i) => {
      const last = i === values.length - 1;
      drawText(ctx, last || v > 0 ? String(v) : '–', x0 + nameW + colW * (i + 0.5), y, { size: last ? 25 : 21, weight: 'bold', colour: last && p.total >= 100 ? COLOURS.gold : COLOURS.text, align: 'center' });
    });
  });
}
