import type { Translate } from '../../i18n/index.js';
import { drawChip, drawRoundRect, secondary, textWidth, type BoardPlayer } from '../../render/index.js';
import { drawCard, drawFreshFrame, drawSlot } from './board-cards.js';
import type { BoardChanges } from './board-changes.js';
import { COLOURS, FELT_TOP, MIDDLE, RIGHT, TABLE_H, TABLE_TOP, type Ctx } from './board-layout.js';
import { drawMarkBadge, drawNameChip, nameOf } from './board-players.js';
import { drawFitted } from './board-text.js';
import { drawHandResult } from './board-result.js';
import { suitOf, type HonderdenView, type Play, type Suit } from './rules.js';

/**
 * The middle of the felt (the trick being played, or the result of the hand that just ended, and
 * whose turn it is) and the right column (the last trick and who took it). The card just played
 * and the trick just won are framed in the "fresh" colour.
 */

const TRICK_CARD = { w: 124, h: 174 };
const LAST_CARD = { w: 80, h: 112 };
const LAST_CARD_THREE = { w: 70, h: 98 };

/** How the players of a trick are named under their cards: a name chip, or (small cards) the player's mark. */
type Label = { kind: 'name'; size: number } | { kind: 'mark'; size: number };

/** The cards of a trick in a row, each with its player below; empty places for those still to play. */
function drawTrickRow(
  ctx: Ctx,
  t: Translate,
  order: number[],
  plays: readonly Play[],
  trump: Suit,
  players: BoardPlayer[],
  box: { x: number; w: number },
  y: number,
  card: { w: number; h: number },
  options: { toAct: number | null; winner: number | null; fresh: string | null; label: Label; maxGap: number },
): void {
  // Half a gap at either end: the names under the cards get the room between them.
  const gap = Math.min(options.maxGap, (box.w - order.length * card.w) / Math.max(1, order.length));
  const total = order.length * card.w + (order.length - 1) * gap;
  let x = box.x + (box.w - total) / 2;
  const label = options.label;
  for (const seat of order) {
    const play = plays.find((p) => p.seat === seat);
    if (play) {
      if (seat === options.winner) drawRoundRect(ctx, x - 6, y - 6, card.w + 12, card.h + 12, card.w * 0.12, { stroke: COLOURS.gold, lineWidth: 4 });
      drawCard(ctx, t, play.card, x, y, card.w, card.h, suitOf(play.card) === trump);
      if (play.card === options.fresh) drawFreshFrame(ctx, x, y, card.w, card.h);
    } else drawSlot(ctx, x, y, card.w, card.h, seat === options.toAct);
    const labelY = y + card.h + 10 + label.size * 0.78;
    // A long name goes on two lines: the chip grows down into the room above the status.
    if (label.kind === 'name') drawNameChip(ctx, players, seat, x + card.w / 2, labelY, label.size, card.w + gap - 6, 'center', 2);
    else drawMarkBadge(ctx, players, seat, x + card.w / 2, labelY, label.size);
    x += card.w + gap;
  }
}

/** The seats in playing order from `first`. */
function orderFrom(view: HonderdenView, first: number): number[] {
  const players = view.players;
  const start = Math.max(0, players.indexOf(first));
  return players.map((_, i) => players[(start + i) % players.length] as number);
}

/** Whose turn it is, as a sentence that starts with his name. */
function boardStatus(view: HonderdenView, players: BoardPlayer[], t: Translate): string {
  const seat = view.waitingFor[0];
  if (seat === undefined) return '';
  const player = nameOf(players, seat, 16);
  switch (view.phase) {
    case 'play':
      return t(view.trick.plays.length === 0 ? 'honderden.board.status.lead' : 'honderden.board.status.play', { player });
    case 'roemAnswer': {
      // Two names: the sentence goes on two lines (drawStatus), so that the verb at the end (Dutch "afkeuren") stays big.
      const standing = view.roem.find((st) => st.status === 'standing');
      return t('honderden.board.status.answer', { player, other: standing ? nameOf(players, standing.seat, 16) : '?' });
    }
    case 'chooseLast':
      return t('honderden.board.status.choose', { player });
    case 'over':
      return '';
  }
}

/**
 * Whether the felt shows the result of the hand that just ended: between hands, and on the final
 * board when a hand's end ended the match (not roem or a player leaving). It then takes the last
 * trick's column too, which holds nothing new then (no trick yet, or the match's last trick, which
 * the post tells), so that its table reads at chat size.
 */
export function showsResult(view: HonderdenView): boolean {
  const result = view.lastResult;
  return result !== null && (view.over ? result.hand === view.handNumber : view.tricksPlayed === 0 && view.trick.plays.length === 0);
}

