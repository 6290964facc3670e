import { z } from 'zod';
import {
  IllegalAction,
  nextSeat,
  rankSeats,
  allSeats,
  randomInt,
  removeOne,
  rulesOf,
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

export { backTarget, forwardTarget, occupancy } from './board.js';

/** The six symbols of the tunnel and the cards. */
export const SYMBOLS = ['skull', 'dagger', 'key', 'bottle', 'pistol', 'hat'] as const;
export type CartagenaSymbol = (typeof SYMBOLS)[number];

export const SPACES = 36;
/** Pirate positions: 0 is the start area, 1..36 the tunnel spaces, 37 the ship. */
export const START = 0;
export const SHIP = SPACES + 1;
export const PIRATES_PER_PLAYER = 6;
export const CARDS_PER_SYMBOL = 17;
export const HAND_SIZE = 6;
export const ACTIONS_PER_TURN = 3;
/** A space never holds more pirates than this. */
export const SPACE_CAPACITY = 3;

export const cartagenaOptions = z.object({
  /** Jamaica: hidden hands, face-down deck. Tortuga: open hands, draws from an open row. */
  version: z.enum(['jamaica', 'tortuga']).default('jamaica'),
});
export type CartagenaOptions = z.infer<typeof cartagenaOptions>;

export type CartagenaAction =
  | { type: 'forward'; card: CartagenaSymbol; from: number }
  | { type: 'back'; from: number }
  | { type: 'end' };

/** What happened, in order; `drew` is only visible to the drawer in Jamaica (see `view`). */
export type CartagenaEvent =
  | { type: 'forward'; seat: Seat; card: CartagenaSymbol; from: number; to: number }
  | { type: 'back'; seat: Seat; from: number; to: number; drew: CartagenaSymbol[]; drawCount: number }
  | { type: 'reshuffled' }
  | { type: 'row-laid-out'; cards: number }
  | { type: 'turn-passed'; seat: Seat; reason: 'ended' | 'three-actions' | 'no-action-left' }
  | { type: 'skipped'; seat: Seat }
  | { type: 'won'; seat: Seat }
  | { type: 'resigned'; seat: Seat }
  | { type: 'stalemate' };

export interface CartagenaState {
  version: CartagenaOptions['version'];
  /** The rules version the game was opened under (see `rulesOf`); 2 refills an empty Tortuga row at the next draw. */
  rules: number;
  seats: number;
  rng: RngState;
  /** The symbol of each tunnel space; index 0 is space 1. */
  tunnel: CartagenaSymbol[];
  /** For each seat, the positions of its six pirates (0 start, 1..36 tunnel, 37 ship); none once resigned. */
  pirates: number[][];
  hands: CartagenaSymbol[][];
  /** Face-down deck; the top card is the last element. */
  drawPile: CartagenaSymbol[];
  discardPile: CartagenaSymbol[];
  /** Tortuga's open row, drawn from index 0 onwards (the arrow's direction). Empty in Jamaica. */
  row: CartagenaSymbol[];
  current: Seat;
  actionsThisTurn: number;
  /** Counts turns, so that posts can say "turn 12". */
  turn: number;
  winner: Seat | null;
  /** Seats that left the game: their pirates left the tunnel and their cards went to the discards. */
  resigned: boolean[];
  /** Set when nobody can act any more (no cards anywhere in hands and no move back). */
  stalemate: boolean;
  /** Events of the most recent `apply` (or of `setup`). */
  events: CartagenaEvent[];
  /**
   * The moves of the latest turn that made any, for the board to mark what changed; public only
   * (Jamaica's drawn cards are never kept here). Absent in games saved before it existed.
   */
  lastMoves?: LastMoves;
}

/** A turn's moves in order, as everyone saw them. */
export interface LastMoves {
  turn: number;
  seat: Seat;
  moves: Extract<CartagenaEvent, { type: 'forward' | 'back' }>[];
}

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

/** Whether `legalActions` lists this action, checked without listing them all (apply's hot path). */
function isLegal(s: CartagenaState, seat: Seat, action: CartagenaAction): boolean {
  if (isOver(s) || seat !== s.current || typeof action !== 'object' || action === null) return false;
  if (action.type === 'end') return s.actionsThisTurn > 0;
  if (!(s.pirates[seat] as number[]).includes(action.from)) return false;
  if (action.type === 'forward') return action.from !== SHIP && (s.hands[seat] as CartagenaSymbol[]).includes(action.card);
  return action.type === 'back' && action.from !== START && backTarget(s, action.from) !== null;
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

function apply(s: CartagenaState, seat: Seat, action: CartagenaAction): CartagenaState {
  if (!isLegal(s, seat, action)) {
    throw new IllegalAction(`not a legal Cartagena action for seat ${seat}: ${JSON.stringify(action)}`);
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
// End and views

function isOver(s: CartagenaState): boolean {
  return s.winner !== null || s.stalemate;
}

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

/** What one seat (or a spectator, null) sees. */
export interface CartagenaView {
  version: CartagenaOptions['version'];
  /** The rules version, public so that the board can say when an empty row is laid out again. */
  rules: number;
  seats: number;
  viewer: Seat | null;
  tunnel: CartagenaSymbol[];
  pirates: number[][];
  /** Hands visible to this viewer: every hand in Tortuga, only the viewer's own in Jamaica. */
  hands: (CartagenaSymbol[] | null)[];
  handSizes: number[];
  row: CartagenaSymbol[];
  drawPileSize: number;
  discardPileSize: number;
  current: Seat;
  actionsThisTurn: number;
  actionsLeft: number;
  turn: number;
  winner: Seat | null;
  resigned: boolean[];
  over: boolean;
  events: CartagenaEvent[];
  /** The moves of the latest turn that made any (public: no card drawn in Jamaica); null before the first. */
  lastMoves: LastMoves | null;
}

function view(s: CartagenaState, viewer: Seat | null): CartagenaView {
  const open = s.version === 'tortuga';
  const mayKnowDraw = (seat: Seat) => open || seat === viewer;
  return {
    version: s.version,
    rules: rulesOf(s),
    seats: s.seats,
    viewer,
    tunnel: [...s.tunnel],
    pirates: s.pirates.map((p) => [...p]),
    hands: s.hands.map((hand, seat) => (mayKnowDraw(seat) ? [...hand] : null)),
    handSizes: s.hands.map((hand) => hand.length),
    row: [...s.row],
    drawPileSize: s.drawPile.length,
    discardPileSize: s.discardPile.length,
    current: s.current,
    actionsThisTurn: s.actionsThisTurn,
    actionsLeft: isOver(s) ? 0 : ACTIONS_PER_TURN - s.actionsThisTurn,
    turn: s.turn,
    winner: s.winner,
    resigned: [...s.resigned],
    over: isOver(s),
    events: s.events.map((e) => (e.type === 'back' && !mayKnowDraw(e.seat) ? { ...e, drew: [] } : { ...e })),
    lastMoves: s.lastMoves ? { ...s.lastMoves, moves: s.lastMoves.moves.map((m) => ({ ...m })) } : null,
  };
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
