import { z } from 'zod';
import {
  IllegalAction,
  allSeats,
  randomInt,
  rankSeats,
  removeOne,
  seedRng,
  shuffleInPlace,
  type GameDefinition,
  type GameResult,
  type RngState,
  type Seat,
} from '../../engine/index.js';
import { DECK_24, DECK_32, sortHand, suitOf, type Card } from './cards.js';
import { totalPoints } from './roem.js';
import { legalPlays, trickWinnerIndex } from './tricks.js';
import {
  HUNDRED,
  RULES_VERSION,
  dutyToFollow,
  handOf,
  inMatch,
  isOver,
  mayClaim,
  nextPlayer,
  playersFrom,
  pointsOf,
  statementOf,
  tableOf,
  toAct,
  tricksPerHand,
  versionOf,
  type FinishedTrick,
  type GamePointAward,
  type HandPoints,
  type HandResult,
  type HonderdenAction,
  type HonderdenState,
  type Phase,
  type Play,
  type Statement,
} from './state.js';
import { closeStatement, declare, reject, roemActions, tellRoem } from './roem-trick.js';
import { determinize } from './determinize.js';
import { obviousStep, playoutAction } from './bot.js';
import { view, type HonderdenView } from './view.js';
import { turnEnded } from './turn-end.js';

export * from './cards.js';
export * from './roem.js';
export * from './tricks.js';
export * from './state.js';
export * from './view.js';

