/**
 * What each Freibeuter action does to a copy of the state: boarding, the sea and Dutchman cards, the
 * encirclements they cause and their resolution, the draw, the next turn and the end of the game.
 */
import { rulesOf, type Seat } from '../../engine/index.js';
import type { DutchmanCard } from './cards.js';
import { movesTreasure, orderChoiceDue, orderChoices, orderMayMatter, resolveToken } from './resolution.js';
import { FIELD_POINTS, fieldIndex, fieldName, type FieldName, type Line } from './sea.js';
import {
  FIELD_TREASURE,
  boatsOn,
  isActive,
  isEncircled,
  piratesLeft,
  playerOf,
  withoutOne,
  type EndReason,
  type FreibeuterAction,
  type FreibeuterState,
  type Pile,
} from './state.js';
import { scoreOf, type Token } from './tokens.js';

function board(s: FreibeuterState, seat: Seat, point: number): void {
  const token = s.tokens[point] as Extract<Token, { kind: 'ship' }>;
  s.boarded[point] = seat;
  playerOf(s, seat).boats--;
  s.events.push({ type: 'boarded', seat, point, value: token.value });
  nextTurn(s);
}

function playSeaCard(s: FreibeuterState, seat: Seat, name: FieldName): void {
  const player = playerOf(s, seat);
  player.hand = { ...player.hand, sea: withoutOne(player.hand.sea, name) };
  s.seaDiscard = [...s.seaDiscard, name];
}

function place(s: FreibeuterState, seat: Seat, name: FieldName): void {
  playSeaCard(s, seat, name);
  const field = fieldIndex(name);
  // The sea is shared with the previous state (see cloneState): copy on write.
  s.sea = [...s.sea];
  s.sea[field] = [...boatsOn(s, field), seat];
  playerOf(s, seat).boats--;
  s.events.push({ type: 'placed', seat, field: name });
  encircle(s, field);
}

function takeTreasure(s: FreibeuterState, seat: Seat, name: FieldName): void {
  playSeaCard(s, seat, name);
  playerOf(s, seat).treasure += FIELD_TREASURE;
  s.events.push({ type: 'tookTreasure', seat, field: name, amount: FIELD_TREASURE });
  finishMove(s);
}

function placeDutchman(s: FreibeuterState, seat: Seat, line: Line, name: FieldName): void {
  const player = playerOf(s, seat);
  player.hand = { ...player.hand, dutchman: withoutOne(player.hand.dutchman, line) };
  s.dutchmanDiscard = [...s.dutchmanDiscard, line];
  const field = fieldIndex(name);
  s.dutchman = field;
  s.events.push({ type: 'dutchmanPlaced', seat, line, field: name });
  encircle(s, field);
}

/** The field just filled: every token around it that is now encircled is resolved. */
function encircle(s: FreibeuterState, field: number): void {
  const points = (FIELD_POINTS[field] as readonly number[]).filter((point) => isEncircled(s, point));
  if (points.length > 0) s.events.push({ type: 'encircled', points: [...points] });
  s.pending = points;
  settle(s);
}

/**
 * The pending tokens: when their order changes the outcome, the active player chooses it (and is
 * told only once, should the choices change while he thinks); otherwise they resolve in board
 * order and the move ends.
 */
export function settle(s: FreibeuterState): void {
  // Kept for games opened under version 1.
  if (rulesOf(s) < 2) return continueResolution(s);
  // Computing every order is costly and needless with fewer than two tokens that can change anything.
  if (isActive(s, s.current) && orderMayMatter(s) && orderChoices(s).length > 1) {
    if (s.phase !== 'order') s.events.push({ type: 'orderChoice', seat: s.current, points: [...s.pending] });
    s.phase = 'order';
    return;
  }
  resolveInOrder(s, s.pending);
}

function resolveInOrder(s: FreibeuterState, order: readonly number[]): void {
  s.pending = [];
  for (const point of order) resolveToken(s, point);
  finishMove(s);
}

/**
 * Kept for games opened under version 1: resolves the pending tokens in board order, stopping for
 * the active player's choice while payments by two payers are due; then ends the move.
 */
