import { z } from 'zod';
import {
  IllegalAction,
  allSeats,
  randomInt,
  rankSeats,
  rulesOf,
  seedRng,
  shuffleInPlace,
  type GameDefinition,
  type GameResult,
  type Seat,
} from '../../engine/index.js';
import { legalActions, listedAction } from './actions.js';
import { HAND_DUTCHMAN, HAND_SEA, dutchmanDeck, seaDeck, type DutchmanCard } from './cards.js';
import { determinize } from './determinize.js';
import { estimate } from './estimate.js';
import { playoutAction } from './playout.js';
import { undoable } from './undo.js';
import { movesTreasure, orderChoiceDue, orderChoices, orderMayMatter, resolveToken } from './resolution.js';
import { FIELD_COUNT, FIELD_POINTS, fieldIndex, fieldName, type FieldName, type Line } from './sea.js';
import {
  activeSeats,
  boatsOn,
  cloneState,
  earlierSteps,
  isActive,
  isEncircled,
  isOver,
  piratesLeft,
  playerOf,
  toAct,
  withoutOne,
  type EndReason,
  type FreibeuterAction,
  type FreibeuterState,
  type Pile,
  type PlayerState,
} from './state.js';
import { scoreOf, tokenSet, type Token } from './tokens.js';
import { view, type FreibeuterView } from './view.js';
import { turnEnded } from './turn-end.js';

export * from './cards.js';
export * from './sea.js';
export * from './tokens.js';
export * from './state.js';
export { orderChoices, outcomeKey, type OrderChoice, type OrderOutcome } from './resolution.js';
export * from './view.js';

/*
 * Freibeuter (2-4 players). Pirates put boats on a 7 x 7 sea with sea cards and board the ships
 * lying between the fields; a ship whose four fields are all taken is encircled, and its boarder
 * takes it after paying everyone who helped. The rules as the project decided them are in
 * shared/rules/NOTES.md, section 2; the decisions this engine adds where the rules are silent:
 *
 * - A turn is one main action ('board', 'place', 'takeTreasure' or 'dutchman'), then, when the
 *   move encircled tokens whose order matters, one 'order', then one 'draw' when the draw is a
 *   real choice. A forced draw (no sea card left in hand, or the Dutchman pile empty) is made by
 *   the engine at once. No other action is taken for a player, even when he has only one.
 * - Board order of the points is row by row, left to right (point 0 = A1-B2 .. point 35 =
 *   F6-G7); simultaneous encirclements with no choice resolve in that order.
 * - The order choice (NOTES: whenever two orders end differently for anyone): every order of the
 *   encircled tokens is computed; two end the same when every player ends with the same treasure,
 *   the same sum borrowed in as many loans (each is repaid double, so their split does not count)
 *   and the same boats lost as markers. One 'order' action is offered per distinct outcome (the
 *   first such order in board order); with a single outcome the tokens resolve in board order
 *   without asking. See `orderChoices` (resolution.ts).
 * - Every token a move encircles is resolved, even after the last pirate treasure; then the game
 *   ends (the Dutchman leaves the sea first, and nobody draws).
 * - Drawing a sea card from an empty sea pile by choice (while the Dutchman pile still has cards
 *   and the hand holds a sea card) is offered: it ends the game, as NOTES says.
 * - Played cards lie face up on two discard piles; they never come back (the game ends when the
 *   sea pile is used up, and an empty Dutchman pile only means drawing sea cards).
 * - One loan per capture: the shortfall of that capture's payment; one marker boat per loan.
 *   Within one capture the helpers are paid in seat order from the boarder's left.
 * - A field's capacity (1 on the border, 2 inside) is checked besides the card counts, which
 *   already keep it; a full field only offers the 2 treasure.
 * - A player who leaves (`resign`): his boats on the sea stay where they are and still count for
 *   encircling, but he is neither paid for them nor given pirate treasure any more (like the
 *   Dutchman). His boats on ships go back to his supply, so those ships are unboarded again (an
 *   encircled one escapes). His hand is set aside face down, out of play. If it was his turn, the
 *   turn passes on (tokens his move encircled still resolve, in board order). The game ends when
 *   one player is left; players who left rank below everyone who stayed.
 * - `result` scores every seat with the final formula, players who left included.
 * - Undo (`undoable`, undo.ts): a card played and an order chosen may be taken back while the
 *   player still has to choose an order or his pile; boarding, every draw and the end stand.
 * - Choice sizes: 'board' lists every unboarded ship (28 at the start of a game, so a presenter
 *   pages that one list); sea cards give at most 5 'place'/'takeTreasure' choices (one per
 *   distinct card), 'order' at most 24 (4 tokens), 'draw' 2, 'dutchman' at most 7 per Dutchman
 *   card held.
 * - Rules version 1 (games opened before version 2 keep it): the choice came only with payments
 *   by two different payers, one token at a time ('resolve'), after the tokens that move no
 *   treasure had resolved in board order, for as long as two payers were left.
 */

/** The current rules version: 2 lets the mover choose whenever the order changes the outcome. */
export const RULES_VERSION = 2;

export const BOATS = 25;
export const START_TREASURE = 20;
/** Treasure taken instead of putting a second boat on a field. */
export const FIELD_TREASURE = 2;

