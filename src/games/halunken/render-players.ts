/**
 * One panel per player, right of the ring: his pawn and name (and Black Jack when he hired him),
 * his score, his eight movement cards (played ones struck out, this round's framed in gold), and
 * his crew by colour with each colour's sum, the colour that counts twice framed. Cards that came
 * in with the last move are ringed in white; cards that left it are shown faded where they were.
 */
import type { CanvasRenderingContext2D } from 'canvas';
import type { Translate } from '../../i18n/index.js';
import { PLAYER_HEX, drawChip, drawNameLines, drawPawn, drawRoundRect, drawText, secondary, setName, textWidth, type BoardPlayer } from '../../render/index.js';
import { CAPTAIN_CARDS, COLOURS as SAILOR_COLOURS, type MovementCard, type SailorCard } from './cards.js';
import type { HalunkenView } from './rules.js';
import { drawChangedRing, drawColourBadge, drawLostCard, drawMovementTile, drawSailorCard, type MovementState } from './render-cards.js';
import { cardKey, type BoardChanges } from './render-changes.js';
import { COLOURS, panelBox } from './render-layout.js';
import { drawBlackJack } from './render-pieces.js';

type Ctx = CanvasRenderingContext2D;

/** Rows inside a panel, from its top. */
const NAME_Y = 22;
/** Where the name starts, right of the pawn. */
const NAME_X = 52;
const TILES_Y = 44;
const TILE_W = 24;
const TILE_H = 30;
const TILE_STEP = 27;
const CREW_Y = 79;
const CREW_CARDS_Y = 106;
/**
 * Crew cards: smaller in the panels of four players, larger in taller ones, their values 22 px or
 * more. They carry no colour mark: each column holds one colour, under its badge with the mark.
 */
const SMALL_CARD = { w: 31, h: 38, line: 41 } as const;
const LARGE_CARD = { w: 32, h: 44, line: 48 } as const;

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
  if (view.phase.name === 'choose') return toAct ? { text: t('halunken.board.choosing'), fill: COLOURS.gold, ink: COLOURS.ink } : { text: t('halunken.board.chosen'), fill: '#2f6b45', ink: '#ffffff' };
  return toAct ? { text: t('halunken.board.to-act'), fill: COLOURS.gold, ink: COLOURS.ink } : null;
}

/** The crew by colour in four columns: sum on top (the doubled colour framed, ×2), the cards below. */
function drawCrew(ctx: Ctx, view: HalunkenView, seat: number, box: { x: number; y: number; w: number; h: number }, changes: BoardChanges): void {
  const crew = view.crews[seat] ?? [];
  const score = view.scores[seat] ?? null;
  const gained = changes.gained.get(seat) ?? new Set<string>();
  const lost = changes.lost.get(seat) ?? [];
  // The best offer of a running auction, ringed in gold: the card this player would pay.
  const bids = view.phase.name === 'auction' ? view.phase.bids : [];
  const offer = bids.at(-1)?.seat === seat ? cardKey((bids.at(-1) as { card: SailorCard }).card) : null;
  const colGap = 6;
  const left = box.x + 17;
  const colW = (box.x + box.w - 10 - left - 3 * colGap) / 4;
  const { w: cardW, h: cardH, line: lineH } = box.h - CREW_CARDS_Y - 6 >= 2 * LARGE_CARD.line ? LARGE_CARD : SMALL_CARD;
  const lines = Math.max(1, Math.floor((box.h - 6 - CREW_CARDS_Y + lineH - cardH) / lineH));
  // As many cards side by side as fit without overlapping; more fan out.
  const fitting = Math.floor((colW - 4 - cardW) / (cardW + 3)) + 1;
  const rings: { x: number; y: number; colour: string }[] = [];
  SAILOR_COLOURS.forEach((colour, i) => {
    const x = left + i * (colW + colGap);
    const cards = crew.filter((c) => c.colour === colour).sort((a, b) => a.value - b.value);
    const gone = lost.filter((c) => c.colour === colour).sort((a, b) => a.value - b.value);
    const doubled = score?.doubled === colour;
    if (doubled) drawRoundRect(ctx, x - 3, box.y + CREW_Y - 3, colW + 6, box.h - CREW_Y - 2, 8, { fill: 'rgba(242, 201, 76, 0.12)', stroke: COLOURS.gold, lineWidth: 2.5 });
    const cy = box.y + CREW_Y + 12;
    drawColourBadge(ctx, colour, x + 3, cy - 12, 17, 24);
    const sum = cards.reduce((a, c) => a + c.value, 0);
    const sumWidth = drawText(ctx, cards.length === 0 ? '–' : String(sum), x + 25, cy + 1, { size: 22, weight: 'bold', colour: cards.length === 0 ? '#5a6478' : COLOURS.text });
    // "×2" explains the gold frame around the colour that counts twice.
    if (doubled) secondary('legend', () => drawChip(ctx, '×2', x + 29 + sumWidth, cy, { size: 18, fill: COLOURS.gold, ink: COLOURS.ink, height: 24, paddingX: 5 }));
    // The cards in as many lines as the panel holds; a long colour fans out, values to the left.
    const shown: { card: SailorCard; gone: boolean }[] = [...cards.map((card) => ({ card, gone: false })), ...gone.map((card) => ({ card, gone: true }))];
    const perLine = Math.max(fitting, Math.ceil(shown.length / lines));
    const step = Math.min(cardW + 3, (colW - 4 - cardW) / (perLine - 1));
    const valueX = step < cardW ? Math.round(step / 2 + 1) : cardW / 2;
    shown.forEach(({ card, gone: isGone }, k) => {
      const cx = x + 2 + (k % perLine) * step;
      const cardY = box.y + CREW_CARDS_Y + Math.floor(k / perLine) * lineH;
      if (isGone) drawLostCard(ctx, card, cx, cardY, cardW, cardH, false);
      else drawSailorCard(ctx, card, cx, cardY, cardW, cardH, valueX, false);
      if (!isGone && gained.has(cardKey(card))) rings.push({ x: cx, y: cardY, colour: COLOURS.changed });
      else if (!isGone && offer === cardKey(card)) rings.push({ x: cx, y: cardY, colour: COLOURS.gold });
    });
  });
  for (const r of rings) drawChangedRing(ctx, r.x, r.y, cardW, cardH, 3, r.colour);
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
  const scoreWidth = drawText(ctx, String(view.over ? (view.totals[seat] ?? 0) : scoreNow), right, y + NAME_Y + 3, { size: 32, weight: 'bold', colour: COLOURS.gold, align: 'right' });
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
  secondary(kind, () => lines.forEach((line, i) => drawText(ctx, line, right, captionY + (i - (lines.length - 1) / 2) * (size + 2), { size, colour: COLOURS.textDim, align: 'right' })));
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
  CAPTAIN_CARDS.forEach((card, i) => drawMovementTile(ctx, card, x + 20 + i * TILE_STEP, y + TILES_Y, TILE_W, TILE_H, movementState(view, changes, seat, card)));
  drawCrew(ctx, view, seat, box, changes);
  ctx.globalAlpha = 1;
}

export function drawPlayerPanels(ctx: Ctx, view: HalunkenView, players: BoardPlayer[], changes: BoardChanges, winners: number[], t: Translate): void {
  for (let seat = 0; seat < view.seats; seat++) drawPanel(ctx, view, players, seat, changes, winners, t);
}

