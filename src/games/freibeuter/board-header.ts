/**
 * The band above the sea: the game's name and turn, and who is to act and what he does; on the
 * final board the result instead (the winners with their score, and why the game ended), so that
 * nothing is drawn over the sea.
 */
import type { Translate } from '../../i18n/index.js';
import { OUTLINE, PLAYER_HEX, drawChip, drawPlayerMark, shortName, type BoardPlayer } from '../../render/index.js';
import { COLOURS, HEADER_H, WIDTH, drawLabel, type Ctx } from './board-layout.js';
import type { FreibeuterView } from './rules.js';

const RIGHT = WIDTH - 24;

export function drawHeader(ctx: Ctx, view: FreibeuterView, players: BoardPlayer[], t: Translate): void {
  const cy = HEADER_H / 2;
  let x = 22;
  x += drawLabel(ctx, t('game.freibeuter.name'), x, cy, { size: 30, colour: COLOURS.text }) + 18;
  if (view.over) return drawResult(ctx, view, players, t, x);
  x += drawChip(ctx, t('freibeuter.board.turn', { turn: view.turn }), x, cy, { size: 22, fill: COLOURS.gold, ink: COLOURS.ink }).width + 14;
  const player = players[view.current] as BoardPlayer;
  x += playerChip(ctx, player, x, cy, 20) + 12;
  const key = view.phase === 'order' ? 'freibeuter.board.to-order' : view.phase === 'draw' ? 'freibeuter.board.to-draw' : 'freibeuter.board.to-move';
  drawLabel(ctx, t(key), x, cy, { size: 22, colour: COLOURS.text, maxWidth: RIGHT - x });
}

/** A chip in the player's colour with his shape and name; returns its width. */
function playerChip(ctx: Ctx, player: BoardPlayer, x: number, cy: number, maxChars: number): number {
  const chip = drawChip(ctx, shortName(player.short ?? player.name, maxChars), x, cy, {
    size: 22,
    fill: PLAYER_HEX[player.colour].fill,
    ink: PLAYER_HEX[player.colour].ink,
    border: OUTLINE,
    iconWidth: 26,
  });
  drawPlayerMark(ctx, player.colour, chip.x + 24, cy, 10);
  return chip.width;
}

/** Winners of a finished game (ties share), among those who stayed. */
export function winners(view: FreibeuterView): number[] {
  const live = view.players.filter((p) => !p.resigned);
  const best = Math.max(...live.map((p) => p.score));
  return live.filter((p) => p.score === best).map((p) => p.seat);
}

function drawResult(ctx: Ctx, view: FreibeuterView, players: BoardPlayer[], t: Translate, left: number): void {
  const cy = HEADER_H / 2;
  const best = winners(view);
  const score = view.players[best[0] as number]?.score ?? 0;
  let x = left;
  for (const seat of best) x += playerChip(ctx, players[seat] as BoardPlayer, x, cy, best.length > 1 ? 12 : 22) + 10;
  const won = t(best.length === 1 ? 'freibeuter.board.wins' : 'freibeuter.board.share', { score });
  x += drawLabel(ctx, won, x, cy, { size: 26, colour: COLOURS.gold, maxWidth: RIGHT - x }) + 24;
  const reason = endReason(view, players, t);
  if (reason && RIGHT - x >= 140) drawLabel(ctx, reason, RIGHT, cy + 1, { size: 18, colour: COLOURS.textDim, align: 'right', maxWidth: RIGHT - x });
}

function endReason(view: FreibeuterView, players: BoardPlayer[], t: Translate): string | null {
  const end = view.end;
  if (!end) return null;
  const player = end.seat === null ? '' : shortName(players[end.seat]?.short ?? players[end.seat]?.name ?? '', 16);
  switch (end.reason) {
    case 'pirateTreasures':
      return t('freibeuter.board.end.pirates');
    case 'seaPileEmpty':
      return t('freibeuter.board.end.sea');
    case 'noBoats':
      return t('freibeuter.board.end.boats', { player });
    case 'lastPlayer':
      return t('freibeuter.board.end.last');
  }
}
