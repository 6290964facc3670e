/**
 * The tavern: the row of six cards in table order, always seen from the same side (the first
 * player sits above the row, the second below it), each player's dice on his side, and beside
 * each side his panel: name, supply, whose turn it is, and what his last turn rolled and played.
 */
import type { Translate } from '../../i18n/index.js';
import { OUTLINE, PLAYER_HEX, drawChip, drawRoundRect, drawText, secondary, shortName, type BoardPlayer } from '../../render/index.js';
import { drawBadge, drawCard } from './board-cards.js';
import type { TurnChanges } from './board-changes.js';
import { drawDie, drawFlag, drawFreshRing, drawPlayerToken, drawTrickIcon, playerDie } from './board-symbols.js';
import { CARD_H, CARD_W, COLOURS, EDGE, ROW_LEFT, ROW_RIGHT, SIDE_W, SIDE_X, WIDTH, fittedText, slotX, type Ctx } from './board-theme.js';
import { DICE_PER_PLAYER, type ShanghaienView } from './rules.js';

const PAD = 10;
const PANEL_GAP = 8;
/** A panel holds the last turn's roll and trick too, unless the round has not begun (no dice anywhere). */
const PANEL_H = 226;
const PANEL_H_COMPACT = 140;
const DIE = 40;
const DIE_GAP = 6;
const BADGE_R = 22;

/** Before the round's first die is placed the dice zones stay empty, and the tavern is drawn lower. */
function isCompact(view: ShanghaienView): boolean {
  return view.rolled === null && view.placed.every((n) => n === 0);
}

export function tavernHeight(view: ShanghaienView): number {
  return 2 * PAD + 2 * (isCompact(view) ? PANEL_H_COMPACT : PANEL_H) + PANEL_GAP;
}

/** The seat whose dice, panel and zone are above the row; the other seat's are below. */
const TOP_SEAT = 0;

export function drawTavern(ctx: Ctx, view: ShanghaienView, players: BoardPlayer[], changes: TurnChanges, y0: number, t: Translate): void {
  const compact = isCompact(view);
  const panelH = compact ? PANEL_H_COMPACT : PANEL_H;
  const height = tavernHeight(view);
  drawRoundRect(ctx, EDGE, y0, WIDTH - 2 * EDGE, height, 18, { fill: COLOURS.table, stroke: COLOURS.tableEdge, lineWidth: 6 });
  const top = y0 + PAD;
  const inner = 2 * panelH + PANEL_GAP;
  const zoneH = (inner - CARD_H - BADGE_R - 10) / 2;
  const cardY = top + zoneH + BADGE_R + 4;
  const zoneTop = [top, cardY + CARD_H + 6];
  const seatAt = (side: number) => (side === 0 ? TOP_SEAT : 1 - TOP_SEAT);

  for (const side of [0, 1]) {
    const seat = seatAt(side);
    drawPanel(ctx, view, players, seat, SIDE_X, top + side * (panelH + PANEL_GAP), panelH, compact, changes, t);
    // Each side of the row is tinted in its player's colour, next to his panel.
    ctx.globalAlpha = 0.2;
    drawRoundRect(ctx, ROW_LEFT - 6, zoneTop[side] as number, ROW_RIGHT - ROW_LEFT + 12, zoneH, 10, {
      fill: PLAYER_HEX[(players[seat] as BoardPlayer).colour].fill,
    });
    ctx.globalAlpha = 1;
  }

  const placedNow = (seat: number, position: number) => (changes.seat === seat ? changes.placed.filter((p) => p === position).length : 0);
  view.row.forEach((slot, i) => {
    // Table order whoever is to act, so that one post after another shows the row the same way.
    const x = slotX(i);
    drawCard(ctx, slot.card, x, cardY, t);
    if (slot.position !== null && [0, 1].some((seat) => placedNow(seat, slot.position as number) > 0)) {
      drawFreshRing(ctx, x, cardY, CARD_W, CARD_H, 14, 5);
    }
    drawBadge(ctx, x + CARD_W / 2, cardY - 2, BADGE_R, slot.position);
    if (slot.position === 1 && changes.numbered) drawFreshRing(ctx, x + CARD_W / 2 - BADGE_R, cardY - 2 - BADGE_R, 2 * BADGE_R, 2 * BADGE_R, BADGE_R, 4);
    if (slot.position === null) return;
    for (const side of [0, 1]) {
      const seat = seatAt(side);
      const nearY = side === 0 ? cardY - BADGE_R - 10 : (zoneTop[1] as number) + 8;
      drawSlotDice(ctx, slot.dice[seat] as number, placedNow(seat, slot.position), slot.position, (players[seat] as BoardPlayer).colour, x, nearY, side === 0);
    }
  });

  if (view.first === null && view.row.length > 0) {
    // Nobody has placed a die yet: the note sits where the start player's dice will go.
    const side = view.startPlayer === TOP_SEAT ? 0 : 1;
    const noteY = (zoneTop[side] as number) + zoneH / 2;
    drawChip(
      ctx,
      t('shanghaien.board.unnumbered', { player: shortName((players[view.startPlayer] as BoardPlayer).name, 32) }),
      (ROW_LEFT + ROW_RIGHT) / 2,
      noteY,
      {
        size: 22,
        height: Math.min(34, zoneH - 4),
        fill: '#1c140d',
        ink: COLOURS.cream,
        border: COLOURS.unnumbered,
        align: 'center',
      },
    );
  }
}

