import {
  IllegalAction,
  nextSeat,
  rankSeats,
  allSeats,
  randomInt,
  removeOne,
  sameAction,
  seedRng,
  shuffleInPlace,
  type GameDefinition,
  type RngState,
  type Seat,
} from '../../engine/index.js';
import { backTarget, backTargetIn, forwardTarget, occupancies, occupancy } from './board.js';
import { drawCardsFor, layOutRow } from './cards.js';
import { determinize } from './determinize.js';
import { estimate } from './estimate.js';
import { undoable } from './undo.js';
import { turnEnded } from './turn-end.js';

import {
  ACTIONS_PER_TURN,
  CARDS_PER_SYMBOL,
  HAND_SIZE,
  PIRATES_PER_PLAYER,
  SHIP,
  SPACES,
  START,
  SYMBOLS,
  cartagenaOptions,
  isOver,
  type CartagenaAction,
  type CartagenaOptions,
  type CartagenaState,
  type CartagenaSymbol,
  type LastMoves,
} from './state.js';
import { view, type CartagenaView } from './view.js';

export { backTarget, forwardTarget, occupancy } from './board.js';
export * from './state.js';
export type { CartagenaView } from './view.js';

// ---------------------------------------------------------------------------------------------
// Setup

/** The current rules version; version 1 left a Tortuga row that could not be filled empty for good. */
const RULES_VERSION = 2;

function setup({ seats, seed, options, rulesVersion }: { seats: number; seed: string; options: CartagenaOptions; rulesVersion?: number }): CartagenaState {
  if (!Number.isInteger(seats) || seats < 2 || seats > 5) throw new RangeError('Cartagena needs 2 to 5 players');
  const rng = seedRng(seed);
  // Six segments, each holding every symbol once in a random order.
  const tunnel: CartagenaSymbol[] = [];
  for (let segment = 0; segment < SPACES / SYMBOLS.length; segment++) {
    tunnel.push(...shuffleInPlace(rng, [...SYMBOLS]));
  }
  const deck: CartagenaSymbol[] = [];
  for (const symbol of SYMBOLS) for (let i = 0; i < CARDS_PER_SYMBOL; i++) deck.push(symbol);
  shuffleInPlace(rng, deck);
  const hands = allSeats(seats).map(() => deck.splice(deck.length - HAND_SIZE, HAND_SIZE));
  const state: CartagenaState = {
    version: options.version,
    rules: rulesVersion ?? RULES_VERSION,
    seats,
    rng,
    tunnel,
    pirates: allSeats(seats).map(() => Array<number>(PIRATES_PER_PLAYER).fill(START)),
    hands,
    drawPile: deck,
    discardPile: [],
    row: [],
    current: randomInt(rng, seats),
    actionsThisTurn: 0,
    turn: 1,
    winner: null,
    resigned: allSeats(seats).map(() => false),
    stalemate: false,
    events: [],
  };
  if (state.version === 'tortuga') layOutRow(state);
  return state;
}

// ---------------------------------------------------------------------------------------------
// Legal actions

/** Each position once, ascending; a plain insertion, as a seat has only six pirates. */
function distinctPositions(positions: number[]): number[] {
  const distinct: number[] = [];
  for (const p of positions) {
    let i = distinct.length;
    while (i > 0 && (distinct[i - 1] as number) > p) i--;
    if (distinct[i - 1] !== p) distinct.splice(i, 0, p);
  }
  return distinct;
}

/** Moves (not counting "end turn") the seat could make now. */
function moves(s: CartagenaState, seat: Seat): CartagenaAction[] {
  const actions: CartagenaAction[] = [];
  const positions = distinctPositions(s.pirates[seat] as number[]);
  const hand = s.hands[seat] as CartagenaSymbol[];
  for (const card of SYMBOLS) {
    if (!hand.includes(card)) continue;
    for (const from of positions) if (from !== SHIP) actions.push({ type: 'forward', card, from });
  }
  const counts = occupancies(s);
  for (const from of positions) {
    if (from !== START && backTargetIn(counts, from) !== null) actions.push({ type: 'back', from });
  }
  return actions;
}

/** Whether `moves` would list anything, without listing. */
function canMove(s: CartagenaState, seat: Seat): boolean {
  const own = s.pirates[seat] as number[];
  if ((s.hands[seat] as CartagenaSymbol[]).length > 0 && own.some((p) => p !== SHIP)) return true;
  const counts = occupancies(s);
  return own.some((p) => p !== START && backTargetIn(counts, p) !== null);
}

