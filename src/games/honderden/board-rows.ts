import type { Translate } from '../../i18n/index.js';
import { drawChip, drawRoundRect, drawText, secondary, textWidth, type BoardPlayer } from '../../render/index.js';
import { drawCard, drawCardBack, drawFreshFrame } from './board-cards.js';
import type { BoardChanges } from './board-changes.js';
import { COLOURS, MARGIN, ROW_H, WIDTH, type Ctx } from './board-layout.js';
import { drawMarkBadge, drawName, swatchOf } from './board-players.js';
import { drawFitted } from './board-text.js';
import { rankLetter } from './labels.js';
import { suitOf, type HonderdenView } from './rules.js';

/**
 * One row per player: his mark and name with what he is now (to act, dealer, winner, left), his
 * hand as card backs plus the cards everybody has seen him keep, tricks won, roem and stuk, points
 * carried from earlier hands and game points. What the last step changed (cards just drawn or
 * taken, a trick just won, roem just said or shown) is marked in the "fresh" colour.
 */

/** The hand's room ends where the tricks column begins. */
const HAND_END = 468;
const COL_TRICKS = 516;
const COL_ROEM = 616;
const COL_CARRIED = 968;
const COL_GAME = 1104;

/** Column titles: captions of the large numbers under them, so they may be smaller (text-role.ts). */
const TITLE = { size: 18, minSize: 16, weight: 'bold' as const, colour: COLOURS.textDim, align: 'center' as const };
const drawTitle = (ctx: Ctx, text: string, x: number, y: number, maxWidth: number, align: 'left' | 'center' = 'center') =>
  secondary('caption', () => drawFitted(ctx, text, x, y, maxWidth, { ...TITLE, align }));

/** A "+1" beside what just grew (the frame on what changed, and the post, say it too). */
function drawPlusChip(ctx: Ctx, text: string, x: number, cy: number): number {
  return secondary('history', () => drawChip(ctx, text, x, cy, { size: 18, fill: COLOURS.fresh, ink: COLOURS.ink, height: 28, paddingX: 8 }).width);
}

function roemLines(view: HonderdenView, seat: number, t: Translate): { text: string; colour: string }[] {
  const lines: { text: string; colour: string }[] = [];
  for (const st of view.roem) {
    if (st.seat !== seat) continue;
    const said = (st.categories ?? [])
      .map((c) => (c.kind === 'carre' ? t('honderden.roem.carre') : t('honderden.board.sequence', { length: c.length, top: rankLetter(t, c.top) })))
      .join(', ');
    if (st.combos && st.points !== null) {
      const combos = st.combos
        .map((c) =>
          c.kind === 'carre'
            ? t('honderden.board.carre-of', { rank: rankLetter(t, c.rank) })
            : t('honderden.board.sequence', { length: c.length, top: rankLetter(t, c.top) }),
        )
        .join(', ');
      const ok = st.status === 'counted' || st.status === 'hundred';
      lines.push({ text: `${combos} · ${st.points} · ${t(`honderden.roem.status.${st.status}`)}`, colour: ok ? COLOURS.gold : COLOURS.textDim });
    } else {
      // Three players' roem not yet told: only that it was declared or rejected.
      const key = !st.categories
        ? st.kind === 'declare'
          ? 'honderden.board.said.untold'
          : 'honderden.board.said.reject.untold'
        : st.kind === 'declare'
          ? st.status === 'rejected'
            ? 'honderden.board.said.rejected'
            : 'honderden.board.said'
          : st.status === 'standing'
            ? 'honderden.board.said.reject.won'
            : st.status === 'failed'
              ? 'honderden.board.said.reject.failed'
              : 'honderden.board.said.reject';
      lines.push({ text: t(key, { roem: said }), colour: st.status === 'rejected' || st.status === 'failed' ? COLOURS.textDim : COLOURS.text });
    }
  }
  return lines;
}

