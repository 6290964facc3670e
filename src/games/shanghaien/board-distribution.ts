/**
 * After a shanghai: who ended the round, and for each card of the row (where it lay, with its
 * number) the dice of each player at it, who got it and why. The cards stand in their table
 * columns, above the same columns of the new row.
 */
import type { Translate } from '../../i18n/index.js';
import { OUTLINE, PLAYER_HEX, drawPlayerMark, drawRoundRect, drawText, secondary, textWidth, type BoardPlayer } from '../../render/index.js';
import { SMALL_H, SMALL_W, drawBadge, drawSmall } from './board-cards.js';
import type { TurnChanges } from './board-changes.js';
import { drawAnchor, drawPlayerToken } from './board-symbols.js';
import { CARD_GAP, CARD_W, COLOURS, EDGE, SIDE_W, SIDE_X, WIDTH, drawName, fittedText, slotX, type Ctx } from './board-theme.js';
import type { DistributedCard } from './rules.js';

export const DISTRIBUTION_H = 222;

type Distribution = NonNullable<TurnChanges['distribution']>;

export function drawDistribution(ctx: Ctx, distribution: Distribution, players: BoardPlayer[], y0: number, t: Translate): void {
  drawRoundRect(ctx, EDGE, y0, WIDTH - 2 * EDGE, DISTRIBUTION_H, 18, { fill: '#241a12', stroke: COLOURS.gold, lineWidth: 3 });

  // Who ended which round, in the side column.
  const shanghaier = players[distribution.seat] as BoardPlayer;
  drawAnchor(ctx, SIDE_X + 22, y0 + 40, 40, COLOURS.gold);
  fittedText(ctx, t('shanghaien.board.round-over', { round: distribution.round }), SIDE_X + 44, y0 + 40, {
    size: 24,
    weight: 'bold',
    colour: COLOURS.gold,
    maxWidth: SIDE_W - 46,
  });
  // Who ended the round and who got which card and why: what the post of the turn tells in words;
  // the crews below show where the cards went.
  secondary('history', () => {
    fittedText(ctx, t('shanghaien.board.shanghaied-by'), SIDE_X + 8, y0 + 88, { size: 20, weight: 'bold', colour: COLOURS.textDim, maxWidth: SIDE_W - 12 });
    for (const claim of distribution.cards) drawClaim(ctx, claim, players, y0, t);
  });
  drawPlayerToken(ctx, shanghaier.colour, SIDE_X + 22, y0 + 124, 28, COLOURS.cream);
  drawName(ctx, shanghaier.name, SIDE_X + 44, y0 + 124, { size: 22, colour: COLOURS.text, maxWidth: SIDE_W - 50 });
}

function drawClaim(ctx: Ctx, claim: DistributedCard, players: BoardPlayer[], y0: number, t: Translate): void {
  const cx = slotX(claim.index) + CARD_W / 2;
  const cardX = cx - SMALL_W / 2;
  const cardTop = y0 + 16;
  drawSmall(ctx, claim.card, cardX, cardTop);
  drawBadge(ctx, cardX - 4, cardTop + 4, 17, claim.position);
  if (claim.to === null) {
    // Struck out: the card leaves the game.
    ctx.save();
    ctx.strokeStyle = 'rgba(20,14,10,0.85)';
    ctx.lineWidth = 7;
    ctx.lineCap = 'round';
    ctx.beginPath();
    ctx.moveTo(cardX + 8, cardTop + 8);
    ctx.lineTo(cardX + SMALL_W - 8, cardTop + SMALL_H - 8);
    ctx.moveTo(cardX + SMALL_W - 8, cardTop + 8);
    ctx.lineTo(cardX + 8, cardTop + SMALL_H - 8);
    ctx.stroke();
    ctx.restore();
  }

  // Each player's dice at the card: his token and the count.
  const diceY = cardTop + SMALL_H + 20;
  [0, 1].forEach((seat) => {
    const count = claim.dice[seat] as number;
    const left = cx - 62 + seat * 66;
    ctx.globalAlpha = count > 0 ? 1 : 0.4;
    drawPlayerToken(ctx, (players[seat] as BoardPlayer).colour, left + 12, diceY, 22, COLOURS.cream);
    drawText(ctx, `×${count}`, left + 26, diceY + 1, { size: 21, weight: 'bold', colour: COLOURS.text });
    ctx.globalAlpha = 1;
  });

  // Who got it: a chip in his colour with his mark; "removed" in grey.
  const chipY = diceY + 34;
  const room = CARD_W + CARD_GAP - 6;
  if (claim.to === null) {
    fittedChip(ctx, t('shanghaien.board.removed'), cx, chipY, room, '#5b5249', '#ffffff', null);
  } else {
    const winner = players[claim.to] as BoardPlayer;
    fittedChip(ctx, winner.name, cx, chipY, room, PLAYER_HEX[winner.colour].fill, PLAYER_HEX[winner.colour].ink, winner.colour);
  }
  const pips = claim.neighbourPips;
  const reason =
    claim.reason === 'neighbour-pips' || claim.reason === 'tie'
      ? t(`shanghaien.board.reason.${claim.reason}`, { a: pips?.[0] ?? 0, b: pips?.[1] ?? 0 })
      : t(`shanghaien.board.reason.${claim.reason}`);
  fittedText(ctx, reason, cx, chipY + 31, { size: 18, weight: 'bold', colour: COLOURS.textDim, align: 'center', maxWidth: room });
}

/** A centred chip no wider than `room`, with the player's mark before the text when there is a player. */
function fittedChip(ctx: Ctx, text: string, cx: number, cy: number, room: number, fill: string, ink: string, mark: BoardPlayer['colour'] | null): void {
  const size = 19;
  const h = 30;
  const icon = mark ? 20 : 0;
  const width = Math.min(room, textWidth(ctx, text, size, 'bold') + 24 + icon);
  const left = cx - width / 2;
  drawRoundRect(ctx, left, cy - h / 2, width, h, h / 2, { fill, stroke: OUTLINE, lineWidth: 2 });
  if (mark) drawPlayerMark(ctx, mark, left + 12 + 7, cy, 7);
  fittedText(ctx, text, left + 12 + icon, cy + 1, { size, weight: 'bold', colour: ink, maxWidth: width - 24 - icon });
}
