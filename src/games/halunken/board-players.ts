/**
 * One panel per player, right of the ring: his pawn and name (and Black Jack when he hired him),
 * his score, his eight movement cards (played ones struck out, this round's framed in gold), and
 * his crew (board-crew.ts).
 */
import type { CanvasRenderingContext2D } from 'canvas';
import type { Translate } from '../../i18n/index.js';
import { PLAYER_HEX, drawChip, drawNameLines, drawPawn, drawRoundRect, drawText, secondary, setName, textWidth, type BoardPlayer } from '../../render/index.js';
import { CAPTAIN_CARDS, type MovementCard } from './cards.js';
import type { HalunkenView } from './rules.js';
import { drawMovementTile, type MovementState } from './board-cards.js';
import type { BoardChanges } from './board-changes.js';
import { drawCrew } from './board-crew.js';
import { COLOURS, panelBox } from './board-layout.js';
import { drawBlackJack } from './board-pieces.js';

type Ctx = CanvasRenderingContext2D;

/** Rows inside a panel, from its top. */
const NAME_Y = 22;
/** Where the name starts, right of the pawn. */
const NAME_X = 52;
const TILES_Y = 44;
const TILE_W = 24;
const TILE_H = 30;
const TILE_STEP = 27;

function movementState(view: HalunkenView, changes: BoardChanges, seat: number, card: MovementCard): MovementState {
  const now = view.laid.find((l) => l.piece === seat);
  if (now && now.card === card) return now.cancelled ? 'cancelled' : 'laid';
  // The round the last move finished: its cards are spent, and framed as just played.
  const before = view.laid.length === 0 ? changes.laid.find((l) => l.piece === seat) : undefined;
  if (before && before.card === card) return 'played';
  return (view.hands[seat] ?? []).includes(card) ? 'fresh' : 'used';
}

/** A small gold crown: the winner's mark on the final board. */
function drawCrown(ctx: Ctx, cx: number, cy: number, w: number): void {
  const h = w * 0.7;
  ctx.save();
  ctx.beginPath();
  ctx.moveTo(cx - w / 2, cy + h / 2);
  ctx.lineTo(cx - w / 2, cy - h / 2);
  ctx.lineTo(cx - w / 4, cy);
  ctx.lineTo(cx, cy - h / 2);
  ctx.lineTo(cx + w / 4, cy);
  ctx.lineTo(cx + w / 2, cy - h / 2);
  ctx.lineTo(cx + w / 2, cy + h / 2);
  ctx.closePath();
  ctx.fillStyle = COLOURS.gold;
  ctx.strokeStyle = COLOURS.ink;
  ctx.lineWidth = 2;
  ctx.lineJoin = 'round';
  ctx.stroke();
  ctx.fill();
  ctx.restore();
}

function statusChip(view: HalunkenView, seat: number, t: Translate): { text: string; fill: string; ink: string } | null {
  const toAct = view.waitingFor.includes(seat);
  if (view.resigned[seat]) return { text: t('halunken.board.left'), fill: '#5b5249', ink: '#ffffff' };
  if (view.phase.name === 'choose')
    return toAct
      ? { text: t('halunken.board.choosing'), fill: COLOURS.gold, ink: COLOURS.ink }
      : { text: t('halunken.board.chosen'), fill: '#2f6b45', ink: '#ffffff' };
  return toAct ? { text: t('halunken.board.to-act'), fill: COLOURS.gold, ink: COLOURS.ink } : null;
}

/**
 * The caption under the score in `room`: at 18 px, or 16, or at 16 on two lines split at the
 * space that leaves the shorter widest line; null when none fits.
 */
function captionLines(ctx: Ctx, text: string, room: number): { lines: string[]; size: number } | null {
  for (const size of [18, 16]) if (textWidth(ctx, text, size) <= room) return { lines: [text], size };
  const splits = [...text.matchAll(/ /g)].map((m) => [text.slice(0, m.index), text.slice(m.index + 1)]);
  const widest = (lines: string[]) => Math.max(...lines.map((line) => textWidth(ctx, line, 16)));
  const best = splits.sort((a, b) => widest(a) - widest(b))[0];
  return best && widest(best) <= room ? { lines: best, size: 16 } : null;
}

