import { allSeats, seedRng, type GameDefinition } from '../../engine/index.js';
import { apply, isOver, legalActions, settle, toAct } from './actions.js';
import { startGame } from './deal.js';
import { determinize } from './determinize.js';
import { estimate } from './estimate.js';
import { resign } from './leaving.js';
import { LONG_GAME_GAMES, halunkenOptions, seatRange, type HalunkenAction, type HalunkenOptions, type HalunkenState } from './state.js';
import { result, view, type HalunkenView } from './view.js';
import { undoable } from './undo.js';

/*
 * Halunken & Spelunken. Captains walk a ring of 14 taverns for 8 rounds, hiring the sailor card
 * on top of the tavern where they stop; the standard game adds Black Jack, hired each round by
 * auction, who robs the captains he passes. The rules as the project plays them are in
 * docs/rules/halunken.md; the decisions this engine adds where the rules are silent are
 * marked "Decided" where they are applied:
 * - a seat with a single legal action has it taken for him at once (actions.ts);
 * - robbing after landing on a captain is optional (the rulebook says "may"); Black Jack's
 *   robberies in passing and taking a harbour card are not (resolution.ts);
 * - two players: an opening pass in the auction still gives the other player one turn; the hirer
 *   chooses his own card first, then Black Jack's; Black Jack landing on his own hirer displaces
 *   him; the Rum of an unhired Black Jack stands for a random free number (round.ts, resolution.ts);
 * - a long game's second and third deals are placed from the next seat on (deal.ts);
 * - a player who leaves: see leaving.ts.
 *
 * The game in files: state.ts (state, actions, events, small queries), deal.ts (a deal and the
 * placement), round-start.ts and round.ts (auction, secret choice, reveal), resolution.ts (moving,
 * thefts, Black Jack, scoring), actions.ts (who acts, what he may do, apply), leaving.ts, view.ts,
 * and for bot players determinize.ts.
 */

export {
  BLACK_JACK,
  CARDS_PER_TAVERN,
  LONG_GAME_GAMES,
  ROUNDS,
  halunkenOptions,
  seatRange,
  type Bid,
  type Decision,
  type HalunkenAction,
  type HalunkenEvent,
  type HalunkenOptions,
  type HalunkenState,
  type LaidCard,
  type Phase,
  type Piece,
  type Step,
} from './state.js';
import { turnEnded } from './turn-end.js';
export { blackJackPath } from './resolution.js';
export type { HalunkenView, TavernView } from './view.js';

function setup({ seats, seed, options }: { seats: number; seed: string; options: HalunkenOptions }): HalunkenState {
  const range = seatRange(options);
  if (!Number.isInteger(seats) || seats < range.min || seats > range.max) {
    throw new RangeError(`Halunken & Spelunken (${options.variant}) needs ${range.min} to ${range.max} players`);
  }
  const s: HalunkenState = {
    variant: options.variant,
    long: options.long,
    seats,
    twoPlayer: options.variant === 'standard' && seats === 2,
    rng: seedRng(seed),
    game: 0,
    games: options.long ? LONG_GAME_GAMES : 1,
    round: 0,
    phase: { name: 'placeCaptain', seat: 0 },
    taverns: [],
    tavernsOpen: false,
    crews: [],
    harbour: [],
    removed: [],
    captains: [],
    blackJack: null,
    startCards: [],
    firstBidder: null,
    lastHirer: null,
    hirer: null,
    hands: [],
    played: [],
    choices: [],
    blackJackChoice: null,
    blackJackDeck: [],
    blackJackPlayed: [],
    laid: [],
    queue: [],
    totals: allSeats(seats).map(() => 0),
    gameScores: [],
    resigned: allSeats(seats).map(() => false),
    events: [],
  };
  startGame(s, 1);
  settle(s);
  return s;
}

export const halunken: GameDefinition<HalunkenState, HalunkenAction, HalunkenOptions, HalunkenView> = {
  id: 'halunken',
  rulesVersion: 1,
  minSeats: 2,
  maxSeats: 4,
  options: halunkenOptions,
  seatRange,
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
  playoutSteps: 20,
  undoable,
  // For an absent player: never pay into the harbour; otherwise the first listed choice.
  timeoutAction: (s, seat) => {
    const legal = legalActions(s, seat);
    return legal.find((a) => a.type === 'pass') ?? (legal[0] as HalunkenAction);
  },
};
