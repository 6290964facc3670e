/**
 * One card per player in the column right of the sea: his badge (colour and shape) and name, his
 * score now; his treasure with what this turn brought or cost, his boats in supply; the ships he
 * took (this turn's ringed in white); and his loans as the rulebook scores them (each costs double
 * at the end). On the final board the cards go in the order of the result, with the sum of each
 * score spelled out.
 */
import type { Translate } from '../../i18n/index.js';
import { OUTLINE, PLAYER_HEX, SECONDARY_PX, drawChip, drawRoundRect, secondary, textWidth, type BoardPlayer } from '../../render/index.js';
import type { TurnChanges } from './board-changes.js';
import { winners } from './board-header.js';
import { CARD_H, COLOURS, GAP, SIDE_TOP, SIDE_W, SIDE_X, drawLabel, type Ctx } from './board-layout.js';
import { drawBadge, drawBoat, drawCoin } from './board-pieces.js';
import { SHIP_VALUES, shipWorth, type FreibeuterView, type PlayerView } from './rules.js';

/** Draws the cards from the top of the column; returns where the next box may start. */
export function drawPlayerCards(ctx: Ctx, view: FreibeuterView, players: BoardPlayer[], changes: TurnChanges, t: Translate): number {
  let y = SIDE_TOP;
  const ranked = view.over ? finalOrder(view) : view.players;
  const best = view.over ? winners(view) : [];
  ranked.forEach((p) => {
    const rank = view.over ? 1 + ranked.filter((q) => beats(q, p)).length : null;
    drawCard(ctx, view, p, players[p.seat] as BoardPlayer, y, changes, t, { rank, won: best.includes(p.seat) });
    y += CARD_H + GAP;
  });
  return y;
}

/** Players who stayed before those who left, then by score (ties share a place). */
const beats = (a: PlayerView, b: PlayerView) => (a.resigned === b.resigned ? a.score > b.score : !a.resigned);
const finalOrder = (view: FreibeuterView) => [...view.players].sort((a, b) => Number(a.resigned) - Number(b.resigned) || b.score - a.score || a.seat - b.seat);

function drawCard(
  ctx: Ctx,
  view: FreibeuterView,
  p: PlayerView,
  player: BoardPlayer,
  y: number,
  changes: TurnChanges,
  t: Translate,
  final: { rank: number | null; won: boolean },
): void {
  const toAct = view.waitingFor.includes(p.seat);
  const marked = toAct || final.won;
  drawRoundRect(ctx, SIDE_X, y, SIDE_W, CARD_H, 12, {
    fill: p.seat % 2 === 0 ? COLOURS.card : COLOURS.cardAlt,
    ...(marked ? { stroke: COLOURS.gold, lineWidth: 4 } : {}),
  });
  drawRoundRect(ctx, SIDE_X, y, 12, CARD_H, 5, { fill: PLAYER_HEX[player.colour].fill });
  // The turn marker: a gold pointer at the card of the player the game waits for.
  if (toAct) pointer(ctx, y + 30);
  ctx.save();
  if (p.resigned) ctx.globalAlpha = 0.5;
  const left = SIDE_X + 24;
  const right = SIDE_X + SIDE_W - 14;

  // Line 1: place (final), badge, name; the score on the right.
  const l1 = y + 29;
  let x = left;
  if (final.rank !== null) x += drawLabel(ctx, `${final.rank}.`, x, l1 + 1, { size: 24, colour: COLOURS.gold }) + 8;
  drawBadge(ctx, player.colour, x + 16, l1, 17);
  const scoreWidth = drawLabel(ctx, String(p.score), right, l1 + 2, { size: 34, colour: COLOURS.gold, align: 'right' });
  drawLabel(ctx, player.name, x + 42, l1, { size: 24, colour: COLOURS.text, maxWidth: right - scoreWidth - x - 56 });

  // Line 2: treasure and this turn's change of it, boats in supply; "left" for a player who left.
  const l2 = y + 66;
  drawCoin(ctx, left + 13, l2, 13);
  x = left + 34;
  x += drawLabel(ctx, String(p.treasure), x, l2 + 1, { size: 26, colour: COLOURS.text }) + 8;
  const delta = changes.treasure[p.seat] ?? 0;
  if (delta !== 0) x += deltaChip(ctx, delta, x, l2) + 8;
  x = Math.max(x + 10, left + 124);
  drawBoat(ctx, player.colour, x + 16, l2 - 1, 34);
  x += 38;
  x += drawLabel(ctx, String(p.boats), x, l2 + 1, { size: 26, colour: COLOURS.text }) + 6;
  if (p.resigned) drawChip(ctx, t('freibeuter.board.left'), right, l2, { size: 22, fill: '#5b5249', ink: '#ffffff', align: 'right', height: 34, paddingX: 10 });
  else secondary('caption', () => drawLabel(ctx, t('freibeuter.board.boats-left'), x, l2 + 2, { size: 18, colour: COLOURS.textDim, maxWidth: right - x }));

  // Line 3: the ships taken, by value.
  drawShips(ctx, view, p, changes.ships[p.seat] ?? [], left, y + 103, right, t);

  // Line 4: the sum of the final score, or the loans while the game goes on: parts of the score
  // drawn large on line 1 (which counts each loan double already), so they may be smaller.
  const l4 = y + CARD_H - 19;
  const loans = p.loans.reduce((a, b) => a + b, 0);
  if (view.over) {
    const ships = p.ships.reduce((sum, v) => sum + shipWorth(v, view.doubles), 0);
    const words =
      loans > 0
        ? t('freibeuter.board.sum.loans', { treasure: p.treasure, ships, repay: 2 * loans, score: p.score })
        : t('freibeuter.board.sum', { treasure: p.treasure, ships, score: p.score });
    // With three-digit numbers and loans the words may not fit even at 16 px: then the numbers
    // alone, which the treasure and the ships above them explain.
    const bare = loans > 0 ? `${p.treasure} + ${ships} − ${2 * loans} = ${p.score}` : `${p.treasure} + ${ships} = ${p.score}`;
    const sum = textWidth(ctx, words, SECONDARY_PX, 'normal') <= right - left ? words : bare;
    // Not bold: with three-digit scores and loans, a bold sum would have to be cut.
    secondary('breakdown', () => drawLabel(ctx, sum, left, l4, { size: 18, weight: 'normal', colour: COLOURS.text, maxWidth: right - left }));
  } else if (loans > 0) {
    const text = t(p.loans.length === 1 ? 'freibeuter.board.loan' : 'freibeuter.board.loans', { total: loans, repay: 2 * loans });
    secondary('breakdown', () => {
      if ((changes.loans[p.seat] ?? 0) > 0)
        drawChip(ctx, text, left - 4, l4, {
          size: 18,
          fill: COLOURS.dangerFill,
          ink: '#ffffff',
          border: COLOURS.changed,
          borderWidth: 3,
          height: 28,
          paddingX: 8,
        });
      else drawLabel(ctx, text, left, l4, { size: 18, colour: COLOURS.danger, maxWidth: right - left });
    });
  }
  ctx.restore();
}