export const freibeuterOptions = z.object({});
export type FreibeuterOptions = z.infer<typeof freibeuterOptions>;

// ---------------------------------------------------------------------------------------------
// Setup

function setup({ seats, seed, rulesVersion }: { seats: number; seed: string; options: FreibeuterOptions; rulesVersion?: number }): FreibeuterState {
  if (!Number.isInteger(seats) || seats < 2 || seats > 4) throw new RangeError('Freibeuter needs 2 to 4 players');
  const rng = seedRng(seed);
  const tokens = shuffleInPlace(rng, tokenSet());
  const seaPile = shuffleInPlace(rng, seaDeck());
  const dutchmanPile = shuffleInPlace(rng, dutchmanDeck());
  const players = allSeats(seats).map(
    (): PlayerState => ({
      treasure: START_TREASURE,
      boats: BOATS,
      lost: 0,
      ships: [],
      loans: [],
      hand: {
        sea: seaPile.splice(seaPile.length - HAND_SEA, HAND_SEA),
        dutchman: dutchmanPile.splice(dutchmanPile.length - HAND_DUTCHMAN, HAND_DUTCHMAN),
      },
      resigned: false,
    }),
  );
  const current = randomInt(rng, seats);
  return {
    rules: rulesVersion ?? RULES_VERSION,
    seats,
    rng,
    sea: Array.from({ length: FIELD_COUNT }, () => []),
    tokens,
    boarded: tokens.map(() => null),
    dutchman: null,
    seaPile,
    dutchmanPile,
    seaDiscard: [],
    dutchmanDiscard: [],
    setAside: { sea: [], dutchman: [] },
    doubles: [],
    escaped: [],
    players,
    current,
    turn: 1,
    phase: 'turn',
    pending: [],
    end: null,
    events: [{ type: 'turnStarted', seat: current, turn: 1 }],
  };
}

// ---------------------------------------------------------------------------------------------
// Applying actions

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
function settle(s: FreibeuterState): void {
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
function nextTurn(s: FreibeuterState): void {
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

function endGame(s: FreibeuterState, reason: EndReason, seat: Seat | null): void {
  s.phase = 'over';
  s.pending = [];
  s.dutchman = null;
  s.end = { reason, seat };
  s.events.push({ type: 'gameOver', reason, seat, scores: scores(s) });
}

function perform(s: FreibeuterState, seat: Seat, action: FreibeuterAction): void {
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

function apply(s: FreibeuterState, seat: Seat, action: FreibeuterAction): FreibeuterState {
  const listed = listedAction(s, seat, action);
  if (!listed) throw new IllegalAction(`not a legal Freibeuter action for seat ${seat}: ${JSON.stringify(action)}`);
  const next = cloneState(s);
  next.earlier = earlierSteps(s);
  perform(next, seat, listed);
  return next;
}

/** A player leaves; see the header for what happens to his boats and cards. */
function resign(s: FreibeuterState, seat: Seat): FreibeuterState {
  if (isOver(s) || !Number.isInteger(seat) || seat < 0 || seat >= s.seats || !isActive(s, seat)) {
    throw new IllegalAction(`seat ${seat} cannot resign now`);
  }
  const next = cloneState(s);
  next.earlier = earlierSteps(s);
  const player = playerOf(next, seat);
  player.resigned = true;
  let boatsBack = 0;
  next.boarded.forEach((owner, point) => {
    if (owner !== seat) return;
    next.boarded[point] = null;
    boatsBack++;
  });
  player.boats += boatsBack;
  next.setAside = {
    sea: [...next.setAside.sea, ...player.hand.sea],
    dutchman: [...next.setAside.dutchman, ...player.hand.dutchman],
  };
  player.hand = { sea: [], dutchman: [] };
  next.events.push({ type: 'resigned', seat, boatsBack });
  const left = activeSeats(next);
  if (left.length === 1) {
    endGame(next, 'lastPlayer', left[0] as Seat);
    return next;
  }
  if (next.phase === 'order') settle(next);
  else if (next.current === seat) nextTurn(next);
  return next;
}

function scores(s: FreibeuterState): number[] {
  return s.players.map((p) => scoreOf(p, s.doubles));
}

/** Highest score first, ties sharing the place; players who left rank below all who stayed. */
function result(s: FreibeuterState): GameResult | null {
  if (!isOver(s)) return null;
  const all = scores(s);
  const ranking = rankSeats(
    allSeats(s.seats),
    (a, b) => Number(!isActive(s, a)) - Number(!isActive(s, b)) || (all[b] as number) - (all[a] as number),
  );
  return { scores: all, ranking };
}

export const freibeuter: GameDefinition<FreibeuterState, FreibeuterAction, FreibeuterOptions, FreibeuterView> = {
  id: 'freibeuter',
  rulesVersion: RULES_VERSION,
  minSeats: 2,
  maxSeats: 4,
  options: freibeuterOptions,
  setup,
  toAct,
  legalActions,
  apply,
  turnEnded,
  view,
  isOver,
  result,
  resign,
  determinize,
  undoable,
  playoutAction,
  estimate,
  playoutSteps: 40,
};