/*
 * Honderden, for two or three players (the seat count decides which rules apply). A match is a
 * series of games, each game a series of hands until a player reaches 100 points; a game won
 * earns game points, and the match is played to a target of game points. The rules as the project
 * decided them are in shared/rules/NOTES.md, section 5. Decisions this engine adds where the
 * rules are silent:
 *
 * Rules versions: every game keeps the version it was opened under (`versionOf`). Version 2 keeps
 * the hidden card of the last draw unseen until it is taken, and three players' roem untold until
 * the first trick is complete (below, and view.ts); version 3 offers the claim only once it can
 * be right (below). Games of earlier versions play on as they began.
 *
 * Deal and turns
 * - The first dealer is drawn at random from the seed. The player after the dealer leads the
 *   first trick of a hand. A new game (after a hand was won) is dealt by the next player; two
 *   players keep the dealer while points are carried on, three players pass the deal on after
 *   every hand. A tied hand is replayed by the same dealer, with the points as they were at its
 *   start.
 * - Three players: cards are dealt one at a time from the player after the dealer, so the last
 *   card dealt is the dealer's; it lies face up (everybody knows he holds it until he plays it).
 *
 * A turn is a few small steps, each its own action, ending with playing a card:
 * - `swap` (two players: the trump 7 for the open trump card) only as the first step of a turn;
 * - roem in the first trick: `declare <category>` or `reject <category>`, then `declare` again for
 *   each further combination of the same statement;
 * - `stuk` (trump king and queen in hand; once a hand; never rejected);
 * - `claim` ("ik dek"): two players at any step of their turn; three players only in the turn in
 *   which they declare stuk, and (decided, to keep hands secret) only on their own turn, although
 *   the rulebook lets them interrupt: waiting for a stuk holder at any moment would reveal him.
 *   From version 3 a claim is offered only once the player can have 100 points (the rulebook:
 *   "wanneer je denkt 100 punten te hebben verzameld"): once he has won a trick, or when the
 *   points everybody knows of (carried, shown roem, stuk) already make 100. Before that it could
 *   only be wrong, and it tells nothing the table does not know;
 * - `play <card>`, which ends the turn.
 * Two players draw by themselves after each trick of the first part, the winner first; only the
 * last draw is a choice: `takeHidden` (the hidden card, unseen until it is taken; then it is
 * shown to both) or `take <card>` (the open trump card; the other player gets the hidden card and
 * shows it). Version 1 showed the hidden card first and named it: `take <card>` for either. The
 * swap is possible until that draw, also in the first trick.
 *
 * Roem (first trick only)
 * - A player makes at most one roem statement per hand: a declaration (when nobody's declaration
 *   stands) or a rejection of the standing one. Once a declaration stands, others can only reject
 *   it: a lower declaration of theirs could always be rejected by it. A rejection may be made
 *   with any combination that could be higher than what the standing declarer announced (the
 *   announcement is vague); it is resolved when the rejecter finishes his turn (plays his card):
 *   his best combination against the declarer's best, in NOTES' order. Success voids all of the
 *   declarer's roem and makes the rejecter's statement the standing one; a rejection that proves
 *   not higher fails and counts nothing. A carré counts as "in trump" for the tie-break (it holds
 *   the trump card of its rank); equal roem otherwise goes to the player earlier in the trick.
 * - A rejecter, like a declarer, may add further combinations to his statement (`declare` after
 *   `reject`); all of them count if the rejection succeeds. There is no counter-rejection: a
 *   player whose declaration was rejected has made his statement.
 * - Three players (version 2): until the first trick is complete, the third player is not told
 *   what the others said nor how a rejection was judged (view.ts). While a declaration stands he
 *   may still reject it, naming any roem he holds; it is judged against whatever stands then. The
 *   judgements are told with everything said (`roemTold`) once his card completes the trick.
 * - After the first trick, every player who made no statement and has not yet answered the
 *   standing declaration may still reject it (the leader rejecting the follower's declaration,
 *   NOTES), in playing order, then `done`. Such a player is asked even when he holds nothing to
 *   reject with (his only action is then `done`), so that the wait reveals nothing. A player who
 *   played after a declaration without rejecting it has answered it.
 * - Roem is made of the hand plus the card played to the first trick (the played card may belong
 *   to it). A sequence is declared at its full length (the longest run in that suit); a declared
 *   category that fits several held combinations takes the best of them.
 * - The roem is shown after the first trick and its answers: every statement with its cards.
 * - Roem of 100 or more in the one declaration that counts (stuk not included) is one won hand
 *   at once: 1 game point. That roem is then spent: it does not count toward the hand's points
 *   (the rulebook lets a claim count only points made another way). If the game points reach the
 *   target, the match ends at once.
 *
 * Ends of hands and game points
 * - Points of a hand: card points of won tricks, counted roem, stuk, 5 for the last trick, plus
 *   the points carried from the earlier hands of the same game. Roem counts once it is shown
 *   (a claim in the first trick counts none).
 * - Views never hold the cards of won tricks (only how many tricks), nor running point totals: the
 *   claim needs attention, as at the table. The points carried from earlier hands, roem and stuk are public, as is
 *   every card a player was seen to take or show (`knownCards`). All points are given with the
 *   hand's result. Every award of game points is kept (`awards`) for the final account.
 * - A claim is right with 100 or more at that moment. A wrong claim gives the hand to the
 *   opponent; with three players to the other player with more points (equal: the hand is
 *   replayed). Onder Jan counts in every won hand; a pit needs every trick of the hand, so a claim
 *   is never a pit, and only the hand's winner can score one.
 * - Two players: the winner gets 1, +1 if the loser has under 50, +1 for a pit. Three players: 1,
 *   or 2 if both others have under 50; a pit in the first hand of a game (a replay of it too) is 3.
 * - A tie for the most points (of 100 or more) replays the hand.
 *
 * Leaving: two players, the other wins. Three players: the hand in progress is abandoned, the
 * points of the game in progress are dropped, and the two who remain play on with the two-player
 * rules (a new game, dealt by the next remaining player); game points are kept. Players who left
 * rank below those who stayed, the last to leave highest among them.
 */

export const HAND_SIZE_TWO = 9;
export const HAND_SIZE_THREE = 8;
/** A loser under this is "onder Jan". */
export const JAN = 50;

export const honderdenOptions = z.object({
  /** Game points that win the match. */
  target: z.number().int().min(1).max(25).default(5),
});
export type HonderdenOptions = z.infer<typeof honderdenOptions>;

// ---------------------------------------------------------------------------------------------
// Small queries

function addKnown(s: HonderdenState, seat: Seat, card: Card): void {
  const known = s.known[seat] as Card[];
  if (!known.includes(card)) known.push(card);
}

const trumpSeven = (s: HonderdenState): Card => `7${s.trump}`;
const stukCards = (s: HonderdenState): [Card, Card] => [`K${s.trump}`, `Q${s.trump}`];

