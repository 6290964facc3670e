/**
 * Nim with secret cards: a sixth game that lives only in the tests, as small as a game can be while
 * still having everything the conformance suite asks of one (hidden cards, chance, a move that may
 * be taken back, a result, resigning).
 *
 * A pile of stones lies between the players; whoever takes the last stone wins. On his turn a
 * player either takes stones by hand, one at a time (one or two, then he ends his turn), or plays
 * one of his secret cards (1 to 3): it takes that many stones at once and ends his turn, and he
 * draws a new card. When the draw pile is empty the discards are shuffled into a new one: the only
 * chance after the deal.
 */
import { z } from 'zod';
import { IllegalAction, seedRng, shuffleInPlace, type GameDefinition, type GameResult, type RngState, type Seat } from '../../../src/engine/index.js';

export const NIM_RULES_VERSION = 1;
/** Stones a player may take by hand in one turn. */
export const MAX_BY_HAND = 2;
export const HAND_SIZE = 2;
/** Card values 1..3, three of each. */
export const DECK: readonly number[] = [1, 1, 1, 2, 2, 2, 3, 3, 3];
export const PILE = { short: 15, long: 25 } as const;

export const nimOptions = z.object({ pile: z.enum(['short', 'long']).default('short') });
export type NimOptions = z.infer<typeof nimOptions>;

export type NimAction = { type: 'take' } | { type: 'end' } | { type: 'play'; value: number };

export type NimEvent =
  | { type: 'took'; seat: Seat }
  | { type: 'ended'; seat: Seat; taken: number }
  | { type: 'played'; seat: Seat; value: number }
  /** `value` only in the drawer's own view. */
  | { type: 'drew'; seat: Seat; value?: number }
  | { type: 'reshuffled'; cards: number }
  | { type: 'won'; seat: Seat }
  | { type: 'resigned'; seat: Seat };

export interface NimState {
  rules: number;
  seats: number;
  pile: number;
  hands: number[][];
  drawPile: number[];
  discards: number[];
  current: Seat;
  /** Stones taken by hand this turn. */
  taken: number;
  resigned: boolean[];
  winner: Seat | null;
  rng: RngState;
  /** What the latest step did. */
  events: NimEvent[];
}

export interface NimView {
  viewer: Seat | null;
  seats: number;
  pile: number;
  /** The viewer's own cards; [] for a spectator. */
  hand: number[];
  handSizes: number[];
  drawPileSize: number;
  discards: number[];
  current: Seat;
  taken: number;
  resigned: boolean[];
  winner: Seat | null;
  over: boolean;
  events: NimEvent[];
}

const ascending = (cards: number[]) => cards.sort((a, b) => a - b);

const copy = (s: NimState): NimState => ({
  ...s,
  hands: s.hands.map((h) => [...h]),
  drawPile: [...s.drawPile],
  discards: [...s.discards],
  resigned: [...s.resigned],
  rng: [...s.rng] as RngState,
  events: [],
});

function setup({ seats, seed, options, rulesVersion }: { seats: number; seed: string; options: NimOptions; rulesVersion?: number }): NimState {
  const rng = seedRng(seed);
  const deck = shuffleInPlace(rng, [...DECK]);
  const hands = Array.from({ length: seats }, () => ascending(deck.splice(0, HAND_SIZE)));
  return {
    rules: rulesVersion ?? NIM_RULES_VERSION,
    seats,
    pile: PILE[options.pile],
    hands,
    drawPile: deck,
    discards: [],
    current: 0,
    taken: 0,
    resigned: Array<boolean>(seats).fill(false),
    winner: null,
    rng,
    events: [],
  };
}

const isOver = (s: NimState) => s.winner !== null;

const toAct = (s: NimState): Seat[] => (isOver(s) ? [] : [s.current]);

function legalActions(s: NimState, seat: Seat): NimAction[] {
  if (isOver(s) || seat !== s.current) return [];
  const actions: NimAction[] = [];
  if (s.taken < MAX_BY_HAND) actions.push({ type: 'take' });
  if (s.taken > 0) actions.push({ type: 'end' });
  else for (const value of new Set(s.hands[seat])) if (value <= s.pile) actions.push({ type: 'play', value });
  return actions;
}

/** The next seat still playing after `seat`. */
function nextSeat(s: NimState, seat: Seat): Seat {
  for (let step = 1; step <= s.seats; step++) {
    const next = (seat + step) % s.seats;
    if (!s.resigned[next]) return next;
  }
  return seat;
}

function passTurn(s: NimState): void {
  s.current = nextSeat(s, s.current);
  s.taken = 0;
}

function draw(s: NimState, seat: Seat): void {
  if (s.drawPile.length === 0 && s.discards.length > 0) {
    s.drawPile = shuffleInPlace(s.rng, s.discards);
    s.discards = [];
    s.events.push({ type: 'reshuffled', cards: s.drawPile.length });
  }
  const card = s.drawPile.shift();
  if (card === undefined) return;
  s.hands[seat] = ascending([...(s.hands[seat] as number[]), card]);
  s.events.push({ type: 'drew', seat, value: card });
}

