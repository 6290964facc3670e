import { determinize } from './determinize.js';
import { estimate, playoutAction } from './estimate.js';
import { undoable } from './undo.js';
import {
  IllegalAction,
  indexOfAction,
  rankByScore,
  randomInt,
  rulesOf,
  seedRng,
  shuffleInPlace,
  type GameDefinition,
  type GameResult,
  type RngState,
  type Seat,
} from '../../engine/index.js';
import {
  DIE_EFFECTS,
  NATIONS,
  compareSailors,
  compareTricks,
  fullDeck,
  type Crew,
  type DieEffect,
  type Nation,
  type TavernCard,
  type TrickCard,
} from './cards.js';
import { turnEnded } from './turn-end.js';
import { ROW_SIZE, distribute, finalScoring, indexOf, type RowEnd } from './scoring.js';
import {
  DICE_PER_ROLL,
  RULES_VERSION,
  SEATS,
  ROUNDS,
  otherSeat,
  placedDice,
  shanghaienOptions,
  supplyDice,
  type DistributedCard,
  type ShanghaienAction,
  type ShanghaienEvent,
  type ShanghaienOptions,
  type ShanghaienState,
} from './state.js';
import { view, type ShanghaienView } from './view.js';

export * from './cards.js';
export * from './scoring.js';
export * from './state.js';
export type { RowSlot, ShanghaienView } from './view.js';

/**
 * Shanghaien (2 players): over 8 rounds the players place dice at a row of 6 tavern cards; whoever
 * ends the round ("shanghai") distributes the cards to the player with more dice at each. At the
 * end each nationality's stronger crew scores the weaker crew's sum.
 *
 * Every decision is an action of the seat that makes it: rolling, the start player's choice of
 * which end of the row is card 1, placing a die, each use of a dirty trick, shanghai. Distribution
 * and scoring need no choices. Everything on the table is open, so views hide only the order of
 * the draw pile (and the generator state, which would predict the dice).
 *
 * Readings where the rulebook is silent (besides those in cards.ts):
 * - The first start player is drawn at random; afterwards the opponent of whoever shanghaied
 *   starts the next round (so a start player who is shanghaied by the other starts again).
 * - After his first roll of a round the start player numbers the row (`orient`) before anything
 *   else: the numbering belongs to that roll, so no dirty trick (not even roll again or a joker)
 *   may come before it. Games opened under rules version 1 let roll again and a joker come first.
 * - ±1 is one action: change the die and place it at once (the rulebook says the changed die is
 *   the one placed).
 * - A joker is played after an own roll like any trick (it is the round's trick) and the roll is
 *   then placed as usual. It needs a real sailor of that nation; the action names which trick
 *   card (by die effect) becomes the joker.
 * - Trick cards received in round 8 are never playable because the game ends with that
 *   distribution; no extra rule is needed.
 * - Resigning ends the game at once: the opponent wins (see `resign`).
 */

// ---------------------------------------------------------------------------------------------
// Setup

function setup({ seats, seed, rulesVersion }: { seats: number; seed: string; options: ShanghaienOptions; rulesVersion?: number }): ShanghaienState {
  if (seats !== SEATS) throw new RangeError('Shanghaien is a game for 2 players');
  const rng = seedRng(seed);
  const drawPile = shuffleInPlace(rng, fullDeck());
  // The rulebook lets "the roughest player" start; the bot draws lots.
  const startPlayer = randomInt(rng, SEATS);
  const state: ShanghaienState = {
    rules: rulesVersion ?? RULES_VERSION,
    rng,
    drawPile,
    row: [],
    first: null,
    dice: emptyDice(),
    round: 1,
    startPlayer,
    current: startPlayer,
    rolled: null,
    trickUsed: [false, false],
    crews: [emptyCrew(), emptyCrew()],
    discarded: [],
    over: false,
    resigned: null,
    events: [],
  };
  dealRow(state);
  state.turn = [...state.events];
  return state;
}

function emptyDice(): number[][] {
  return [Array<number>(ROW_SIZE).fill(0), Array<number>(ROW_SIZE).fill(0)];
}

function emptyCrew(): Crew {
  return { sailors: [], jokers: [], tricks: [] };
}

/** Turns up six new cards from the draw pile and announces the round. */
function dealRow(s: ShanghaienState): void {
  s.row = s.drawPile.splice(s.drawPile.length - ROW_SIZE, ROW_SIZE).reverse();
  s.events.push({ type: 'round-started', round: s.round, startPlayer: s.startPlayer, row: [...s.row] });
}

// ---------------------------------------------------------------------------------------------
// Small queries

function heldEffects(s: ShanghaienState, seat: Seat): DieEffect[] {
  const tricks = (s.crews[seat] as Crew).tricks;
  return DIE_EFFECTS.filter((effect) => tricks.some((t) => t.effect === effect));
}

