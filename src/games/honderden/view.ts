import type { Seat } from '../../engine/index.js';
import { sortHand, type Card, type Suit } from './cards.js';
import { totalPoints, type Combo, type RoemCategory } from './roem.js';
import {
  dutyToFollow,
  handOf,
  isOver,
  playersFrom,
  statementOf,
  tableOf,
  toAct,
  tricksPerHand,
  versionOf,
  type FinishedTrick,
  type GamePointAward,
  type HandResult,
  type HonderdenEvent,
  type HonderdenState,
  type Phase,
  type Rules,
  type Statement,
  type StatementStatus,
  type Trick,
} from './state.js';

/*
 * What a seat (or a spectator) sees: its own hand and never another's, never the order of the
 * stock, never running point totals (not even his own: counting them is the player's part of a claim).
 * Two things are told later than they happen (rules version 2):
 * - two players' last draw: the hidden card is shown only as it is taken, so before the choice no
 *   view holds it (the choice itself is an action without the card);
 * - three players' roem in the first trick (docs/rules/honderden.md, "What is told, and when"):
 *   what was said and whose roem stands is told to all once the trick's third card is played.
 *   Until then a statement is told to its speaker, and between the first two players of the trick
 *   to each other (a declaration is said to the next player, who answers it; the leader hears what
 *   a rejecter names); the third player and spectators only learn that something was declared or
 *   rejected, by whom (the turn order shows it anyway). How a rejection is judged is told to
 *   nobody before the trick is complete.
 * Games of version 1 keep their old views: there the hidden card and the roem are part of the
 * actions offered (`take` names the hidden card, the third player's rejections are fitted to the
 * standing roem), so hiding them in the views would hide nothing.
 */

/** Three players, version 2, first trick not complete: the roem said is not yet told to all. */
export function roemUnderWraps(s: HonderdenState): boolean {
  return s.tricksPlayed === 0 && tableOf(s) === 'three' && versionOf(s) >= 2;
}

/** The first trick's third player, who hears nobody's roem before the trick is complete. */
function thirdPlayer(s: HonderdenState): Seat | undefined {
  return playersFrom(s, s.handLeader)[2];
}

/** Whether `viewer` (null: a spectator) is told what `speaker` declared or named in the first trick. */
export function toldRoem(s: HonderdenState, speaker: Seat, viewer: Seat | null): boolean {
  if (!roemUnderWraps(s) || viewer === speaker) return true;
  const third = thirdPlayer(s);
  return viewer !== null && viewer !== third && speaker !== third;
}

/**
 * Whether `viewer` is told whose roem a rejection is aimed at: with what he said, except for the
 * third player's, aimed at whichever roem the judgement of an earlier rejection left standing.
 */
function toldTarget(s: HonderdenState, speaker: Seat, viewer: Seat | null): boolean {
  return toldRoem(s, speaker, viewer) && !(roemUnderWraps(s) && speaker === thirdPlayer(s));
}

/** A roem statement as a viewer sees it: the combinations only once the roem is shown. */
export interface StatementView {
  seat: Seat;
  kind: 'declare' | 'reject';
  of: Seat | null;
  /** What was said; null while not told to this viewer. */
  categories: RoemCategory[] | null;
  /** While the first trick's roem is under wraps: as said, not yet judged (standing or pending). */
  status: StatementStatus;
  combos: Combo[] | null;
  points: number | null;
}

function statementView(s: HonderdenState, st: Statement, viewer: Seat | null): StatementView {
  const told = toldRoem(s, st.seat, viewer);
  return {
    seat: st.seat,
    kind: st.kind,
    of: toldTarget(s, st.seat, viewer) ? st.of : null,
    categories: told ? st.categories.map((c) => ({ ...c })) : null,
    status: !roemUnderWraps(s) ? st.status : st.kind === 'declare' ? 'standing' : 'pending',
    combos: s.roemShown ? structuredClone(st.combos) : null,
    points: s.roemShown ? totalPoints(st.combos) : null,
  };
}

/** The latest events as `own` (null: a spectator) may see them; null drops one. */
function eventFor(s: HonderdenState, e: HonderdenEvent, own: Seat | null): HonderdenEvent | null {
  switch (e.type) {
    case 'drew':
      return e.seat === own ? { ...e } : { ...e, card: null };
    case 'declared': {
      if (toldRoem(s, e.seat, own)) return structuredClone(e);
      // Each roem step is an action of its own, so a further combination added to a statement is
      // the latest action's only one: untold, even how many were said stays unknown.
      const st = statementOf(s, e.seat);
      const addition = st !== undefined && (st.kind === 'reject' || st.categories.length > 1);
      return addition ? null : { ...e, roem: null };
    }
    case 'rejecting':
      return {
        ...e,
        of: toldTarget(s, e.seat, own) ? e.of : null,
        roem: toldRoem(s, e.seat, own) ? structuredClone(e.roem) : null,
      };
    default:
      return structuredClone(e);
  }
}