// ---------------------------------------------------------------------------------------------
// Setup and dealing

function setup({ seats, seed, options, rulesVersion }: { seats: number; seed: string; options: HonderdenOptions; rulesVersion?: number }): HonderdenState {
  if (!Number.isInteger(seats) || seats < 2 || seats > 3) throw new RangeError('Honderden needs 2 or 3 players');
  // Parsed again so that a caller passing raw options still gets the defaults.
  const { target } = honderdenOptions.parse(options ?? {});
  const rng = seedRng(seed);
  const zeros = allSeats(seats).map(() => 0);
  const s: HonderdenState = {
    seats,
    target,
    rng,
    players: allSeats(seats),
    resigned: allSeats(seats).map(() => false),
    resignOrder: [],
    gamePoints: [...zeros],
    game: 1,
    hand: 0,
    handInGame: 1,
    rules: rulesVersion ?? RULES_VERSION,
    dealer: randomInt(rng, seats),
    handLeader: 0,
    trump: 'S',
    turnedUp: '7S',
    trumpCard: null,
    stock: [],
    hands: [],
    known: [],
    won: [],
    tricksWon: [...zeros],
    tricksPlayed: 0,
    trick: { leader: 0, plays: [] },
    lastTrick: null,
    lastTrickWinner: null,
    phase: 'play',
    turn: 0,
    turnActed: false,
    stukThisTurn: false,
    openStatement: null,
    statements: [],
    standing: null,
    answered: [],
    roemShown: false,
    roem: [...zeros],
    stuk: allSeats(seats).map(() => false),
    carried: [...zeros],
    lastResult: null,
    awards: [],
    winner: null,
    events: [],
  };
  deal(s, false);
  return s;
}

/** Deals a hand by the current dealer with the rules for the players still in the match. */
function deal(s: HonderdenState, replay: boolean): void {
  const seats = allSeats(s.seats);
  s.hand++;
  const table = tableOf(s);
  const deck = shuffleInPlace(s.rng, [...(table === 'two' ? DECK_32 : DECK_24)]);
  s.hands = seats.map(() => []);
  s.known = seats.map(() => []);
  const order = playersFrom(s, nextPlayer(s, s.dealer));
  if (table === 'two') {
    // Three packets of three, the opponent first.
    for (let round = 0; round < HAND_SIZE_TWO / 3; round++) {
      for (const seat of order) handOf(s, seat).push(...deck.splice(deck.length - 3, 3));
    }
    // The rest is the stock; its top card is turned and lies open under it.
    s.turnedUp = deck.pop() as Card;
    s.trumpCard = s.turnedUp;
    s.stock = deck;
  } else {
    for (let round = 0; round < HAND_SIZE_THREE; round++) {
      for (const seat of order) handOf(s, seat).push(deck.pop() as Card);
    }
    // The last card dealt is the dealer's, face up.
    s.turnedUp = handOf(s, s.dealer)[HAND_SIZE_THREE - 1] as Card;
    s.trumpCard = null;
    s.stock = [];
    addKnown(s, s.dealer, s.turnedUp);
  }
  s.trump = suitOf(s.turnedUp);
  s.won = seats.map(() => []);
  s.tricksWon = seats.map(() => 0);
  s.tricksPlayed = 0;
  s.handLeader = order[0] as Seat;
  s.trick = { leader: s.handLeader, plays: [] };
  s.lastTrick = null;
  s.lastTrickWinner = null;
  s.statements = [];
  s.standing = null;
  s.answered = [];
  s.roemShown = false;
  s.roem = seats.map(() => 0);
  s.stuk = seats.map(() => false);
  startTurn(s, 'play', s.handLeader);
  s.events.push({
    type: 'handDealt',
    hand: s.hand,
    game: s.game,
    handInGame: s.handInGame,
    rules: table,
    dealer: s.dealer,
    leader: s.handLeader,
    trump: s.trump,
    turnedUp: s.turnedUp,
    replay,
  });
}