function apply(s: NimState, seat: Seat, action: NimAction): NimState {
  const key = JSON.stringify(action);
  if (!legalActions(s, seat).some((a) => JSON.stringify(a) === key)) throw new IllegalAction(`not a legal Nim action for seat ${seat}: ${key}`);
  const next = copy(s);
  if (action.type === 'end') {
    next.events.push({ type: 'ended', seat, taken: next.taken });
    passTurn(next);
    return next;
  }
  if (action.type === 'take') {
    next.pile -= 1;
    next.taken += 1;
    next.events.push({ type: 'took', seat });
  } else {
    const hand = next.hands[seat] as number[];
    hand.splice(hand.indexOf(action.value), 1);
    next.discards.push(action.value);
    next.pile -= action.value;
    next.events.push({ type: 'played', seat, value: action.value });
  }
  if (next.pile === 0) {
    next.winner = seat;
    next.events.push({ type: 'won', seat });
    return next;
  }
  if (action.type === 'play') {
    draw(next, seat);
    passTurn(next);
  } else if (next.taken === MAX_BY_HAND) {
    next.events.push({ type: 'ended', seat, taken: next.taken });
    passTurn(next);
  }
  return next;
}

/** A drawn card's value is the drawer's alone. */
const eventFor = (event: NimEvent, viewer: Seat | null): NimEvent =>
  event.type === 'drew' && event.seat !== viewer ? { type: 'drew', seat: event.seat } : event;

function view(s: NimState, viewer: Seat | null): NimView {
  return {
    viewer,
    seats: s.seats,
    pile: s.pile,
    hand: viewer === null ? [] : [...(s.hands[viewer] as number[])],
    handSizes: s.hands.map((h) => h.length),
    drawPileSize: s.drawPile.length,
    discards: [...s.discards],
    current: s.current,
    taken: s.taken,
    resigned: [...s.resigned],
    winner: s.winner,
    over: isOver(s),
    events: s.events.map((e) => eventFor(e, viewer)),
  };
}

function result(s: NimState): GameResult | null {
  if (s.winner === null) return null;
  const winner = s.winner;
  const seats = [...Array(s.seats).keys()];
  const others = seats.filter((seat) => seat !== winner && !s.resigned[seat]);
  const left = seats.filter((seat) => seat !== winner && s.resigned[seat]);
  return { scores: seats.map((seat) => (seat === winner ? 1 : 0)), ranking: [[winner], others, left].filter((group) => group.length > 0) };
}

function resign(s: NimState, seat: Seat): NimState {
  if (isOver(s) || s.resigned[seat] !== false) throw new IllegalAction(`seat ${seat} cannot resign now`);
  const next = copy(s);
  next.resigned[seat] = true;
  next.discards.push(...(next.hands[seat] as number[]));
  next.hands[seat] = [];
  next.events.push({ type: 'resigned', seat });
  const playing = [...Array(s.seats).keys()].filter((other) => !next.resigned[other]);
  if (playing.length === 1) {
    next.winner = playing[0] as Seat;
    next.events.push({ type: 'won', seat: next.winner });
  } else if (seat === next.current) passTurn(next);
  return next;
}

/**
 * The cards `seat` has not seen (the others' hands and the draw pile: the deck less his hand and
 * the discards) dealt again from `seed`, at the sizes everyone sees; a fresh generator.
 */
function determinize(s: NimState, seat: Seat, seed: string): NimState {
  const next = copy(s);
  const rng = seedRng(`nim-deal/${seed}`);
  const unseen = shuffleInPlace(rng, ascending([...s.drawPile, ...s.hands.filter((_, other) => other !== seat).flat()]));
  next.hands = s.hands.map((hand, other) => (other === seat ? [...hand] : ascending(unseen.splice(0, hand.length))));
  next.drawPile = unseen;
  next.rng = seedRng(`nim-rng/${seed}`);
  next.events = s.events.map((e) => eventFor(e, seat));
  return next;
}

/** Taking a stone by hand shows nothing and keeps the turn: it may be taken back. */
function undoable(before: NimState, after: NimState, seat: Seat): boolean {
  return !isOver(after) && after.current === seat && after.taken === before.taken + 1;
}

export const nim: GameDefinition<NimState, NimAction, NimOptions, NimView> = {
  id: 'nim',
  rulesVersion: NIM_RULES_VERSION,
  minSeats: 2,
  maxSeats: 3,
  options: nimOptions,
  setup,
  toAct,
  legalActions,
  apply,
  undoable,
  // A post after a card, the end of a turn or of the game: taking a stone by hand keeps the turn.
  turnEnded: (events) =>
    (events as NimEvent[]).some((event) => event.type === 'ended' || event.type === 'played' || event.type === 'won' || event.type === 'resigned'),
  view,
  isOver,
  result,
  resign,
  determinize,
};