/**
 * What one seat (or a spectator, null) sees. Running point totals are never part of it, not even
 * a player's own when he may claim ("ik dek"): the claim's question names no points.
 */
export interface HonderdenView {
  viewer: Seat | null;
  seats: number;
  /** Seats still in the match. */
  players: Seat[];
  /** The table's rules: for two players or for three. */
  rules: Rules;
  phase: Phase;
  waitingFor: Seat[];
  target: number;
  gamePoints: number[];
  game: number;
  /** Hands dealt in the match (replays included). */
  handNumber: number;
  handInGame: number;
  dealer: Seat;
  trump: Suit;
  /** The card that set trump this hand. */
  turnedUp: Card;
  /** Two players: the open card under the stock (null once taken). */
  trumpCard: Card | null;
  /** Two players: hidden cards left in the stock. */
  stockSize: number;
  /**
   * Two players, the last draw: the open card and the hidden one to choose from. `hidden` is the
   * card itself in games of version 1 (shown before the choice), null from version 2 on.
   */
  lastChoice: { hidden: Card | null; open: Card } | null;
  /** Whether players must follow suit now. */
  dutyToFollow: boolean;
  /** The viewer's own hand, sorted by suit and rank; null for a spectator. */
  hand: Card[] | null;
  handSizes: number[];
  /** Cards known to everybody to be in each hand (shown roem, stuk, cards taken openly). */
  knownCards: Card[][];
  trick: Trick;
  lastTrick: FinishedTrick | null;
  /** Tricks completed in this hand, and how many a hand has. */
  tricksPlayed: number;
  tricksPerHand: number;
  tricksWon: number[];
  /** The first trick is being played or answered: roem may be declared. */
  roemTrick: boolean;
  /** Roem statements of this hand, as far as this viewer is told (see `toldRoem`). */
  roem: StatementView[];
  roemShown: boolean;
  /** Roem points (shown and counted, stuk not included) and stuk declared, per seat, this hand. */
  roemPoints: number[];
  stuk: boolean[];
  /** Points carried into this hand from earlier hands of the same game. */
  carried: number[];
  /** The current turn's steps so far. */
  turnSteps: { seat: Seat; acted: boolean; stuk: boolean; statement: number | null };
  lastResult: HandResult | null;
  /**
   * Every award of game points in the match, in order (public: how each player's game points were
   * won); null for a game stored before they were kept.
   */
  awards: GamePointAward[] | null;
  resigned: boolean[];
  over: boolean;
  winner: Seat | null;
  events: HonderdenEvent[];
}

export function view(s: HonderdenState, viewer: Seat | null): HonderdenView {
  const own = viewer !== null && Number.isInteger(viewer) && viewer >= 0 && viewer < s.seats ? viewer : null;
  return {
    viewer,
    seats: s.seats,
    players: [...s.players],
    rules: tableOf(s),
    phase: s.phase,
    waitingFor: toAct(s),
    target: s.target,
    gamePoints: [...s.gamePoints],
    game: s.game,
    handNumber: s.hand,
    handInGame: s.handInGame,
    dealer: s.dealer,
    trump: s.trump,
    turnedUp: s.turnedUp,
    trumpCard: s.trumpCard,
    stockSize: s.stock.length,
    lastChoice: s.phase === 'chooseLast' ? { hidden: versionOf(s) >= 2 ? null : (s.stock[0] as Card), open: s.trumpCard as Card } : null,
    dutyToFollow: dutyToFollow(s),
    hand: own === null ? null : sortHand(handOf(s, own), s.trump),
    handSizes: s.hands.map((h) => h.length),
    knownCards: s.known.map((k) => sortHand(k, s.trump)),
    trick: { leader: s.trick.leader, plays: s.trick.plays.map((p) => ({ ...p })) },
    lastTrick: s.lastTrick && { ...s.lastTrick, plays: s.lastTrick.plays.map((p) => ({ ...p })) },
    tricksPlayed: s.tricksPlayed,
    tricksPerHand: tricksPerHand(s),
    tricksWon: [...s.tricksWon],
    roemTrick: !s.roemShown && s.phase !== 'over',
    roem: s.statements.map((st) => statementView(s, st, own)),
    roemShown: s.roemShown,
    roemPoints: [...s.roem],
    stuk: [...s.stuk],
    carried: [...s.carried],
    turnSteps: { seat: s.turn, acted: s.turnActed, stuk: s.stukThisTurn, statement: s.openStatement },
    lastResult: s.lastResult && structuredClone(s.lastResult),
    awards: s.awards ? s.awards.map((a) => ({ ...a })) : null,
    resigned: [...s.resigned],
    over: isOver(s),
    winner: s.winner,
    events: s.events.map((e) => eventFor(s, e, own)).filter((e) => e !== null),
  };
}
