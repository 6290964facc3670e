import { IllegalAction, allSeats, indexOfAction, rankSeats, type GameDefinition, type GameResult, type RngState, type Seat } from '../../engine/index.js';
import { sortHand, suitOf, type Card } from './cards.js';
import { legalPlays } from './tricks.js';
import {
  RULES_VERSION,
  dutyToFollow,
  handOf,
  honderdenOptions,
  inMatch,
  isOver,
  mayClaim,
  nextPlayer,
  stukCards,
  tableOf,
  toAct,
  trumpSeven,
  versionOf,
  type HonderdenAction,
  type HonderdenOptions,
  type HonderdenState,
} from './state.js';
import { setup, startGame } from './deal.js';
import { endMatch } from './ending.js';
import { perform } from './play.js';
import { roemActions } from './roem-trick.js';
import { determinize } from './determinize.js';
import { obviousStep, playoutAction } from './bot.js';
import { solveEndgame } from './endgame.js';
import { view, type HonderdenView } from './view.js';
import { turnEnded } from './turn-end.js';

export * from './cards.js';
export * from './roem.js';
export * from './tricks.js';
export * from './state.js';
export * from './view.js';
export { HAND_SIZE_TWO, HAND_SIZE_THREE } from './deal.js';
export { JAN } from './ending.js';

/*
 * Honderden, for two or three players (the seat count decides which rules apply). A match is a
 * series of games, each game a series of hands until a player reaches 100 points; a game won
 * earns game points, and the match is played to a target of game points. The rules as the project
 * plays them are in docs/rules/honderden.md. Decisions this engine adds where the rules are
 * silent:
 *
 * Rules versions: every game keeps the version it was opened under (`versionOf`). Version 2 keeps
 * the hidden card of the last draw unseen until it is taken, and three players' roem untold until
 * the first trick is complete (play.ts and view.ts); version 3 offers the claim only once it can
 * be right (play.ts). Games of earlier versions play on as they began.
 *
 * The deal is in deal.ts, what each action does in play.ts, the end of a hand and the match in
 * ending.ts, each with the decisions it makes.
 *
 * Leaving: two players, the other wins. Three players: the hand in progress is abandoned, the
 * points of the game in progress are dropped, and the two who remain play on with the two-player
 * rules (a new game, dealt by the next remaining player); game points are kept. Players who left
 * rank below those who stayed, the last to leave highest among them.
 */

// ---------------------------------------------------------------------------------------------
// Legal actions

function canSwap(s: HonderdenState, seat: Seat): boolean {
  return tableOf(s) === 'two' && !s.turnActed && s.trumpCard !== null && handOf(s, seat).includes(trumpSeven(s));
}

function canStuk(s: HonderdenState, seat: Seat): boolean {
  if (s.stuk[seat]) return false;
  const [king, queen] = stukCards(s);
  const hand = handOf(s, seat);
  return hand.includes(king) && hand.includes(queen);
}

function playableCards(s: HonderdenState, seat: Seat): Card[] {
  const first = s.trick.plays[0];
  const led = first ? suitOf(first.card) : null;
  return sortHand(legalPlays(handOf(s, seat), led, s.trump, dutyToFollow(s)), s.trump);
}

function legalActions(s: HonderdenState, seat: Seat): HonderdenAction[] {
  if (s.phase === 'over' || !inMatch(s, seat) || seat !== s.turn) return [];
  switch (s.phase) {
    case 'play': {
      const actions: HonderdenAction[] = [];
      if (canSwap(s, seat)) actions.push({ type: 'swap' });
      if (s.tricksPlayed === 0) actions.push(...roemActions(s, seat));
      if (canStuk(s, seat)) actions.push({ type: 'stuk' });
      if (mayClaim(s, seat)) actions.push({ type: 'claim' });
      for (const card of playableCards(s, seat)) actions.push({ type: 'play', card });
      return actions;
    }
    case 'roemAnswer':
      return [...roemActions(s, seat), { type: 'done' }];
    case 'chooseLast':
      return [
        // Kept for games opened under version 1: the hidden card, shown before the choice, named.
        versionOf(s) >= 2 ? { type: 'takeHidden' } : { type: 'take', card: s.stock[0] as Card },
        { type: 'take', card: s.trumpCard as Card },
      ];
  }
}

// ---------------------------------------------------------------------------------------------
// Applying actions (what each does: play.ts), leaving

/**
 * Plain data throughout; statements are copied, their lists replaced before they change; finished
 * tricks and results are never changed. Every field is written out: one fixed shape keeps this
 * fast.
 */
