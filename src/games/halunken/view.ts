import { rankSeats, type GameResult, type Seat } from '../../engine/index.js';
import { compareMovementCards, scoreCrew, type CrewScore, type MovementCard, type SailorCard } from './cards.js';
import { isOver, toAct } from './actions.js';
import { ROUNDS, active, crewOf, seatsOf, type HalunkenEvent, type HalunkenOptions, type HalunkenState, type LaidCard, type Phase } from './state.js';

/*
 * What leaves the engine: each seat's view of the table, and the final result.
 */

export interface TavernView {
  /** The face-up top card; null while the taverns are face down or when the tavern is empty. */
  top: SailorCard | null;
  /** Cards that cannot be seen (beneath the top, or all of them during setup). */
  hidden: number;
}

/** What one seat (or a spectator, null) sees. */
export interface HalunkenView {
  viewer: Seat | null;
  variant: HalunkenOptions['variant'];
  long: boolean;
  seats: number;
  twoPlayer: boolean;
  game: number;
  games: number;
  round: number;
  rounds: number;
  phase: Phase;
  /** The seats the game waits for (several while movement cards are chosen). */
  waitingFor: Seat[];
  taverns: TavernView[];
  captains: (number | null)[];
  blackJack: number | null;
  crews: SailorCard[][];
  harbour: SailorCard[];
  removed: SailorCard[];
  startCards: (SailorCard | null)[];
  /** Unused movement cards of each player (public: played cards lie open). */
  hands: MovementCard[][];
  played: MovementCard[][];
  /** Who has chosen this round's movement card (not what). */
  chosen: boolean[];
  /** The viewer's own secret choice this round. */
  ownChoice: MovementCard | null;
  blackJackChosen: boolean;
  /** The hirer's secret choice for Black Jack (two-player game), shown to him only. */
  ownBlackJackChoice: MovementCard | null;
  /** Black Jack's unused movement cards, sorted: their order is secret. */
  blackJackCards: MovementCard[];
  blackJackPlayed: MovementCard[];
  /** This round's revealed cards. */
  laid: LaidCard[];
  hirer: Seat | null;
  lastHirer: Seat | null;
  firstBidder: Seat | null;
  /** What each crew would score now (null for players who left). */
  scores: (CrewScore | null)[];
  totals: number[];
  gameScores: number[][];
  resigned: boolean[];
  over: boolean;
  events: HalunkenEvent[];
}

export function view(s: HalunkenState, viewer: Seat | null): HalunkenView {
  const own = viewer !== null && viewer >= 0 && viewer < s.seats ? viewer : null;
  return {
    viewer,
    variant: s.variant,
    long: s.long,
    seats: s.seats,
    twoPlayer: s.twoPlayer,
    game: s.game,
    games: s.games,
    round: s.round,
    rounds: ROUNDS,
    phase: s.phase,
    waitingFor: toAct(s),
    taverns: s.taverns.map((t) => (s.tavernsOpen ? { top: t[t.length - 1] ?? null, hidden: Math.max(0, t.length - 1) } : { top: null, hidden: t.length })),
    captains: [...s.captains],
    blackJack: s.blackJack,
    crews: s.crews.map((c) => [...c]),
    harbour: [...s.harbour],
    removed: [...s.removed],
    startCards: [...s.startCards],
    hands: s.hands.map((h) => [...h]),
    played: s.played.map((p) => [...p]),
    chosen: s.choices.map((c) => c !== null),
    ownChoice: own === null ? null : (s.choices[own] ?? null),
    blackJackChosen: s.blackJackChoice !== null,
    ownBlackJackChoice: own !== null && own === s.hirer ? s.blackJackChoice : null,
    blackJackCards: [...s.blackJackDeck].sort(compareMovementCards),
    blackJackPlayed: [...s.blackJackPlayed],
    laid: [...s.laid],
    hirer: s.hirer,
    lastHirer: s.lastHirer,
    firstBidder: s.firstBidder,
    scores: seatsOf(s).map((seat) => (active(s, seat) ? scoreCrew(crewOf(s, seat)) : null)),
    totals: [...s.totals],
    gameScores: s.gameScores.map((g) => [...g]),
    resigned: [...s.resigned],
    over: isOver(s),
    // Events are public by construction: a choice is announced without its card.
    events: s.events.map((e) => ({ ...e })),
  };
}

/** Scores are the totals over the games played; players who left rank below all others. */
export function result(s: HalunkenState): GameResult | null {
  if (!isOver(s)) return null;
  const scores = [...s.totals];
  const ranking = rankSeats([...seatsOf(s)], (a, b) => Number(s.resigned[a]) - Number(s.resigned[b]) || (scores[b] as number) - (scores[a] as number));
  return { scores, ranking };
}