/** The middle of the felt: the trick being played (or the result of the hand that just ended), and who is to act. */
export function drawMiddle(ctx: Ctx, view: HonderdenView, players: BoardPlayer[], changes: BoardChanges, t: Translate): void {
  const result = view.lastResult;
  if (result !== null && showsResult(view)) {
    drawHandResult(ctx, view, result, players, t, FELT_TOP);
  } else if (!view.over || view.trick.plays.length > 0) {
    const order = orderFrom(view, view.trick.leader);
    const label =
      view.phase === 'roemAnswer'
        ? t('honderden.board.next-trick')
        : t('honderden.board.this-trick', { trick: Math.min(view.tricksPlayed + 1, view.tricksPerHand) });
    drawFitted(ctx, label, MIDDLE.x + MIDDLE.w / 2, FELT_TOP + 14, MIDDLE.w - 20, {
      size: 22,
      minSize: 22,
      weight: 'bold',
      colour: COLOURS.textDim,
      align: 'center',
    });
    drawTrickRow(ctx, t, order, view.trick.plays, view.trump, players, MIDDLE, FELT_TOP + 34, TRICK_CARD, {
      toAct: view.phase === 'play' ? (view.waitingFor[0] ?? null) : null,
      winner: null,
      fresh: changes.played,
      label: { kind: 'name', size: 22 },
      // Two cards leave room for whole names under them.
      maxGap: order.length === 2 ? 140 : 80,
    });
  }
  const seat = view.waitingFor[0];
  if (view.over || seat === undefined) return;
  // "Bart is to play", his mark before it: the sentence starts with his name in both languages.
  drawStatus(ctx, boardStatus(view, players, t), players, seat, TABLE_TOP + TABLE_H - 38);
}

/** Smallest size for the status on one line; a longer sentence (two names) goes on two lines. */
const STATUS_ONE_LINE_MIN = 22;

/** Whose turn it is, centred under the trick: the player's mark, then the sentence. */
function drawStatus(ctx: Ctx, text: string, players: BoardPlayer[], seat: number, y: number): void {
  const badge = 30;
  const room = MIDDLE.w - 10 - badge - 12;
  const lines = statusLines(ctx, text, room);
  const widest = Math.max(...lines.map((line) => line.width));
  const size = widest <= room ? 26 : Math.max(STATUS_ONE_LINE_MIN, Math.floor(26 * (room / widest) * 0.99 * 10) / 10);
  const width = Math.min(room, (widest * size) / 26);
  const left = MIDDLE.x + (MIDDLE.w - (badge + 12 + width)) / 2;
  drawMarkBadge(ctx, players, seat, left + badge / 2, y, badge);
  const step = size + 4;
  lines.forEach((line, i) => {
    const lineY = y + (i - (lines.length - 1) / 2) * step;
    drawFitted(ctx, line.text, left + badge + 12, lineY, room, { size, minSize: STATUS_ONE_LINE_MIN, weight: 'bold', colour: COLOURS.gold, halo: '#0b2a1b' });
  });
}

/**
 * The status as one line, or two split at the space nearest its middle when one would be smaller
 * than STATUS_ONE_LINE_MIN; each with its width at 26 px (text is measured sparingly).
 */
function statusLines(ctx: Ctx, text: string, room: number): { text: string; width: number }[] {
  const full = textWidth(ctx, text, 26, 'bold');
  const spaces = [...text.matchAll(/ /g)].map((m) => m.index);
  if ((26 * room) / full >= STATUS_ONE_LINE_MIN || spaces.length === 0) return [{ text, width: full }];
  const middle = text.length / 2;
  const at = spaces.reduce((best, i) => (Math.abs(i - middle) < Math.abs(best - middle) ? i : best));
  return [text.slice(0, at), text.slice(at + 1)].map((line) => ({ text: line, width: textWidth(ctx, line, 26, 'bold') }));
}

/** Right column: the last trick and who took it; framed fresh when it was just taken. */
export function drawLastTrick(ctx: Ctx, view: HonderdenView, players: BoardPlayer[], changes: BoardChanges, t: Translate): void {
  const top = FELT_TOP;
  const last = view.lastTrick;
  if (!last) {
    drawFitted(ctx, t('honderden.board.no-trick'), RIGHT.x + RIGHT.w / 2, top + 130, RIGHT.w - 20, {
      size: 22,
      minSize: 22,
      colour: COLOURS.textDim,
      align: 'center',
    });
    return;
  }
  const fresh = changes.trickWon !== null;
  if (fresh) drawRoundRect(ctx, RIGHT.x, top, RIGHT.w, TABLE_H - 40, 16, { fill: COLOURS.freshFill, stroke: COLOURS.fresh, lineWidth: 4 });
  drawChip(ctx, String(view.tricksPlayed), RIGHT.x + RIGHT.w - 16, top + 24, {
    size: 22,
    fill: fresh ? COLOURS.fresh : '#e8e1cc',
    ink: COLOURS.ink,
    align: 'right',
    height: 32,
    paddingX: 10,
  });
  const order = last.plays.map((p) => p.seat);
  const card = order.length > 2 ? LAST_CARD_THREE : LAST_CARD;
  drawTrickRow(ctx, t, order, last.plays, view.trump, players, { x: RIGHT.x + 2, w: RIGHT.w - 4 }, top + 58, card, {
    toAct: null,
    winner: last.winner,
    fresh: fresh ? changes.played : null,
    label: { kind: 'mark', size: 28 },
    maxGap: 24,
  });
  const y = top + 58 + card.h + 74;
  // "just taken by": a caption of the name chip under it.
  secondary('caption', () =>
    drawFitted(ctx, t(fresh ? 'honderden.board.won-by.now' : 'honderden.board.won-by'), RIGHT.x + RIGHT.w / 2, y, RIGHT.w - 20, {
      size: 20,
      minSize: 16,
      weight: 'bold',
      colour: fresh ? COLOURS.fresh : COLOURS.textDim,
      align: 'center',
    }),
  );
  drawNameChip(ctx, players, last.winner, RIGHT.x + RIGHT.w / 2, y + 36, 22, RIGHT.w - 20, 'center', 2);
}