function legalActions(s: CartagenaState, seat: Seat): CartagenaAction[] {
  if (isOver(s) || seat !== s.current) return [];
  const actions = moves(s, seat);
  if (s.actionsThisTurn > 0) actions.push({ type: 'end' });
  return actions;
}

/**
 * The action as `legalActions` would list it, or null when it lists nothing like it: found without
 * listing them all (apply's hot path). Whether the given action is that one is `sameAction`'s to say.
 */
function listedAction(s: CartagenaState, seat: Seat, action: CartagenaAction): CartagenaAction | null {
  if (isOver(s) || seat !== s.current || typeof action !== 'object' || action === null) return null;
  if (action.type === 'end') return s.actionsThisTurn > 0 ? { type: 'end' } : null;
  if (!(s.pirates[seat] as number[]).includes(action.from)) return null;
  if (action.type === 'forward') {
    return action.from !== SHIP && (s.hands[seat] as CartagenaSymbol[]).includes(action.card)
      ? { type: 'forward', card: action.card, from: action.from }
      : null;
  }
  return action.type === 'back' && action.from !== START && backTarget(s, action.from) !== null ? { type: 'back', from: action.from } : null;
}

// ---------------------------------------------------------------------------------------------
// Applying actions

// slice() rather than spread: this copy is most of the cost of an action.
function cloneState(s: CartagenaState): CartagenaState {
  return {
    ...s,
    rng: s.rng.slice() as RngState,
    pirates: s.pirates.map((p) => p.slice()),
    hands: s.hands.map((h) => h.slice()),
    drawPile: s.drawPile.slice(),
    discardPile: s.discardPile.slice(),
    row: s.row.slice(),
    resigned: s.resigned.slice(),
    events: [],
  };
}

function movePirate(s: CartagenaState, seat: Seat, from: number, to: number): void {
  const own = s.pirates[seat] as number[];
  own[own.indexOf(from)] = to;
}

/** Passes the turn on, skipping players who cannot do anything; ends in a stalemate if nobody can. */
function passTurn(s: CartagenaState, reason: 'ended' | 'three-actions' | 'no-action-left'): void {
  s.events.push({ type: 'turn-passed', seat: s.current, reason });
  s.actionsThisTurn = 0;
  for (let tried = 0; tried < s.seats; tried++) {
    s.current = nextSeat(s.current, s.seats);
    if (s.resigned[s.current]) continue;
    s.turn++;
    if (canMove(s, s.current)) return;
    s.events.push({ type: 'skipped', seat: s.current });
  }
  s.stalemate = true;
  s.events.push({ type: 'stalemate' });
}

/** Adds a move to the turn's moves, starting afresh at a turn's first move; a new object, so earlier states keep theirs. */
function noteMove(s: CartagenaState, move: LastMoves['moves'][number]): void {
  const same = s.lastMoves !== undefined && s.lastMoves.turn === s.turn;
  s.lastMoves = { turn: s.turn, seat: move.seat, moves: [...(same ? (s.lastMoves as LastMoves).moves : []), move] };
}

function apply(s: CartagenaState, seat: Seat, given: CartagenaAction): CartagenaState {
  const action = listedAction(s, seat, given);
  if (action === null || !sameAction(action, given)) {
    throw new IllegalAction(`not a legal Cartagena action for seat ${seat}: ${JSON.stringify(given)}`);
  }
  const next = cloneState(s);
  if (action.type === 'end') {
    passTurn(next, 'ended');
    return next;
  }
  if (action.type === 'forward') {
    const to = forwardTarget(next, action.from, action.card);
    removeOne(next.hands[seat] as CartagenaSymbol[], action.card);
    next.discardPile.push(action.card);
    movePirate(next, seat, action.from, to);
    next.events.push({ type: 'forward', seat, card: action.card, from: action.from, to });
    noteMove(next, { type: 'forward', seat, card: action.card, from: action.from, to });
  } else {
    const to = backTarget(next, action.from) as number;
    const entitled = occupancy(next, to);
    movePirate(next, seat, action.from, to);
    const drawEvent = { type: 'back' as const, seat, from: action.from, to, drew: [] as CartagenaSymbol[], drawCount: 0 };
    next.events.push(drawEvent);
    drawEvent.drew = drawCardsFor(next, entitled);
    // The number is public even where the cards are not; it can fall short when no card is left.
    drawEvent.drawCount = drawEvent.drew.length;
    (next.hands[seat] as CartagenaSymbol[]).push(...drawEvent.drew);
    noteMove(next, { ...drawEvent, drew: next.version === 'tortuga' ? [...drawEvent.drew] : [] });
  }
  next.actionsThisTurn++;
  if ((next.pirates[seat] as number[]).every((p) => p === SHIP)) {
    next.winner = seat;
    next.events.push({ type: 'won', seat });
  } else if (next.actionsThisTurn >= ACTIONS_PER_TURN) {
    passTurn(next, 'three-actions');
  } else if (!canMove(next, seat)) {
    passTurn(next, 'no-action-left');
  }
  return next;
}