function startTurn(s: HonderdenState, phase: Exclude<Phase, 'over'>, seat: Seat): void {
  s.phase = phase;
  s.turn = seat;
  s.turnActed = false;
  s.stukThisTurn = false;
  s.openStatement = null;
}

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

function sameAction(a: HonderdenAction, b: HonderdenAction): boolean {
  if (typeof b !== 'object' || b === null || a.type !== b.type) return false;
  switch (a.type) {
    case 'play':
    case 'take':
      return a.card === (b as typeof a).card;
    case 'declare':
    case 'reject': {
      const other = (b as typeof a).roem;
      if (typeof other !== 'object' || other === null) return false;
      if (a.roem.kind === 'carre') return other.kind === 'carre';
      return other.kind === 'sequence' && a.roem.length === other.length && a.roem.top === other.top;
    }
    default:
      return true;
  }
}

// ---------------------------------------------------------------------------------------------
// Carrying out actions

function perform(s: HonderdenState, seat: Seat, action: HonderdenAction): void {
  switch (action.type) {
    case 'swap':
      return swap(s, seat);
    case 'declare':
      return declare(s, seat, action.roem);
    case 'reject':
      return reject(s, seat, action.roem);
    case 'stuk':
      return declareStuk(s, seat);
    case 'claim':
      return claim(s, seat);
    case 'play':
      return play(s, seat, action.card);
    case 'done':
      return finishAnswer(s, seat);
    case 'take':
      return takeLast(s, seat, action.card);
    case 'takeHidden':
      return takeLast(s, seat, s.stock[0] as Card);
  }
}

function swap(s: HonderdenState, seat: Seat): void {
  const seven = trumpSeven(s);
  const took = s.trumpCard as Card;
  const hand = handOf(s, seat);
  removeOne(hand, seven);
  // The 7 is known to have left his hand (it may have been shown before, in roem). Kept as it was
  // for games opened under version 1, whose views showed it on.
  if (versionOf(s) >= 2) removeOne(s.known[seat] as Card[], seven);
  hand.push(took);
  addKnown(s, seat, took);
  s.trumpCard = seven;
  s.events.push({ type: 'swapped', seat, took, gave: seven });
}

function declareStuk(s: HonderdenState, seat: Seat): void {
  s.turnActed = true;
  s.stukThisTurn = true;
  s.stuk[seat] = true;
  const cards = stukCards(s);
  for (const card of cards) addKnown(s, seat, card);
  s.events.push({ type: 'stuk', seat, cards });
}

function play(s: HonderdenState, seat: Seat, card: Card): void {
  removeOne(handOf(s, seat), card);
  removeOne(s.known[seat] as Card[], card);
  s.trick.plays.push({ seat, card });
  s.events.push({ type: 'played', seat, card });
  if (s.tricksPlayed === 0) closeStatement(s, seat);
  if (s.trick.plays.length < s.players.length) {
    startTurn(s, 'play', nextPlayer(s, seat));
    return;
  }
  completeTrick(s);
}

function completeTrick(s: HonderdenState): void {
  const plays = s.trick.plays;
  const winner = (plays[trickWinnerIndex(plays.map((p) => p.card), s.trump)] as Play).seat;
  for (const p of plays) (s.won[winner] as Card[]).push(p.card);
  s.tricksWon[winner] = (s.tricksWon[winner] as number) + 1;
  s.tricksPlayed++;
  s.lastTrick = { leader: s.trick.leader, plays, winner };
  s.trick = { leader: winner, plays: [] };
  const last = s.tricksPlayed === tricksPerHand(s);
  s.events.push({ type: 'trickWon', seat: winner, trick: s.tricksPlayed, plays: [...plays], last });
  if (last) {
    s.lastTrickWinner = winner;
    endHand(s, 'playedOut', null);
    return;
  }
  if (s.tricksPlayed === 1) {
    nextRoemAnswer(s);
    // Three players (version 2): what was said is told to all now; when nobody answers, the roem
    // shown at once tells it anyway.
    if (!s.roemShown && tableOf(s) === 'three' && versionOf(s) >= 2) tellRoem(s);
    return;
  }
  continueHand(s);
}

/**
 * After the first trick: the next player (in playing order) who made no statement and has not
 * answered the standing declaration may reject it; when nobody is left, the roem is shown.
 */
