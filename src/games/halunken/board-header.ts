/**
 * The header: the game's name, the round and the variant; on the final board the result instead
 * of the name (who won, with what), so that it never covers the table.
 */
import type { CanvasRenderingContext2D } from 'canvas';
import type { Translate } from '../../i18n/index.js';
import { drawChip, drawPawn, drawText, pawnWidth, textWidth, type BoardPlayer } from '../../render/index.js';
import type { HalunkenView } from './rules.js';
import { COLOURS, HEADER_H, WIDTH } from './board-layout.js';
import { cutToWidth } from './board-text.js';

type Ctx = CanvasRenderingContext2D;

/** The seats with the best total among those still playing: the winners once the game is over. */
export function winnersOf(view: HalunkenView): number[] {
  const live = view.totals.map((total, seat) => ({ seat, total })).filter(({ seat }) => !view.resigned[seat]);
  const best = Math.max(...live.map((x) => x.total));
  return live.filter((x) => x.total === best).map((x) => x.seat);
}

function drawResult(ctx: Ctx, view: HalunkenView, players: BoardPlayer[], t: Translate, right: number): void {
  const cy = HEADER_H / 2;
  const winners = winnersOf(view);
  let x = 24;
  if (winners.length === 0) {
    drawText(ctx, t('halunken.board.game-over'), x, cy, { size: 28, weight: 'bold', colour: COLOURS.gold });
    return;
  }
  // The winners' pawns, each with its player's shape.
  for (const seat of winners.slice(0, 4)) {
    drawPawn(ctx, x + pawnWidth(42) / 2, cy + 22, 42, (players[seat] as BoardPlayer).colour);
    x += pawnWidth(42) + 6;
  }
  x += 8;
  const score = view.totals[winners[0] as number] ?? 0;
  const room = right - x - 16;
  // The winners as they are called ("Bot Bram", never "Bram": two winners must not look alike),
  // at 28 px, else 24; only then each name cut to a share of the room, the rest of the line whole.
  const line = (names: string[]) =>
    names.length === 1 ? t('halunken.board.winner', { player: names[0] as string, score }) : t('halunken.board.winners', { players: names.join(' & '), score });
  const names = winners.map((seat) => (players[seat] as BoardPlayer).name);
  const size = textWidth(ctx, line(names), 28, 'bold') <= room ? 28 : 24;
  let text = line(names);
  if (textWidth(ctx, text, size, 'bold') > room) {
    const share = (room - textWidth(ctx, line(names.map(() => '')), size, 'bold')) / names.length;
    text = line(names.map((name) => cutToWidth(ctx, name, size, share)));
  }
  drawText(ctx, text, x, cy + 1, { size, weight: 'bold', colour: COLOURS.gold });
}

export function drawHeader(ctx: Ctx, view: HalunkenView, players: BoardPlayer[], t: Translate): void {
  ctx.fillStyle = COLOURS.header;
  ctx.fillRect(0, 0, WIDTH, HEADER_H);
  const cy = HEADER_H / 2;
  const variant = t(
    view.variant === 'beginner' ? 'halunken.board.variant.beginner' : view.twoPlayer ? 'halunken.board.variant.two' : 'halunken.board.variant.standard',
  );
  const variantChip = drawChip(ctx, variant, WIDTH - 20, cy, { size: 22, fill: '#24304a', ink: COLOURS.text, align: 'right' });
  if (view.over) {
    drawResult(ctx, view, players, t, variantChip.x);
    return;
  }
  let x = 22;
  x += drawText(ctx, t('game.halunken.name'), x, cy, { size: 28, weight: 'bold', colour: COLOURS.text }) + 16;
  const round = view.round === 0 ? t('halunken.board.setup') : t('halunken.board.round', { round: view.round, rounds: view.rounds });
  x += drawChip(ctx, round, x, cy, { size: 22, fill: COLOURS.gold, ink: COLOURS.ink }).width + 10;
  if (view.games > 1) drawChip(ctx, t('halunken.board.game', { game: view.game, games: view.games }), x, cy, { size: 22, fill: '#f59a86', ink: COLOURS.ink });
}