/**
 * A player leaves: his pirates leave the tunnel (freeing their spaces), his cards go to the
 * discard pile, and the game goes on; the last player left wins.
 */
function resign(s: CartagenaState, seat: Seat): CartagenaState {
  if (isOver(s) || s.resigned[seat] || seat < 0 || seat >= s.seats) throw new IllegalAction(`seat ${seat} cannot resign now`);
  const next = cloneState(s);
  next.resigned[seat] = true;
  next.pirates[seat] = [];
  next.discardPile.push(...(next.hands[seat] as CartagenaSymbol[]));
  next.hands[seat] = [];
  next.events.push({ type: 'resigned', seat });
  const remaining = allSeats(s.seats).filter((p) => !next.resigned[p]);
  if (remaining.length === 1) {
    next.winner = remaining[0] as Seat;
    next.events.push({ type: 'won', seat: next.winner });
  } else if (next.current === seat) {
    passTurn(next, 'ended');
    next.events = next.events.filter((e) => e.type !== 'turn-passed');
  }
  return next;
}

// ---------------------------------------------------------------------------------------------
// End

function toAct(s: CartagenaState): Seat[] {
  return isOver(s) ? [] : [s.current];
}

function piratesAboard(s: Pick<CartagenaState, 'pirates'>, seat: Seat): number {
  return (s.pirates[seat] as number[]).filter((p) => p === SHIP).length;
}

function positionSum(s: Pick<CartagenaState, 'pirates'>, seat: Seat): number {
  return (s.pirates[seat] as number[]).reduce((a, b) => a + b, 0);
}

/**
 * Places: the winner, then most pirates aboard, then furthest along, those who left last. Public
 * (the board draws them from a view too).
 */
export function ranking(s: Pick<CartagenaState, 'seats' | 'pirates' | 'winner' | 'resigned'>): Seat[][] {
  const scores = allSeats(s.seats).map((seat) => piratesAboard(s, seat));
  return rankSeats(allSeats(s.seats), (a, b) => {
    if (a === s.winner) return b === s.winner ? 0 : -1;
    if (b === s.winner) return 1;
    if (s.resigned[a] !== s.resigned[b]) return s.resigned[a] ? 1 : -1;
    return (scores[b] as number) - (scores[a] as number) || positionSum(s, b) - positionSum(s, a);
  });
}

/** Scores are pirates aboard; places as `ranking` gives them. */
function result(s: CartagenaState): { scores: number[]; ranking: Seat[][] } | null {
  if (!isOver(s)) return null;
  return { scores: allSeats(s.seats).map((seat) => piratesAboard(s, seat)), ranking: ranking(s) };
}

export const cartagena: GameDefinition<CartagenaState, CartagenaAction, CartagenaOptions, CartagenaView> = {
  id: 'cartagena',
  rulesVersion: RULES_VERSION,
  minSeats: 2,
  maxSeats: 5,
  options: cartagenaOptions,
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
  estimate,
  // Random games run 300 to 650 actions. Measured head to head (normal bots, Jamaica, 2 players):
  // playouts cut at 80 steps beat playouts to 400 in 5 games of 5, at 30 beat 80 in 6 of 6, and
  // at 10 were even with 30 (2 of 4).
  playoutSteps: 30,
  // For an absent player: end the turn once he has acted, else his first listed move.
  timeoutAction: (s, seat) => {
    const legal = legalActions(s, seat);
    return legal.find((a) => a.type === 'end') ?? (legal[0] as CartagenaAction);
  },
};