export function drawPlayerRow(ctx: Ctx, view: HonderdenView, players: BoardPlayer[], changes: BoardChanges, seat: number, y: number, t: Translate): void {
  const toAct = view.waitingFor.includes(seat);
  const gone = view.resigned[seat] === true;
  const won = view.over && view.winner === seat;
  drawRoundRect(ctx, MARGIN, y, WIDTH - 2 * MARGIN, ROW_H, 12, {
    fill: seat % 2 === 0 ? COLOURS.row : COLOURS.rowAlt,
    ...(toAct || won ? { stroke: COLOURS.gold, lineWidth: 4 } : {}),
  });
  drawRoundRect(ctx, MARGIN, y, 12, ROW_H, 5, { fill: swatchOf(players, seat).fill });
  ctx.save();
  if (gone) ctx.globalAlpha = 0.45;
  drawMarkBadge(ctx, players, seat, MARGIN + 42, y + 28, 34);
  // Marks beside the name; the name gives way to them before the tricks column.
  const chips: { text: string; fill: string; ink: string }[] = [];
  if (gone) chips.push({ text: t('honderden.board.left'), fill: '#5b5249', ink: '#ffffff' });
  else if (won) chips.push({ text: t('honderden.board.winner'), fill: COLOURS.gold, ink: COLOURS.ink });
  else {
    if (toAct) chips.push({ text: t('honderden.board.to-act'), fill: COLOURS.gold, ink: COLOURS.ink });
    if (seat === view.dealer && !view.over) chips.push({ text: t('honderden.board.dealer'), fill: '#e8e1cc', ink: COLOURS.ink });
  }
  const chipsW = chips.reduce((w, chip) => w + Math.ceil(textWidth(ctx, chip.text, 22, 'bold')) + 18 + 6, 0);
  const nameX = MARGIN + 68;
  const nameW = drawName(ctx, players, seat, nameX, y + 28, HAND_END - nameX - chipsW - 12, { size: 25, colour: COLOURS.text });
  let cx = nameX + nameW + 12;
  for (const chip of chips) cx += drawChip(ctx, chip.text, cx, y + 28, { size: 22, fill: chip.fill, ink: chip.ink, height: 32, paddingX: 9 }).width + 6;

  drawHand(ctx, view, changes, seat, y, gone, t);

  // Tricks won, "+1" when he just took one.
  drawTitle(ctx, t('honderden.board.col.tricks'), COL_TRICKS, y + 22, 110);
  const tricks = drawText(ctx, String(view.tricksWon[seat] ?? 0), COL_TRICKS, y + 68, { size: 42, weight: 'bold', colour: COLOURS.text, align: 'center' });
  if (changes.trickWon?.seat === seat) drawPlusChip(ctx, '+1', COL_TRICKS + tricks / 2 + 5, y + 68);

  drawRoem(ctx, view, changes, seat, y, t);

  // Points carried from earlier hands of this game (public: totals of finished hands).
  if (view.handInGame > 1 && !view.over) {
    drawTitle(ctx, t('honderden.board.col.carried'), COL_CARRIED, y + 22, 110);
    drawText(ctx, String(view.carried[seat] ?? 0), COL_CARRIED, y + 66, { size: 34, weight: 'bold', colour: COLOURS.text, align: 'center' });
  }

  // Game points, "of" the target.
  drawTitle(ctx, t('honderden.board.col.game-points'), COL_GAME, y + 22, 140);
  const points = String(view.gamePoints[seat] ?? 0);
  const pw = textWidth(ctx, points, 48, 'bold');
  const of = t('honderden.board.of', { target: view.target });
  const ow = textWidth(ctx, of, 22, 'bold');
  const px = COL_GAME - (pw + ow + 4) / 2;
  drawText(ctx, points, px, y + 68, { size: 48, weight: 'bold', colour: COLOURS.gold });
  drawText(ctx, of, px + pw + 4, y + 78, { size: 22, weight: 'bold', colour: COLOURS.textDim });
  ctx.restore();
}

