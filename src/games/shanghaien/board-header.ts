/**
 * The header: the game's name and round during play; at the end the result (who won, with what),
 * so that the final board's result never covers the table.
 */
import type { Translate } from '../../i18n/index.js';
import { drawChip, drawHeaderBand, drawRoundRect, shortName, textWidth, type BoardPlayer } from '../../render/index.js';
import { drawPlayerToken } from './board-symbols.js';
import { COLOURS, WIDTH, fittedText, type Ctx } from './board-theme.js';
import type { ShanghaienView } from './rules.js';

export const HEADER_H = 72;

/** The winning seats of a finished game: the one left after a resignation, else the best total (both on a draw). */
export function winnersOf(view: ShanghaienView): number[] {
  if (view.resigned !== null) return [1 - view.resigned];
  const totals = view.scoring?.totals ?? [0, 0];
  const best = Math.max(...totals);
  return [0, 1].filter((seat) => totals[seat] === best);
}

function drawResult(ctx: Ctx, view: ShanghaienView, players: BoardPlayer[], left: number, t: Translate): void {
  const cy = HEADER_H / 2;
  const [a, b] = (view.scoring?.totals ?? [0, 0]) as [number, number];
  const winners = winnersOf(view);
  // The names as the players have them ("Bot Bram", never "Bram"), cut only to leave the rest whole at 22 px.
  const right = WIDTH - 24;
  const tokens = winners.length * 40;
  const room = right - left - tokens - 12;
  const make = (cut: number) => {
    const name = (seat: number) => shortName((players[seat] as BoardPlayer).name, cut);
    if (view.resigned !== null) return t('shanghaien.board.resigned', { name: name(view.resigned), winner: name(1 - view.resigned) });
    if (winners.length > 1) return t('shanghaien.board.draw', { a, b });
    return t('shanghaien.board.winner', { name: name(winners[0] as number), a: Math.max(a, b), b: Math.min(a, b) });
  };
  let cut = 32;
  while (cut > 8 && textWidth(ctx, make(cut), 22, 'bold') > room) cut--;
  const text = make(cut);
  // Right-aligned, the winner's token (both on a draw) before the text.
  const width = fittedText(ctx, text, right, cy + 1, { size: 30, weight: 'bold', colour: COLOURS.gold, align: 'right', maxWidth: room });
  winners.forEach((seat, i) => {
    drawPlayerToken(ctx, (players[seat] as BoardPlayer).colour, right - width - 24 - i * 40, cy, 34, COLOURS.cream);
  });
}

export function drawHeader(ctx: Ctx, view: ShanghaienView, players: BoardPlayer[], t: Translate): void {
  const band = drawHeaderBand(ctx, {
    width: WIDTH,
    height: HEADER_H,
    fill: COLOURS.header,
    title: t('game.shanghaien.name'),
    titleSize: 32,
    titleColour: COLOURS.text,
  });
  const { cy } = band;
  let x = band.x;
  if (view.over) {
    x += drawChip(ctx, t('shanghaien.board.final'), x, cy, { size: 22, fill: COLOURS.gold, ink: COLOURS.currentInk }).width + 18;
    drawResult(ctx, view, players, x, t);
    ctx.fillStyle = COLOURS.gold;
    ctx.fillRect(0, HEADER_H - 4, WIDTH, 4);
    return;
  }
  drawChip(ctx, t('shanghaien.board.round', { round: view.round, rounds: view.rounds }), x, cy, { size: 22, fill: COLOURS.gold, ink: COLOURS.currentInk });
  const deck = drawChip(ctx, t('shanghaien.board.deck', { count: view.drawPileSize }), WIDTH - 24, cy, {
    size: 22,
    fill: '#3a2e24',
    ink: COLOURS.text,
    iconWidth: 28,
    align: 'right',
  });
  drawRoundRect(ctx, deck.x + 12, cy - 14, 20, 28, 4, { fill: '#7a2f25', stroke: COLOURS.gold, lineWidth: 2 });
}
