/**
 * The band above the sea: the game's name and turn, and who is to act and what he does; on the
 * final board the result instead (the winners with their score, and why the game ended), so that
 * nothing is drawn over the sea.
 */
import type { Translate } from '../../i18n/index.js';
import { OUTLINE, PLAYER_HEX, drawChip, drawPlayerMark, secondary, shortName, textWidth, type BoardPlayer } from '../../render/index.js';
import { COLOURS, HEADER_H, WIDTH, drawLabel, type Ctx } from './board-layout.js';
import { drawBadge } from './board-pieces.js';
import type { FreibeuterView } from './rules.js';

const RIGHT = WIDTH - 24;

export function drawHeader(ctx: Ctx, view: FreibeuterView, players: BoardPlayer[], t: Translate): void {
  const cy = HEADER_H / 2;
  let x = 22;
  x += drawLabel(ctx, t('game.freibeuter.name'), x, cy, { size: 30, colour: COLOURS.text }) + 18;
  if (view.over) return drawResult(ctx, view, players, t, x);
  x += drawChip(ctx, t('freibeuter.board.turn', { turn: view.turn }), x, cy, { size: 22, fill: COLOURS.gold, ink: COLOURS.ink }).width + 14;
  const player = players[view.current] as BoardPlayer;
  const key = view.phase === 'order' ? 'freibeuter.board.to-order' : view.phase === 'draw' ? 'freibeuter.board.to-draw' : 'freibeuter.board.to-move';
  const what = t(key);
  // The whole name (a name has at most 32 characters, which fit beside the rest).
  x += playerChip(ctx, player, x, cy, RIGHT - x - textWidth(ctx, what, 22, 'bold') - 12) + 12;
  drawLabel(ctx, what, x, cy, { size: 22, colour: COLOURS.text, maxWidth: RIGHT - x });
}

/**
 * A chip in the player's colour with his shape and his name as he has it ("Bot Bram", never
 * "Bram": a header names the player to act and the winners), cut only to fit `room`; returns its width.
 */
function playerChip(ctx: Ctx, player: BoardPlayer, x: number, cy: number, room: number): number {
  let name = player.name;
  for (let chars = [...name].length; chars > 4 && textWidth(ctx, name, 22, 'bold') + 60 > room; chars--) name = shortName(player.name, chars);
  const chip = drawChip(ctx, name, x, cy, {
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
  const won = t(best.length === 1 ? 'freibeuter.board.wins' : 'freibeuter.board.share', { score });
  // The winners by name where their whole names fit; else by their badges, which their cards below
  // carry beside their names (a cut name could leave two winners alike: "Bot B…").
  const room = RIGHT - left - textWidth(ctx, won, 24, 'bold') - 12;
  const chips = best.map((seat) => (players[seat] as BoardPlayer).name).reduce((sum, name) => sum + textWidth(ctx, name, 22, 'bold') + 70, 0);
  if (chips <= room) for (const seat of best) x += playerChip(ctx, players[seat] as BoardPlayer, x, cy, room) + 10;
  else
    for (const seat of best) {
      drawBadge(ctx, (players[seat] as BoardPlayer).colour, x + 18, cy, 18);
      x += 44;
    }
  x += drawLabel(ctx, won, x, cy, { size: 24, colour: COLOURS.gold, maxWidth: RIGHT - x }) + 24;
  // Why it ended, where room is left: the final post says it too.
  const reason = endReason(view, players, t);
  if (reason && RIGHT - x >= 160)
    secondary('history', () => drawLabel(ctx, reason, RIGHT, cy + 1, { size: 18, colour: COLOURS.textDim, align: 'right', maxWidth: RIGHT - x }));
}

function endReason(view: FreibeuterView, players: BoardPlayer[], t: Translate): string | null {
  const end = view.end;
  if (!end) return null;
  const player = end.seat === null ? '' : (players[end.seat]?.name ?? '');
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