function nextRoemAnswer(s: HonderdenState): void {
  if (s.standing !== null) {
    const standing = s.statements[s.standing] as Statement;
    for (const seat of playersFrom(s, s.handLeader)) {
      if (seat === standing.seat || s.answered.includes(seat) || statementOf(s, seat)) continue;
      startTurn(s, 'roemAnswer', seat);
      return;
    }
  }
  showRoem(s);
  if (s.phase !== 'over') continueHand(s);
}

function finishAnswer(s: HonderdenState, seat: Seat): void {
  closeStatement(s, seat);
  nextRoemAnswer(s);
}

function showRoem(s: HonderdenState): void {
  s.roemShown = true;
  if (s.statements.length === 0) return;
  const counted = s.standing === null ? null : (s.statements[s.standing] as Statement);
  let hundred = false;
  if (counted) {
    const points = totalPoints(counted.combos);
    hundred = points >= HUNDRED;
    counted.status = hundred ? 'hundred' : 'counted';
    if (!hundred) s.roem[counted.seat] = (s.roem[counted.seat] as number) + points;
  }
  for (const st of s.statements) {
    for (const combo of st.combos) {
      for (const card of combo.cards) if (handOf(s, st.seat).includes(card)) addKnown(s, st.seat, card);
    }
  }
  s.events.push({
    type: 'roemShown',
    statements: s.statements.map((st) => ({
      seat: st.seat,
      kind: st.kind,
      of: st.of,
      combos: st.combos,
      points: totalPoints(st.combos),
      status: st.status,
    })),
  });
  if (counted && hundred) {
    s.events.push({ type: 'roemHundred', seat: counted.seat, points: totalPoints(counted.combos) });
    awardGamePoints(s, counted.seat, 1, 'roem', { onderJan: false, pit: false, roem: totalPoints(counted.combos) });
  }
}

/** Two players: draws from the stock after a trick (or the last choice); then the winner leads. */
function continueHand(s: HonderdenState): void {
  const winner = (s.lastTrick as FinishedTrick).winner;
  if (tableOf(s) === 'two' && s.trumpCard !== null) {
    if (s.stock.length === 1) {
      startTurn(s, 'chooseLast', winner);
      if (versionOf(s) >= 2) s.events.push({ type: 'lastDraw', open: s.trumpCard, chooser: winner });
      // Kept for games opened under version 1: the hidden card was shown before the choice.
      else s.events.push({ type: 'hiddenShown', card: s.stock[0] as Card, open: s.trumpCard, chooser: winner });
      return;
    }
    for (const seat of [winner, nextPlayer(s, winner)]) {
      const card = s.stock.pop() as Card;
      handOf(s, seat).push(card);
      s.events.push({ type: 'drew', seat, card });
    }
  }
  startTurn(s, 'play', winner);
}

function takeLast(s: HonderdenState, seat: Seat, card: Card): void {
  const hidden = s.stock[0] as Card;
  const open = s.trumpCard as Card;
  const other = nextPlayer(s, seat);
  const rest = card === hidden ? open : hidden;
  s.stock = [];
  s.trumpCard = null;
  handOf(s, seat).push(card);
  handOf(s, other).push(rest);
  addKnown(s, seat, card);
  addKnown(s, other, rest);
  // Whoever gets the hidden card shows it as he takes it: both cards are known to all. (Saying
  // which was the hidden one changes only what is told, so games of version 1 say it too.)
  s.events.push(
    { type: 'took', seat, card, hidden: card === hidden },
    { type: 'took', seat: other, card: rest, hidden: rest === hidden },
    { type: 'stockEmpty' },
  );
  startTurn(s, 'play', seat);
}

function claim(s: HonderdenState, seat: Seat): void {
  const points = pointsOf(s, seat).total;
  const right = points >= HUNDRED;
  s.events.push({ type: 'claimed', seat, points, right });
  endHand(s, right ? 'claim' : 'wrongClaim', seat);
}

// ---------------------------------------------------------------------------------------------
// Ends of hands, games and the match