function cloneState(s: HonderdenState): HonderdenState {
  return {
    seats: s.seats,
    target: s.target,
    rng: s.rng.slice() as RngState,
    players: s.players.slice(),
    resigned: s.resigned.slice(),
    resignOrder: s.resignOrder.slice(),
    gamePoints: s.gamePoints.slice(),
    game: s.game,
    hand: s.hand,
    handInGame: s.handInGame,
    rules: versionOf(s),
    dealer: s.dealer,
    handLeader: s.handLeader,
    trump: s.trump,
    turnedUp: s.turnedUp,
    trumpCard: s.trumpCard,
    stock: s.stock.slice(),
    hands: s.hands.map((h) => h.slice()),
    known: s.known.map((k) => k.slice()),
    won: s.won.map((w) => w.slice()),
    tricksWon: s.tricksWon.slice(),
    tricksPlayed: s.tricksPlayed,
    trick: { leader: s.trick.leader, plays: s.trick.plays.slice() },
    lastTrick: s.lastTrick,
    lastTrickWinner: s.lastTrickWinner,
    phase: s.phase,
    turn: s.turn,
    turnActed: s.turnActed,
    stukThisTurn: s.stukThisTurn,
    openStatement: s.openStatement,
    statements: s.statements.map((st) => ({ ...st })),
    standing: s.standing,
    answered: s.answered.slice(),
    roemShown: s.roemShown,
    roem: s.roem.slice(),
    stuk: s.stuk.slice(),
    carried: s.carried.slice(),
    lastResult: s.lastResult,
    // Replaced, never changed in place; undefined in states stored before it was kept.
    awards: s.awards,
    winner: s.winner,
    events: [],
  };
}

function apply(s: HonderdenState, seat: Seat, action: HonderdenAction): HonderdenState {
  // The same action as the service and the bots take it (src/engine/action-identity.ts): a field
  // more, less or changed, anywhere in it, is another action.
  const legal = legalActions(s, seat);
  const listed = legal[indexOfAction(legal, action)];
  if (!listed) throw new IllegalAction(`not a legal Honderden action for seat ${seat}: ${JSON.stringify(action)}`);
  const next = cloneState(s);
  perform(next, seat, listed);
  return next;
}

function resign(s: HonderdenState, seat: Seat): HonderdenState {
  if (isOver(s) || !inMatch(s, seat)) throw new IllegalAction(`seat ${seat} cannot resign now`);
  const next = cloneState(s);
  next.resigned[seat] = true;
  next.resignOrder.push(seat);
  next.players = next.players.filter((p) => p !== seat);
  next.events.push({ type: 'resigned', seat });
  if (next.players.length === 1) {
    endMatch(next, next.players[0] as Seat, 'resigned');
    return next;
  }
  // Three players become two: the hand is abandoned and a two-player game begins.
  next.events.push({ type: 'handAbandoned', hand: next.hand });
  startGame(next, nextPlayer(next, next.dealer));
  return next;
}

// ---------------------------------------------------------------------------------------------
// The end

/** Scores are game points; players who left rank below those who stayed, the last to leave highest. */
function result(s: HonderdenState): GameResult | null {
  if (!isOver(s)) return null;
  const scores = [...s.gamePoints];
  const leftRank = (seat: Seat) => (s.resigned[seat] ? s.seats - s.resignOrder.indexOf(seat) : 0);
  const ranking = rankSeats(allSeats(s.seats), (a, b) => leftRank(a) - leftRank(b) || (scores[b] as number) - (scores[a] as number));
  return { scores, ranking };
}

export const honderden: GameDefinition<HonderdenState, HonderdenAction, HonderdenOptions, HonderdenView> = {
  id: 'honderden',
  rulesVersion: RULES_VERSION,
  minSeats: 2,
  maxSeats: 3,
  options: honderdenOptions,
  setup,
  toAct,
  legalActions,
  apply,
  turnEnded,
  view,
  isOver,
  result,
  resign,
  /**
   * For an absent player: play a card (his first playable one), let the roem stand, take the first
   * of the last two cards. Never the listed first step, which may be a claim: a wrong "ik dek"
   * loses the hand, no safe move.
   */
  timeoutAction: (s, seat) => {
    const legal = legalActions(s, seat);
    return legal.find((a) => a.type === 'play' || a.type === 'done') ?? (legal[0] as HonderdenAction);
  },
  determinize,
  obviousStep,
  playoutAction,
  solve: solveEndgame,
  // What the other player should play depends on his hand: in the search's tree he plays by the
  // policy (two players; with three the policy plays at random).
  othersByPolicy: (s) => s.players.length === 2,
};
