/**
 * The Freibeuter board image, 1200 x 880: the header (turn and who is to act, or the result),
 * the sea on the left with its boats, tokens and the marks of the last turn, and on the right one
 * card per player, the piles and, when there is room, a legend. Drawn from a spectator's view
 * only: no hand ever reaches it. The parts are in the board-*.ts files beside this one.
 */
import type { Translate } from '../../i18n/index.js';
import { encodePng, newBoardCanvas, type BoardPlayer } from '../../render/index.js';
import { PLAYER_HEX } from '../../render/palette.js';
import type { RoundTurn } from '../presenter.js';
import { changesOf, drawBoardedRings, drawPlayedFields, drawSeaChanges, roundCardChanges, type TurnChanges } from './board-changes.js';
import { drawHeader } from './board-header.js';
import { drawInfo, drawLegend } from './board-info.js';
import { GAP, HEIGHT, INFO_H, WIDTH } from './board-layout.js';
import { drawPlayerCards } from './board-players.js';
import { drawBoats, drawStaticLayer, drawTokens } from './board-sea.js';
import type { FreibeuterView } from './rules.js';

export type { BoardPlayer };

/**
 * Draws the board as a PNG; `players[seat]` gives each seat's name and colour. `earlier` are the
 * turns before the last one of the round a post covers: marked in their players' colours.
 */
export async function renderFreibeuterBoard(
  view: FreibeuterView,
  players: BoardPlayer[],
  t: Translate,
  earlier: readonly RoundTurn<FreibeuterView>[] = [],
): Promise<Buffer> {
  if (players.length !== view.seats) throw new RangeError(`Freibeuter is drawn for ${view.seats} players, got ${players.length}`);
  const canvas = newBoardCanvas(WIDTH, HEIGHT);
  const ctx = canvas.getContext('2d');
  const changes = changesOf(view);
  // Oldest first, the last turn's in white over them all.
  const marks: { view: FreibeuterView; changes: TurnChanges; colour: string | undefined }[] = [
    ...earlier.map((turn) => ({ view: turn.view, changes: changesOf(turn.view), colour: colourOf(players, turn.seat) })),
    { view, changes, colour: undefined },
  ];
  drawStaticLayer(ctx);
  drawHeader(ctx, view, players, t);
  // The round's marks: the played fields lit under the boats and framed over them, the rest over the tokens.
  for (const m of marks) drawPlayedFields(ctx, m.changes, 'under', m.colour);
  drawBoats(ctx, view, players);
  for (const m of marks) drawPlayedFields(ctx, m.changes, 'over', m.colour);
  for (const m of marks) drawBoardedRings(ctx, m.changes, m.colour);
  drawTokens(ctx, view, players);
  for (const m of marks) drawSeaChanges(ctx, m.view, players, m.changes, m.colour);
  const y = drawPlayerCards(ctx, view, players, roundCardChanges(marks.map((m) => m.changes)), t);
  drawInfo(ctx, view, y, t);
  drawLegend(ctx, y + INFO_H + GAP, t);
  return encodePng(canvas);
}

/** A seat's colour as marks draw it; undefined (white) for a seat without one. */
function colourOf(players: BoardPlayer[], seat: number): string | undefined {
  const player = players[seat];
  return player ? PLAYER_HEX[player.colour].fill : undefined;
}