/** The dice of one seat at one card, three to a line, the first line nearest the card; the last `fresh` were just placed. */
function drawSlotDice(ctx: Ctx, count: number, fresh: number, pips: number, colour: BoardPlayer['colour'], left: number, nearY: number, upward: boolean): void {
  for (let i = 0; i < count; i++) {
    const line = Math.floor(i / 3);
    const inLine = Math.min(3, count - line * 3);
    const col = i % 3;
    const cx = left + CARD_W / 2 + (col - (inLine - 1) / 2) * (DIE + DIE_GAP);
    const offset = DIE / 2 + line * (DIE + DIE_GAP);
    const cy = upward ? nearY - offset : nearY + offset;
    playerDie(ctx, cx, cy, DIE, pips, colour);
    if (i >= count - fresh) drawFreshRing(ctx, cx - DIE / 2, cy - DIE / 2, DIE, DIE, DIE * 0.2, 4);
  }
}

// ---------------------------------------------------------------------------------------------
// A player's panel

function drawPanel(
  ctx: Ctx,
  view: ShanghaienView,
  players: BoardPlayer[],
  seat: number,
  x: number,
  y: number,
  h: number,
  compact: boolean,
  changes: TurnChanges,
  t: Translate,
): void {
  const player = players[seat] as BoardPlayer;
  const swatch = PLAYER_HEX[player.colour];
  const isCurrent = !view.over && view.current === seat;
  const ink = isCurrent ? COLOURS.currentInk : COLOURS.text;
  const w = SIDE_W;
  drawRoundRect(ctx, x, y, w, h, 12, {
    fill: isCurrent ? COLOURS.current : COLOURS.strip,
    ...(isCurrent ? { stroke: COLOURS.gold, lineWidth: 4 } : {}),
  });
  drawRoundRect(ctx, x, y, 10, h, 5, { fill: swatch.fill });

  drawPlayerToken(ctx, player.colour, x + 30, y + 27, 28);
  fittedText(ctx, player.name, x + 50, y + 27, { size: 22, weight: 'bold', colour: ink, maxWidth: w - 58 });

  // Whose turn it is, and who started the round.
  let chipX = x + 14;
  if (isCurrent)
    chipX += drawChip(ctx, t('shanghaien.board.to-move'), chipX, y + 63, { size: 22, fill: COLOURS.badge, ink: '#ffffff', height: 32, paddingX: 6 }).width + 4;
  if (view.startPlayer === seat)
    drawChip(ctx, t('shanghaien.board.starts'), chipX, y + 63, { size: 22, fill: '#5a4632', ink: '#ffffff', height: 32, paddingX: 6 });

  // The supply: six dice, the placed ones as empty outlines, those the last turn placed dashed.
  const supply = view.supply[seat] as number;
  const justPlaced = changes.seat === seat ? changes.placed.length : 0;
  const small = 24;
  for (let i = 0; i < DICE_PER_PLAYER; i++) {
    const cx = x + 20 + small / 2 + i * (small + 4);
    const cy = y + 100;
    if (i < supply) drawDie(ctx, cx, cy, small, 0, swatch.fill, swatch.ink);
    else if (i < supply + justPlaced) {
      ctx.save();
      ctx.setLineDash([4, 3]);
      drawRoundRect(ctx, cx - small / 2, cy - small / 2, small, small, 5, { stroke: isCurrent ? '#a07a10' : COLOURS.fresh, lineWidth: 2.5 });
      ctx.restore();
    } else drawRoundRect(ctx, cx - small / 2, cy - small / 2, small, small, 5, { stroke: isCurrent ? '#9c8a6a' : '#6b5a48', lineWidth: 2 });
  }
  drawText(ctx, t('shanghaien.board.supply', { count: supply }), x + 20, y + 128, { size: 22, weight: 'bold', colour: isCurrent ? ink : COLOURS.textDim });
  if (compact) return;

  // The roll: waiting to be placed, or the one the last turn placed from (the placed dice ringed).
  const rollY = y + 164;
  const die = 34;
  const diceX = x + w - 18 - die * 2 - 8;
  const own = changes.seat === seat;
  if (isCurrent && view.rolled) {
    fittedText(ctx, t('shanghaien.board.rolled'), x + 20, rollY, { size: 22, weight: 'bold', colour: ink, maxWidth: diceX - x - 24 });
    view.rolled.forEach((pips, i) => playerDie(ctx, diceX + die / 2 + i * (die + 8), rollY, die, pips, player.colour));
  } else if (own && changes.roll && changes.placed.length > 0) {
    fittedText(ctx, t('shanghaien.board.rolled'), x + 20, rollY, { size: 22, weight: 'bold', colour: ink, maxWidth: diceX - x - 24 });
    const used = usedDice(changes);
    changes.roll.forEach((pips, i) => {
      const cx = diceX + die / 2 + i * (die + 8);
      ctx.globalAlpha = used[i] ? 1 : 0.35;
      playerDie(ctx, cx, rollY, die, pips, player.colour);
      ctx.globalAlpha = 1;
      if (used[i]) drawFreshRing(ctx, cx - die / 2, rollY - die / 2, die, die, die * 0.2, 3);
    });
  }

  // The dirty trick: the one this turn played, ringed; else whether one was played this round.
  const trickY = y + h - 24;
  // The trick this turn played is history (the post tells it, and a ring marks it); one used earlier matters for the rest of the round.
  if (own && changes.trick) secondary('history', () => drawTrickChip(ctx, changes, x + 16, trickY, w - 26, t));
  else if (view.trickUsed[seat])
    drawChip(ctx, t('shanghaien.board.trick-used'), x + 18, trickY, {
      size: 22,
      fill: COLOURS.trick,
      ink: COLOURS.gold,
      border: COLOURS.gold,
      height: 32,
      paddingX: 9,
    });
}