function endHand(s: HonderdenState, ending: HandResult['ending'], claimer: Seat | null): void {
  const points = allSeats(s.seats).map((seat) => (s.players.includes(seat) ? pointsOf(s, seat) : null));
  const total = (seat: Seat) => (points[seat] as HandPoints).total;
  let winner: Seat | null = null;
  let tie = false;
  if (ending === 'claim') {
    winner = claimer;
  } else {
    const candidates = s.players.filter((seat) => seat !== claimer && (ending === 'wrongClaim' || total(seat) >= HUNDRED));
    if (candidates.length > 0) {
      const best = Math.max(...candidates.map(total));
      const top = candidates.filter((seat) => total(seat) === best);
      if (top.length === 1) winner = top[0] as Seat;
      else tie = true;
    }
  }
  const result: HandResult = {
    hand: s.hand,
    game: s.game,
    handInGame: s.handInGame,
    ending,
    claimer,
    points,
    tricksWon: [...s.tricksWon],
    winner,
    gamePoints: 0,
    onderJan: false,
    pit: false,
    next: tie ? 'replay' : winner === null ? 'nextHand' : 'newGame',
  };
  if (winner !== null) {
    const losers = s.players.filter((seat) => seat !== winner);
    const allTricks = ending === 'playedOut' && s.tricksWon[winner] === tricksPerHand(s);
    result.onderJan = losers.every((seat) => total(seat) < JAN);
    if (tableOf(s) === 'two') {
      result.pit = allTricks;
      result.gamePoints = 1 + Number(result.onderJan) + Number(result.pit);
    } else {
      result.pit = allTricks && s.handInGame === 1;
      result.gamePoints = result.pit ? 3 : result.onderJan ? 2 : 1;
    }
  }
  s.lastResult = result;
  s.events.push({ type: 'handEnded', result });
  if (winner !== null) {
    awardGamePoints(s, winner, result.gamePoints, 'hand', { onderJan: result.onderJan, pit: result.pit, roem: 0 });
    if (s.phase === 'over') {
      result.next = 'matchOver';
      return;
    }
    startGame(s, nextPlayer(s, s.dealer));
  } else if (tie) {
    deal(s, true);
  } else {
    for (const seat of s.players) s.carried[seat] = total(seat);
    s.handInGame++;
    if (tableOf(s) === 'three') s.dealer = nextPlayer(s, s.dealer);
    deal(s, false);
  }
}

function awardGamePoints(s: HonderdenState, seat: Seat, gained: number, reason: 'hand' | 'roem', how: Pick<GamePointAward, 'onderJan' | 'pit' | 'roem'>): void {
  s.gamePoints[seat] = (s.gamePoints[seat] as number) + gained;
  s.awards = [...(s.awards ?? []), { seat, hand: s.hand, gained, reason, ...how }];
  s.events.push({ type: 'gamePoints', seat, gained, reason, totals: [...s.gamePoints] });
  if ((s.gamePoints[seat] as number) >= s.target) endMatch(s, seat, 'target');
}

function endMatch(s: HonderdenState, winner: Seat, reason: 'target' | 'resigned'): void {
  s.phase = 'over';
  s.winner = winner;
  s.turnActed = false;
  s.stukThisTurn = false;
  s.openStatement = null;
  s.events.push({ type: 'matchOver', winner, reason });
}

/** A new game: points start from nothing; the first hand is dealt by `dealer`. */
function startGame(s: HonderdenState, dealer: Seat): void {
  s.game++;
  s.handInGame = 1;
  s.carried = allSeats(s.seats).map(() => 0);
  s.dealer = dealer;
  deal(s, false);
}

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
  const listed = legalActions(s, seat).find((a) => sameAction(a, action));
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
// Turn order, the end and views

/** Scores are game points; players who left rank below those who stayed, the last to leave highest. */
function result(s: HonderdenState): GameResult | null {
  if (!isOver(s)) return null;
  const scores = [...s.gamePoints];
  const leftRank = (seat: Seat) => (s.resigned[seat] ? s.seats - s.resignOrder.indexOf(seat) : 0);
  const ranking = rankSeats(
    allSeats(s.seats),
    (a, b) => leftRank(a) - leftRank(b) || (scores[b] as number) - (scores[a] as number),
  );
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
};