/** Nations a joker may join: only where the player already has a real sailor card. */
function jokerNations(s: ShanghaienState, seat: Seat): Nation[] {
  const sailors = (s.crews[seat] as Crew).sailors;
  return NATIONS.filter((nation) => sailors.some((c) => c.nation === nation));
}

function distinctAscending(values: number[]): number[] {
  return [...new Set(values)].sort((a, b) => a - b);
}

// ---------------------------------------------------------------------------------------------
// Legal actions

function legalActions(s: ShanghaienState, seat: Seat): ShanghaienAction[] {
  if (s.over || seat !== s.current) return [];
  const actions: ShanghaienAction[] = [];
  if (s.rolled === null) {
    if (supplyDice(s, seat) >= DICE_PER_ROLL) actions.push({ type: 'roll' });
    // With fewer than two dice left this is the only action: shanghai is forced.
    if (placedDice(s, seat) >= DICE_PER_ROLL) actions.push({ type: 'shanghai' });
    return actions;
  }
  const dice = distinctAscending(s.rolled);
  const oriented = s.first !== null;
  if (oriented) for (const pips of dice) actions.push({ type: 'place', pips });
  else {
    // The start player's first roll of the round: he numbers the row before anything else.
    actions.push({ type: 'orient', first: 'left' }, { type: 'orient', first: 'right' });
    // Kept for games opened under version 1: roll again and a joker could come before the numbering.
    if (rulesOf(s) >= 2) return actions;
  }

  // Dirty tricks: one per round, right after an own roll, before a die of it is placed. The row is
  // unnumbered here only under version 1, and then only the tricks that place nothing are offered.
  if (s.trickUsed[seat]) return actions;
  const effects = heldEffects(s, seat);
  if (oriented && effects.includes('adjust')) {
    for (const from of dice) {
      for (const to of [from - 1, from + 1]) if (to >= 1 && to <= 6) actions.push({ type: 'adjust', from, to });
    }
  }
  if (oriented && effects.includes('place-both')) actions.push({ type: 'place-both' });
  if (effects.includes('reroll')) actions.push({ type: 'reroll' });
  for (const effect of effects) {
    for (const nation of jokerNations(s, seat)) actions.push({ type: 'joker', effect, nation });
  }
  return actions;
}

// ---------------------------------------------------------------------------------------------
// Applying actions

/** Copies every array that `apply` changes; card objects are never changed, so they are shared. */
function cloneState(s: ShanghaienState): ShanghaienState {
  return {
    ...s,
    rng: [...s.rng] as RngState,
    drawPile: [...s.drawPile],
    row: [...s.row],
    dice: s.dice.map((d) => [...d]),
    rolled: s.rolled === null ? null : [...s.rolled],
    trickUsed: [...s.trickUsed],
    crews: s.crews.map((c) => ({ sailors: [...c.sailors], jokers: [...c.jokers], tricks: [...c.tricks] })),
    discarded: [...s.discarded],
    events: [],
  };
}

function rollTwo(s: ShanghaienState): [number, number] {
  return [randomInt(s.rng, 6) + 1, randomInt(s.rng, 6) + 1];
}

/** Puts a die at the card with its number. */
function placeDie(s: ShanghaienState, seat: Seat, pips: number): void {
  const index = indexOf(pips, s.first as RowEnd);
  const own = s.dice[seat] as number[];
  own[index] = (own[index] as number) + 1;
  s.events.push({ type: 'placed', seat, pips, card: s.row[index] as TavernCard });
}

/**
 * Plays one of the player's trick cards with this die effect: his trick of the round. Used for its
 * die effect the card leaves the game; used as a joker it joins his crew.
 */
function playTrick(s: ShanghaienState, seat: Seat, effect: DieEffect, as: 'die-effect' | { joker: Nation }): void {
  const tricks = (s.crews[seat] as Crew).tricks;
  const [card] = tricks.splice(
    tricks.findIndex((t) => t.effect === effect),
    1,
  ) as [TrickCard];
  s.trickUsed[seat] = true;
  if (as === 'die-effect') s.discarded.push(card);
  else (s.crews[seat] as Crew).jokers.push({ nation: as.joker, effect });
}

function endTurn(s: ShanghaienState): void {
  s.rolled = null;
  s.current = otherSeat(s.current);
}