/** Which of the turn's two dice went to the row: both after "place both", the changed one after ±1. */
function usedDice(changes: TurnChanges): [boolean, boolean] {
  const roll = changes.roll as [number, number];
  if (changes.trick?.effect === 'place-both') return [true, true];
  const placed = changes.trick?.effect === 'adjust' ? changes.trick.from : changes.placed[0];
  return roll[0] === placed ? [true, false] : [false, roll[1] === placed];
}

/** The trick of the turn: its picture (a flag for a joker) and what it did, ringed as new. */
function drawTrickChip(ctx: Ctx, changes: TurnChanges, x: number, cy: number, maxWidth: number, t: Translate): void {
  const trick = changes.trick;
  if (!trick) return;
  const label =
    trick.effect === 'adjust'
      ? t('shanghaien.board.adjusted', { from: trick.from, to: trick.to })
      : trick.effect === 'joker'
        ? t('shanghaien.board.joker-laid', { nation: t(`shanghaien.nation.${trick.nation}.many`) })
        : t(`shanghaien.board.trick.${trick.effect}`);
  const h = 32;
  drawRoundRect(ctx, x, cy - h / 2, maxWidth, h, 8, { fill: COLOURS.trick, stroke: COLOURS.gold, lineWidth: 2 });
  drawFreshRing(ctx, x, cy - h / 2, maxWidth, h, 8, 3);
  const icon = 28;
  if (trick.effect === 'joker') drawFlag(ctx, trick.nation, x + 5, cy - 9, 28, 18);
  else {
    drawRoundRect(ctx, x + 3, cy - icon / 2, icon, icon, 5, { fill: COLOURS.cream, stroke: OUTLINE, lineWidth: 1.5 });
    drawTrickIcon(ctx, trick.effect, x + 3 + icon / 2, cy, 27);
  }
  fittedText(ctx, label, x + icon + 9, cy + 1, { size: 18, weight: 'bold', colour: COLOURS.gold, maxWidth: maxWidth - icon - 13 });
}
