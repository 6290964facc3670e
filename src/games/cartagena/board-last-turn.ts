/**
 * The strip under the tunnel that says what the last turn did, in order: each card played with
 * the pirate's move, each move back with the cards it drew (only their number in Jamaica, where
 * they are secret). The tunnel marks the same moves with ghosts and gold.
 */
import type { Translate } from '../../i18n/index.js';
import { OUTLINE, drawArrow, drawNameLines, drawRoundRect, drawText, setName, textWidth, type BoardPlayer } from '../../render/index.js';
import { SHIP, START, type CartagenaSymbol, type CartagenaView, type LastMoves } from './rules.js';
import { drawCardBack } from './board-header.js';
import { drawPirate, drawSymbolTile } from './board-sprites.js';
import { COLOURS, LAST_TURN_H, WIDTH, type Ctx } from './board-layout.js';

type Piece = { kind: 'card'; symbol: CartagenaSymbol; size: number } | { kind: 'text'; text: string } | { kind: 'back' } | { kind: 'hidden-card' };

const TEXT_SIZE = 22;
const PIECE_GAP = 7;
const MOVE_GAP = 30;

function pieceWidth(ctx: Ctx, piece: Piece): number {
  switch (piece.kind) {
    case 'card':
      return piece.size;
    case 'text':
      return textWidth(ctx, piece.text, TEXT_SIZE, 'bold');
    case 'back':
      return 34;
    case 'hidden-card':
      return 22;
  }
}

function drawPiece(ctx: Ctx, piece: Piece, x: number, cy: number): void {
  switch (piece.kind) {
    case 'card':
      drawSymbolTile(ctx, piece.symbol, x + piece.size / 2, cy, piece.size);
      return;
    case 'text':
      drawText(ctx, piece.text, x, cy + 1, { size: TEXT_SIZE, weight: 'bold', colour: COLOURS.text });
      return;
    case 'back':
      // A move back: an arrow pointing against the tunnel's direction.
      drawArrow(ctx, x + 34, cy, x, cy, { width: 9, colour: COLOURS.gold, outline: OUTLINE });
      return;
    case 'hidden-card':
      drawCardBack(ctx, x, cy - 15, 22, 30);
  }
}

/** Each move as pieces: "[card] 4 → 9", "[back] 14 → 11 +2 [card back]". */
function movePieces(lastMoves: LastMoves, t: Translate): Piece[][] {
  const place = (p: number) => (p === START ? t('cartagena.board.start') : p === SHIP ? t('cartagena.board.ship') : String(p));
  return lastMoves.moves.map((move) => {
    const route: Piece = { kind: 'text', text: `${place(move.from)} → ${place(move.to)}` };
    if (move.type === 'forward') return [{ kind: 'card', symbol: move.card, size: 38 }, route];
    const pieces: Piece[] = [{ kind: 'back' }, route];
    if (move.drew.length > 0) pieces.push({ kind: 'text', text: '+' }, ...move.drew.map((symbol): Piece => ({ kind: 'card', symbol, size: 30 })));
    else if (move.drawCount > 0) pieces.push({ kind: 'text', text: `+${move.drawCount}` }, { kind: 'hidden-card' });
    return pieces;
  });
}

/** The strip at y, when some turn has made a move; returns the height used. */
export function drawLastTurn(ctx: Ctx, view: CartagenaView, players: BoardPlayer[], y: number, t: Translate): number {
  const last = view.lastMoves;
  if (!last) return 0;
  const h = LAST_TURN_H - 10;
  const cy = y + h / 2;
  drawRoundRect(ctx, 20, y, WIDTH - 40, h, 10, { fill: COLOURS.stripFill });
  // "This turn" while the player is still at it (a board asked for mid-turn), else "Last turn".
  const running = !view.over && last.turn === view.turn;
  let x = 36;
  x += drawText(ctx, t(running ? 'cartagena.board.thisTurn' : 'cartagena.board.lastTurn'), x, cy, { size: 22, weight: 'bold', colour: COLOURS.textDim }) + 16;

  const player = players[last.seat] as BoardPlayer;
  drawPirate(ctx, x + 14, cy + 19, 38, player.colour);
  x += 36;

  const moves = movePieces(last, t);
  const movesWidth =
    moves.reduce((sum, pieces) => sum + pieces.reduce((w, p) => w + pieceWidth(ctx, p) + PIECE_GAP, 0) - PIECE_GAP, 0) + MOVE_GAP * moves.length;
  // The name takes what the moves leave, never less than a bot's name needs: it is never cut to
  // its given name ("Bram" for "Bot Bram"), which a person may have too.
  const nameRoom = Math.max(130, WIDTH - 40 - movesWidth - x);
  x += drawNameLines(ctx, setName(ctx, player.name, { size: 22, maxWidth: nameRoom }), x, cy, { colour: COLOURS.text, lineHeight: 0 });
  for (const pieces of moves) {
    x += MOVE_GAP;
    pieces.forEach((piece, i) => {
      if (i > 0) x += PIECE_GAP;
      drawPiece(ctx, piece, x, cy);
      x += pieceWidth(ctx, piece);
    });
  }
  return LAST_TURN_H;
}