function apply(s: ShanghaienState, seat: Seat, given: ShanghaienAction): ShanghaienState {
  const legal = legalActions(s, seat);
  const action = legal[indexOfAction(legal, given)];
  if (action === undefined) throw new IllegalAction(`not a legal Shanghaien action for seat ${seat}: ${JSON.stringify(given)}`);
  const next = cloneState(s);
  switch (action.type) {
    case 'roll':
      next.rolled = rollTwo(next);
      next.events.push({ type: 'rolled', seat, dice: [...next.rolled] });
      break;
    case 'orient':
      next.first = action.first;
      next.events.push({ type: 'oriented', seat, first: action.first, card: next.row[action.first === 'left' ? 0 : next.row.length - 1] as TavernCard });
      break;
    case 'place':
      placeDie(next, seat, action.pips);
      endTurn(next);
      break;
    case 'adjust':
      playTrick(next, seat, 'adjust', 'die-effect');
      next.events.push({ type: 'trick', seat, effect: 'adjust', from: action.from, to: action.to });
      placeDie(next, seat, action.to);
      endTurn(next);
      break;
    case 'place-both': {
      const rolled = next.rolled as [number, number];
      playTrick(next, seat, 'place-both', 'die-effect');
      next.events.push({ type: 'trick', seat, effect: 'place-both', dice: [...rolled] });
      for (const pips of rolled) placeDie(next, seat, pips);
      endTurn(next);
      break;
    }
    case 'reroll':
      playTrick(next, seat, 'reroll', 'die-effect');
      next.rolled = rollTwo(next);
      next.events.push({ type: 'trick', seat, effect: 'reroll', dice: [...next.rolled] });
      break;
    case 'joker':
      playTrick(next, seat, action.effect, { joker: action.nation });
      next.events.push({ type: 'joker', seat, effect: action.effect, nation: action.nation });
      break;
    case 'shanghai':
      shanghai(next, seat);
      break;
  }
  next.turn = turnSoFar(s, next.events);
  return next;
}

/** Events that leave a turn open: the same player acts again (places a die, plays a trick, numbers the row). */
const OPEN_TURN: ReadonlySet<ShanghaienEvent['type']> = new Set(['rolled', 'oriented', 'trick', 'joker']);

/** The latest turn's events with this step's added: a step after a finished turn starts a new one. */
function turnSoFar(before: ShanghaienState, events: ShanghaienEvent[]): ShanghaienEvent[] {
  const last = before.turn?.at(-1);
  return last !== undefined && OPEN_TURN.has(last.type) ? [...(before.turn as ShanghaienEvent[]), ...events] : [...events];
}

/** Ends the round: distributes the row, returns the dice, and starts the next round or ends the game. */
function shanghai(s: ShanghaienState, seat: Seat): void {
  s.events.push({ type: 'shanghai', seat, round: s.round, forced: supplyDice(s, seat) < DICE_PER_ROLL });
  const cards: DistributedCard[] = distribute(s.dice, s.first as RowEnd).map((claim) => ({
    ...claim,
    card: s.row[claim.index] as TavernCard,
  }));
  for (const { card, to } of cards) {
    if (to === null) s.discarded.push(card);
    else if (card.kind === 'sailor') (s.crews[to] as Crew).sailors.push(card);
    else (s.crews[to] as Crew).tricks.push(card);
  }
  for (const crew of s.crews) {
    crew.sailors.sort(compareSailors);
    crew.tricks.sort(compareTricks);
  }
  s.events.push({ type: 'distributed', seat, cards });
  s.row = [];
  s.dice = emptyDice();
  s.first = null;
  s.trickUsed = [false, false];
  if (s.round === ROUNDS) {
    // The draw pile is empty now; trick cards just received can no longer be played.
    s.over = true;
    s.events.push({ type: 'game-over', scoring: finalScoring(s.crews) });
    return;
  }
  s.round++;
  // The distributor's opponent starts the next round.
  s.startPlayer = otherSeat(seat);
  s.current = s.startPlayer;
  dealRow(s);
}

/**
 * A player leaves: in a two-player game the opponent wins at once and the game is over. The
 * scores are still the final scoring of what each has collected so far, but the ranking puts
 * the remaining player first whatever the scores say.
 */
function resign(s: ShanghaienState, seat: Seat): ShanghaienState {
  if (s.over || (seat !== 0 && seat !== 1)) throw new IllegalAction(`seat ${seat} cannot resign now`);
  const next = cloneState(s);
  next.over = true;
  next.resigned = seat;
  next.rolled = null;
  next.events.push({ type: 'resigned', seat, winner: otherSeat(seat) });
  next.turn = [...next.events];
  return next;
}

// ---------------------------------------------------------------------------------------------
// End and views

function isOver(s: ShanghaienState): boolean {
  return s.over;
}

function toAct(s: ShanghaienState): Seat[] {
  return s.over ? [] : [s.current];
}

/** Scores from the final scoring; equal totals share the place (the rulebook names no tie-break). */
function result(s: ShanghaienState): GameResult | null {
  if (!s.over) return null;
  const scores = finalScoring(s.crews).totals;
  if (s.resigned !== null) return { scores, ranking: [[otherSeat(s.resigned)], [s.resigned]] };
  return { scores, ranking: rankByScore(scores) };
}

export const shanghaien: GameDefinition<ShanghaienState, ShanghaienAction, ShanghaienOptions, ShanghaienView> = {
  id: 'shanghaien',
  rulesVersion: RULES_VERSION,
  minSeats: SEATS,
  maxSeats: SEATS,
  options: shanghaienOptions,
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
  estimate,
  playoutSteps: 30,
  playoutAction,
  undoable,
};