function continueResolution(s: FreibeuterState): void {
  while (s.pending.length > 0) {
    if (isActive(s, s.current) && orderChoiceDue(s)) {
      const quiet = s.pending.filter((point) => !movesTreasure(s, point));
      s.pending = s.pending.filter((point) => movesTreasure(s, point));
      for (const point of quiet) resolveToken(s, point);
      s.phase = 'order';
      s.events.push({ type: 'orderChoice', seat: s.current, points: [...s.pending] });
      return;
    }
    const point = s.pending[0] as number;
    s.pending = s.pending.slice(1);
    resolveToken(s, point);
  }
  finishMove(s);
}

/** Kept for games opened under version 1: the chosen token, then on as before. */
function resolveChosen(s: FreibeuterState, point: number): void {
  s.pending = s.pending.filter((p) => p !== point);
  resolveToken(s, point);
  continueResolution(s);
}

/** After the encirclements: the Dutchman leaves the sea, the game may end, else the draw. */
function finishMove(s: FreibeuterState): void {
  if (s.dutchman !== null) {
    s.events.push({ type: 'dutchmanRemoved', field: fieldName(s.dutchman) });
    s.dutchman = null;
  }
  if (piratesLeft(s) === 0) return endGame(s, 'pirateTreasures', null);
  if (!isActive(s, s.current)) return nextTurn(s);
  const hand = playerOf(s, s.current).hand;
  if (hand.sea.length > 0 && s.dutchmanPile.length > 0) {
    s.phase = 'draw';
    return;
  }
  draw(s, 'sea', true);
}

/** Back to five cards; a sea card from an empty pile ends the game. */
function draw(s: FreibeuterState, pile: Pile, forced: boolean): void {
  const seat = s.current;
  const player = playerOf(s, seat);
  const hand = player.hand;
  if (pile === 'sea') {
    const card = s.seaPile[s.seaPile.length - 1];
    if (card === undefined) return endGame(s, 'seaPileEmpty', seat);
    s.seaPile = s.seaPile.slice(0, -1);
    player.hand = { ...hand, sea: [...hand.sea, card] };
    s.events.push({ type: 'drew', seat, pile, card, forced });
  } else {
    const card = s.dutchmanPile[s.dutchmanPile.length - 1] as DutchmanCard;
    s.dutchmanPile = s.dutchmanPile.slice(0, -1);
    player.hand = { ...hand, dutchman: [...hand.dutchman, card] };
    s.events.push({ type: 'drew', seat, pile, card, forced });
  }
  nextTurn(s);
}

/** The next player who is still in the game; with no boat in supply the game ends instead. */
export function nextTurn(s: FreibeuterState): void {
  let seat = s.current;
  do seat = (seat + 1) % s.seats;
  while (!isActive(s, seat));
  s.current = seat;
  s.turn++;
  s.pending = [];
  if (playerOf(s, seat).boats === 0) return endGame(s, 'noBoats', seat);
  s.phase = 'turn';
  s.events.push({ type: 'turnStarted', seat, turn: s.turn });
}

export function endGame(s: FreibeuterState, reason: EndReason, seat: Seat | null): void {
  s.phase = 'over';
  s.pending = [];
  s.dutchman = null;
  s.end = { reason, seat };
  s.events.push({ type: 'gameOver', reason, seat, scores: scores(s) });
}

export function perform(s: FreibeuterState, seat: Seat, action: FreibeuterAction): void {
  switch (action.type) {
    case 'board':
      return board(s, seat, action.point);
    case 'place':
      return place(s, seat, action.field);
    case 'takeTreasure':
      return takeTreasure(s, seat, action.field);
    case 'dutchman':
      return placeDutchman(s, seat, action.line, action.field);
    case 'order':
      return resolveInOrder(s, action.points);
    case 'resolve':
      return resolveChosen(s, action.point);
    case 'draw':
      s.phase = 'turn';
      return draw(s, action.pile, false);
  }
}

export function scores(s: FreibeuterState): number[] {
  return s.players.map((p) => scoreOf(p, s.doubles));
}
