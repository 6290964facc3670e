import {
  IllegalAction,
  allSeats,
  randomInt,
  rankSeats,
  sameAction,
  seedRng,
  shuffleInPlace,
  type GameDefinition,
  type GameResult,
  type Seat,
} from '../../engine/index.js';
import { legalActions, listedAction } from './actions.js';
import { HAND_DUTCHMAN, HAND_SEA, dutchmanDeck, seaDeck } from './cards.js';
import { determinize } from './determinize.js';
import { estimate } from './estimate.js';
import { playoutAction, searchActions } from './playout.js';
import { undoable } from './undo.js';
import { FIELD_COUNT } from './sea.js';
import {
  BOATS,
  RULES_VERSION,
  START_TREASURE,
  activeSeats,
  cloneState,
  earlierSteps,
  freibeuterOptions,
  isActive,
  isOver,
  playerOf,
  toAct,
  type FreibeuterAction,
  type FreibeuterOptions,
  type FreibeuterState,
  type PlayerState,
} from './state.js';
import { tokenSet } from './tokens.js';
import { view, type FreibeuterView } from './view.js';
import { turnEnded } from './turn-end.js';
import { endGame, nextTurn, perform, scores, settle } from './play.js';

export * from './cards.js';
export * from './sea.js';
export * from './tokens.js';
export * from './state.js';
export { orderChoices, outcomeKey, type OrderChoice, type OrderOutcome } from './resolution.js';
export * from './view.js';

/*
 * Freibeuter (2-4 players). Pirates put boats on a 7 x 7 sea with sea cards and board the ships
 * lying between the fields; a ship whose four fields are all taken is encircled, and its boarder
 * takes it after paying everyone who helped. The rules as the project plays them are in
 * docs/rules/freibeuter.md; the decisions this engine adds where the rules are silent:
 *
 * - A turn is one main action ('board', 'place', 'takeTreasure' or 'dutchman'), then, when the
 *   move encircled tokens whose order matters, one 'order', then one 'draw' when the draw is a
 *   real choice. A forced draw (no sea card left in hand, or the Dutchman pile empty) is made by
 *   the engine at once. No other action is taken for a player, even when he has only one.
 * - Board order of the points is row by row, left to right (point 0 = A1-B2 .. point 35 =
 *   F6-G7); simultaneous encirclements with no choice resolve in that order.
 * - The order choice (docs/rules/freibeuter.md, "Order of resolution": whenever two orders end
 *   differently for anyone): every order of the encircled tokens is computed; two end the same when
 *   every player ends with the same treasure, the same sum borrowed in as many loans (each is
 *   repaid double, so their split does not count) and the same boats lost as markers. One 'order'
 *   action is offered per distinct outcome (the first such order in board order); with a single
 *   outcome the tokens resolve in board order without asking. See `orderChoices` (resolution.ts).
 * - Every token a move encircles is resolved, even after the last pirate treasure; then the game
 *   ends (the Dutchman leaves the sea first, and nobody draws).
 * - Drawing a sea card from an empty sea pile by choice (while the Dutchman pile still has cards
 *   and the hand holds a sea card) is offered: it ends the game, as docs/rules/freibeuter.md ("The
 *   end and the score") says.
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

// ---------------------------------------------------------------------------------------------
// Setup

function setup({ seats, seed, rulesVersion }: { seats: number; seed: string; options: FreibeuterOptions; rulesVersion?: number }): FreibeuterState {
  if (!Number.isInteger(seats) || seats < 2 || seats > 4) throw new RangeError('Freibeuter needs 2 to 4 players');
  const rng = seedRng(seed);
  const tokens = shuffleInPlace(rng, tokenSet());
  const seaPile = shuffleInPlace(rng, seaDeck());
  const dutchmanPile = shuffleInPlace(rng, dutchmanDeck());
  const players = allSeats(seats).map((): PlayerState => ({
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
  }));
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
// Applying actions (what each does: play.ts), leaving, the end

function apply(s: FreibeuterState, seat: Seat, action: FreibeuterAction): FreibeuterState {
  const listed = listedAction(s, seat, action);
  if (!listed || !sameAction(listed, action)) throw new IllegalAction(`not a legal Freibeuter action for seat ${seat}: ${JSON.stringify(action)}`);
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

/** Highest score first, ties sharing the place; players who left rank below all who stayed. */
function result(s: FreibeuterState): GameResult | null {
  if (!isOver(s)) return null;
  const all = scores(s);
  const ranking = rankSeats(allSeats(s.seats), (a, b) => Number(!isActive(s, a)) - Number(!isActive(s, b)) || (all[b] as number) - (all[a] as number));
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
  searchActions,
  estimate,
  playoutSteps: 40,
};