/** The hand: backs for the unknown cards (the newest framed when just drawn), faces for the cards everybody has seen. */
function drawHand(ctx: Ctx, view: HonderdenView, changes: BoardChanges, seat: number, y: number, gone: boolean, t: Translate): void {
  if (gone || view.over) return;
  const size = view.handSizes[seat] ?? 0;
  const known = view.knownCards[seat] ?? [];
  const backs = Math.max(0, size - known.length);
  const drew = Math.min(backs, changes.drew[seat] ?? 0);
  const took = known.filter((card) => changes.took.includes(card)).length;
  const plus = drew + took;
  const count = t(size === 1 ? 'honderden.board.cards.one' : 'honderden.board.cards', { count: size });
  const tail = 8 + (plus > 0 ? 50 : 0) + textWidth(ctx, count, 18);
  // Known cards overlap (their index stays in sight) when many are shown beside the backs.
  const start = MARGIN + 26;
  const backsW = backs > 0 ? (backs - 1) * 15 + 38 + 10 : 0;
  const step = known.length > 1 ? Math.max(26, Math.min(44, (HAND_END - start - backsW - tail - 40) / (known.length - 1))) : 44;
  let hx = start;
  const hy = y + 50;
  for (let i = 0; i < backs; i++) drawCardBack(ctx, hx + i * 15, hy, 38, 54);
  // The cards just drawn: the last backs of the fan, framed (which card it is stays hidden).
  for (let i = backs - drew; i < backs; i++) drawFreshFrame(ctx, hx + i * 15, hy, 38, 54);
  hx += backsW;
  known.forEach((card, i) => {
    drawCard(ctx, t, card, hx + i * step, hy, 40, 56, suitOf(card) === view.trump);
    if (changes.took.includes(card)) drawFreshFrame(ctx, hx + i * step, hy, 40, 56);
  });
  if (known.length > 0) hx += (known.length - 1) * step + 44;
  let tx = hx + 6;
  if (plus > 0) tx += drawPlusChip(ctx, `+${plus}`, tx, hy + 28) + 8;
  // How many cards: a caption of the backs and cards beside it.
  secondary('caption', () => drawFitted(ctx, count, tx, hy + 28, Math.max(40, HAND_END - tx), { size: 18, minSize: 16, colour: COLOURS.textDim }));
}

/** Roem and stuk: points so far, and the line of what was said or shown (framed when it just changed). */
function drawRoem(ctx: Ctx, view: HonderdenView, changes: BoardChanges, seat: number, y: number, t: Translate): void {
  drawTitle(ctx, t('honderden.board.col.roem'), COL_ROEM, y + 22, 120, 'left');
  const roem = view.roemPoints[seat] ?? 0;
  let rx = COL_ROEM;
  rx += drawText(ctx, String(roem), rx, y + 60, { size: 36, weight: 'bold', colour: roem > 0 ? COLOURS.gold : COLOURS.textDim }) + 12;
  if (view.stuk[seat]) {
    const box = drawChip(ctx, t('honderden.board.stuk'), rx, y + 60, { size: 22, fill: COLOURS.gold, ink: COLOURS.ink, height: 34, paddingX: 10 });
    if (changes.stuk.has(seat))
      drawRoundRect(ctx, box.x - 4, box.y - 4, box.width + 8, box.height + 8, box.height / 2 + 4, { stroke: COLOURS.fresh, lineWidth: 3 });
  }
  const line = roemLines(view, seat, t)[0];
  if (!line) return;
  // The line runs on under the carried points (drawn above it) up to the game points. What was
  // said or shown makes the roem points drawn large above it: their breakdown.
  const room = COL_GAME - 80 - COL_ROEM;
  const fresh = changes.roem.has(seat);
  if (fresh) {
    const w = Math.min(room, textWidth(ctx, line.text, 18));
    drawRoundRect(ctx, COL_ROEM - 8, y + 83, w + 16, 26, 8, { fill: COLOURS.freshFill, stroke: COLOURS.fresh, lineWidth: 2 });
  }
  secondary('breakdown', () => drawFitted(ctx, line.text, COL_ROEM, y + 96, room, { size: 18, minSize: 16, colour: fresh ? COLOURS.text : line.colour }));
}