function drawPanel(ctx: Ctx, view: HalunkenView, players: BoardPlayer[], seat: number, changes: BoardChanges, winners: number[], t: Translate): void {
  const box = panelBox(seat, view.seats);
  const { x, y, w } = box;
  const player = players[seat] as BoardPlayer;
  const toAct = view.waitingFor.includes(seat);
  const gone = view.resigned[seat] === true;
  drawRoundRect(ctx, x, y, w, box.h, 12, { fill: seat % 2 === 0 ? COLOURS.panel : COLOURS.panelAlt, ...(toAct ? { stroke: COLOURS.gold, lineWidth: 4 } : {}) });
  drawRoundRect(ctx, x, y, 10, box.h, 5, { fill: PLAYER_HEX[player.colour].fill });
  ctx.globalAlpha = gone ? 0.45 : 1;

  // The score: this game's, or on the final board the total (a long game adds three games).
  const scoreNow = view.scores[seat]?.score ?? 0;
  const right = x + w - 14;
  const scoreWidth = drawText(ctx, String(view.over ? (view.totals[seat] ?? 0) : scoreNow), right, y + NAME_Y + 3, {
    size: 32,
    weight: 'bold',
    colour: COLOURS.gold,
    align: 'right',
  });
  const won = view.over && winners.includes(seat);
  if (won) drawCrown(ctx, right - scoreWidth - 20, y + NAME_Y + 2, 24);
  // Under the score what it is: "points", or in a long game the earlier games' total or the last game's score.
  const label =
    view.games > 1 && view.over
      ? t('halunken.board.last-game', { score: scoreNow })
      : view.gameScores.length > 0 && !view.over
        ? t('halunken.board.before', { total: view.totals[seat] ?? 0 })
        : t('halunken.board.points');
  const kind = label === t('halunken.board.points') ? 'caption' : 'breakdown';

  // What he is doing now (a chip, whole: "Choosing…") goes after his movement cards, under his
  // name, where the caption leaves it room; else beside the name.
  const chip = statusChip(view, seat, t);
  const chipWidth = chip ? Math.ceil(textWidth(ctx, chip.text, 22, 'bold')) + 2 * 6 : 0;
  const chipX = x + 20 + (CAPTAIN_CARDS.length - 1) * TILE_STEP + TILE_W + 8;
  const caption = captionLines(ctx, label, right - (chip ? chipX + chipWidth + 6 : x + 20 + CAPTAIN_CARDS.length * TILE_STEP));
  const chipBelow = chip !== null && caption !== null;
  const captionY = y + TILES_Y + TILE_H / 2;
  const { lines, size } = caption ?? { lines: [label], size: 18 };
  secondary(kind, () =>
    lines.forEach((line, i) =>
      drawText(ctx, line, right, captionY + (i - (lines.length - 1) / 2) * (size + 2), { size, colour: COLOURS.textDim, align: 'right' }),
    ),
  );
  if (chip && chipBelow) drawChip(ctx, chip.text, chipX, captionY, { size: 22, fill: chip.fill, ink: chip.ink, height: 32, paddingX: 6 });

  // Pawn and name (whole where it can be: in regular type when bold does not fit), and Black Jack
  // beside the name while he works for this player.
  drawPawn(ctx, x + 32, y + NAME_Y + 17, 34, player.colour);
  const hirer = view.hirer === seat;
  const nameRight = right - scoreWidth - (won ? 40 : 8) - (hirer ? 32 : 0) - (chip && !chipBelow ? chipWidth + 6 : 0);
  const name = setName(ctx, player.name, { size: 22, maxWidth: nameRight - (x + NAME_X) });
  let after = x + NAME_X + drawNameLines(ctx, name, x + NAME_X, y + NAME_Y, { colour: COLOURS.text, lineHeight: 0 });
  if (hirer) {
    drawBlackJack(ctx, after + 18, y + NAME_Y + 15, 30);
    after += 32;
  }
  if (chip && !chipBelow) drawChip(ctx, chip.text, after + 6, y + NAME_Y, { size: 22, fill: chip.fill, ink: chip.ink, height: 32, paddingX: 6 });

  // Movement cards: all eight in order.
  CAPTAIN_CARDS.forEach((card, i) =>
    drawMovementTile(ctx, card, x + 20 + i * TILE_STEP, y + TILES_Y, TILE_W, TILE_H, movementState(view, changes, seat, card)),
  );
  drawCrew(ctx, view, seat, box, changes);
  ctx.globalAlpha = 1;
}

export function drawPlayerPanels(ctx: Ctx, view: HalunkenView, players: BoardPlayer[], changes: BoardChanges, winners: number[], t: Translate): void {
  for (let seat = 0; seat < view.seats; seat++) drawPanel(ctx, view, players, seat, changes, winners, t);
}