/** "+6" or "−9": what the last turn did to his treasure (the treasure beside it is drawn large). */
function deltaChip(ctx: Ctx, delta: number, x: number, cy: number): number {
  const text = delta > 0 ? `+${delta}` : `−${-delta}`;
  return secondary(
    'history',
    () =>
      drawChip(ctx, text, x, cy, {
        size: 18,
        fill: delta > 0 ? '#1d4a33' : '#5a1c17',
        ink: delta > 0 ? COLOURS.gain : COLOURS.danger,
        border: COLOURS.changed,
        height: 28,
        paddingX: 7,
      }).width,
  );
}

/** A gold triangle in the gap left of the card, pointing at it. */
function pointer(ctx: Ctx, cy: number): void {
  ctx.beginPath();
  ctx.moveTo(SIDE_X - 3, cy);
  ctx.lineTo(SIDE_X - 14, cy - 11);
  ctx.lineTo(SIDE_X - 14, cy + 11);
  ctx.closePath();
  ctx.fillStyle = COLOURS.gold;
  ctx.fill();
}

/**
 * Captured ships by value, each value a stack of discs (one per ship; gold-rimmed when the value
 * counts double), so that a count never reads as the doubling; this turn's stack ringed in white.
 */
function drawShips(ctx: Ctx, view: FreibeuterView, p: PlayerView, fresh: readonly number[], left: number, cy: number, right: number, t: Translate): void {
  if (p.ships.length === 0) {
    drawLabel(ctx, t('freibeuter.board.no-ships'), left, cy, { size: 22, colour: COLOURS.textDim, maxWidth: right - left });
    return;
  }
  const R = 19;
  const groups = SHIP_VALUES.map((value) => ({ value, count: p.ships.filter((v) => v === value).length })).filter((g) => g.count > 0);
  // Discs of a stack 10 px apart, closer when many ships must fit the line.
  const extra = p.ships.length - groups.length;
  const room = right - left - groups.length * (2 * R + 12);
  const step = extra === 0 ? 0 : Math.max(4, Math.min(10, room / extra));
  let x = left + R;
  for (const { value, count } of groups) {
    const doubled = view.doubles.includes(value);
    const last = x + (count - 1) * step;
    if (fresh.includes(value)) {
      drawRoundRect(ctx, x - R - 5, cy - R - 5, last - x + 2 * R + 10, 2 * R + 10, R + 5, { stroke: COLOURS.changed, lineWidth: 3.5 });
    }
    for (let k = 0; k < count; k++) {
      const cx = x + k * step;
      ctx.beginPath();
      ctx.arc(cx, cy, R, 0, Math.PI * 2);
      ctx.fillStyle = COLOURS.token;
      ctx.fill();
      ctx.lineWidth = doubled ? 4 : 2;
      ctx.strokeStyle = doubled ? COLOURS.gold : OUTLINE;
      ctx.stroke();
    }
    drawLabel(ctx, String(value), last, cy + 1, { size: 22, colour: COLOURS.ink, align: 'center' });
    x = last + 2 * R + 12;
  }
}
