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
import {
  DECK_24,
  DECK_32,
  LAST_TRICK_POINTS,
  sortHand,
  sumPoints,
  suitOf,
  type Card,
  type Suit,
} from './cards.js';
import {
  bestCombo,
  categoryOf,
  compareCombos,
  findCombos,
  mayBeat,
  sameCategory,
  sameCombo,
  totalPoints,
  type Combo,
  type RoemCategory,
} from './roem.js';
import { legalPlays, trickWinnerIndex } from './tricks.js';

export * from './cards.js';
export * from './roem.js';
export * from './tricks.js';

/*
 * Honderden, for two or three players (the seat count decides which rules apply). A match is a
 * series of games, each game a series of hands until a player reaches 100 points; a game won
 * earns game points, and the match is played to a target of game points. The rules as the project
 * decided them are in shared/rules/NOTES.md, section 5. Decisions this engine adds where the
 * rules are silent:
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
 *   the rulebook lets them interrupt: waiting for a stuk holder at any moment would reveal him;
 * - `play <card>`, which ends the turn.
 * Two players draw by themselves after each trick of the first part, the winner first; only the
 * last draw is a choice (`take <card>`: the shown hidden card or the open trump card). The swap
 * is possible until that draw, also in the first trick.
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
 * - Views never hold running point totals or the cards of won tricks (only how many tricks); the
 *   points carried from earlier hands, roem and stuk are public, as is every card a player was
 *   seen to take or show (`knownCards`). All points are given with the hand's result.
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
export const STUK_POINTS = 20;
/** Points needed to win a hand. */
export const HUNDRED = 100;
/** A loser under this is "onder Jan". */
export const JAN = 50;

export const honderdenOptions = z.object({
  /** Game points that win the match. */
  target: z.number().int().min(1).max(25).default(5),
});
export type HonderdenOptions = z.infer<typeof honderdenOptions>;

// ---------------------------------------------------------------------------------------------
// Types

export type HonderdenAction =
  /** Play a card: always the last step of a turn. */
  | { type: 'play'; card: Card }
  /** Two players: swap the trump 7 for the open trump card under the stock (first step of a turn). */
  | { type: 'swap' }
  /** First trick: declare roem (or add a further combination to one's own statement). */
  | { type: 'declare'; roem: RoemCategory }
  /** First trick: reject the standing declaration, naming one's own (possibly higher) roem. */
  | { type: 'reject'; roem: RoemCategory }
  /** Declare stuk: trump king and queen in hand. */
  | { type: 'stuk' }
  /** "Ik dek": claim to have 100 points. */
  | { type: 'claim' }
  /** After the first trick: finish one's roem answer (no rejection, or no further combination). */
  | { type: 'done' }
  /** Two players, the last draw: take the shown hidden card or the open trump card. */
  | { type: 'take'; card: Card };

export type Rules = 'two' | 'three';

export interface Play {
  seat: Seat;
  card: Card;
}

export interface Trick {
  leader: Seat;
  plays: Play[];
}

export interface FinishedTrick extends Trick {
  winner: Seat;
}

/**
 * - pending: a rejection not yet resolved; standing: the declaration that counts unless rejected;
 * - rejected: voided by a higher rejection; failed: a rejection that was not higher;
 * - counted: shown and counted; hundred: shown and counted as a won hand at once (spent).
 */
export type StatementStatus = 'pending' | 'standing' | 'rejected' | 'failed' | 'counted' | 'hundred';

/** One player's roem statement in the first trick. */
export interface Statement {
  seat: Seat;
  kind: 'declare' | 'reject';
  /** For a rejection: whose declaration it rejects. */
  of: Seat | null;
  /** What was said, in order. */
  categories: RoemCategory[];
  /** The combinations behind it (hidden until the roem is shown). */
  combos: Combo[];
  status: StatementStatus;
}

export type Phase = 'play' | 'roemAnswer' | 'chooseLast' | 'over';

/** A seat's points at the end of a hand (carried from earlier hands of the game included). */
export interface HandPoints {
  carried: number;
  cards: number;
  roem: number;
  stuk: number;
  lastTrick: number;
  total: number;
}

export interface HandResult {
  hand: number;
  game: number;
  handInGame: number;
  ending: 'claim' | 'wrongClaim' | 'playedOut';
  claimer: Seat | null;
  /** Per seat; null for seats not in the hand. */
  points: (HandPoints | null)[];
  tricksWon: number[];
  /** Null: nobody won (points carried on) or a tie (replayed). */
  winner: Seat | null;
  gamePoints: number;
  onderJan: boolean;
  pit: boolean;
  next: 'newGame' | 'nextHand' | 'replay' | 'matchOver';
}

/** A statement as shown after the first trick. */
export interface ShownStatement {
  seat: Seat;
  kind: 'declare' | 'reject';
  of: Seat | null;
  combos: Combo[];
  points: number;
  status: StatementStatus;
}

/** What the latest action did, in order. `drew.card` is only in the drawer's own view. */
export type HonderdenEvent =
  | {
      type: 'handDealt';
      hand: number;
      game: number;
      handInGame: number;
      rules: Rules;
      dealer: Seat;
      leader: Seat;
      trump: Suit;
      /** The card that set trump: open under the stock (two players), the dealer's own (three). */
      turnedUp: Card;
      replay: boolean;
    }
  | { type: 'swapped'; seat: Seat; took: Card; gave: Card }
  | { type: 'declared'; seat: Seat; roem: RoemCategory }
  | { type: 'rejecting'; seat: Seat; of: Seat; roem: RoemCategory }
  | { type: 'rejection'; seat: Seat; of: Seat; success: boolean }
  | { type: 'noRejection'; seat: Seat }
  | { type: 'stuk'; seat: Seat; cards: [Card, Card] }
  | { type: 'played'; seat: Seat; card: Card }
  | { type: 'trickWon'; seat: Seat; trick: number; plays: Play[]; last: boolean }
  | { type: 'roemShown'; statements: ShownStatement[] }
  | { type: 'roemHundred'; seat: Seat; points: number }
  | { type: 'drew'; seat: Seat; card: Card | null }
  | { type: 'hiddenShown'; card: Card; open: Card; chooser: Seat }
  | { type: 'took'; seat: Seat; card: Card }
  | { type: 'stockEmpty' }
  | { type: 'claimed'; seat: Seat; points: number; right: boolean }
  | { type: 'handEnded'; result: HandResult }
  | { type: 'gamePoints'; seat: Seat; gained: number; reason: 'hand' | 'roem'; totals: number[] }
  | { type: 'resigned'; seat: Seat }
  | { type: 'handAbandoned'; hand: number }
  | { type: 'matchOver'; winner: Seat; reason: 'target' | 'resigned' };

export interface HonderdenState {
  seats: number;
  target: number;
  rng: RngState;
  /** Seats still in the match, in seat order (two: two-player rules). */
  players: Seat[];
  resigned: boolean[];
  resignOrder: Seat[];
  gamePoints: number[];
  /** Games started in this match (a game ends when a hand is won), 1-based. */
  game: number;
  /** Hands dealt in this match, 1-based (replays included). */
  hand: number;
  /** Hand within the current game, 1-based (a replay keeps the number). */
  handInGame: number;
  rules: Rules;
  dealer: Seat;
  /** Leader of the first trick of this hand (the roem trick's playing order). */
  handLeader: Seat;
  trump: Suit;
  turnedUp: Card;
  /** Two players: the open card under the stock (the turned card, or the trump 7 after a swap). */
  trumpCard: Card | null;
  /** Two players: the hidden stock, top card last. */
  stock: Card[];
  hands: Card[][];
  /** Hand cards every player knows (shown roem, stuk, the open cards taken, the dealer's card). */
  known: Card[][];
  /** Cards of each seat's won tricks (never shown during the hand). */
  won: Card[][];
  tricksWon: number[];
  tricksPlayed: number;
  trick: Trick;
  lastTrick: FinishedTrick | null;
  lastTrickWinner: Seat | null;
  phase: Phase;
  /** Who acts: plays, answers the roem, or chooses the last card. */
  turn: Seat;
  /** A statement or stuk was made this turn (no swap any more). */
  turnActed: boolean;
  stukThisTurn: boolean;
  /** Index of the statement being made in this turn, if any. */
  openStatement: number | null;
  statements: Statement[];
  /** Index of the declaration that stands. */
  standing: number | null;
  /** Players who had their chance to reject the standing declaration and let it stand. */
  answered: Seat[];
  roemShown: boolean;
  /** Roem points counting toward this hand. */
  roem: number[];
  stuk: boolean[];
  carried: number[];
  lastResult: HandResult | null;
  winner: Seat | null;
  events: HonderdenEvent[];
}

// ---------------------------------------------------------------------------------------------
// Small queries

const inMatch = (s: HonderdenState, seat: Seat): boolean =>
  Number.isInteger(seat) && seat >= 0 && seat < s.seats && !s.resigned[seat];

/** The next seat still in the match after `seat`. */
function nextPlayer(s: HonderdenState, seat: Seat): Seat {
  for (let k = 1; k <= s.seats; k++) {
    const candidate = (seat + k) % s.seats;
    if (!s.resigned[candidate]) return candidate;
  }
  return seat;
}

/** The players in playing order, starting with `first`. */
function playersFrom(s: HonderdenState, first: Seat): Seat[] {
  const order = [first];
  for (let seat = nextPlayer(s, first); seat !== first; seat = nextPlayer(s, seat)) order.push(seat);
  return order;
}

function handOf(s: HonderdenState, seat: Seat): Card[] {
  return s.hands[seat] as Card[];
}

function tricksPerHand(s: HonderdenState): number {
  return s.rules === 'two' ? (DECK_32.length / 2) : (DECK_24.length / 3);
}

/** Two players follow suit only once the stock is empty; three players always. */
function dutyToFollow(s: HonderdenState): boolean {
  return s.rules === 'three' || (s.stock.length === 0 && s.trumpCard === null);
}

/** Position in the first trick's playing order (the leader 0): breaks ties between equal roem. */
function roemPosition(s: HonderdenState, seat: Seat): number {
  return playersFrom(s, s.handLeader).indexOf(seat);
}

/** The cards a player's roem may be made of: his hand and the card he played to the first trick. */
function roemCards(s: HonderdenState, seat: Seat): Card[] {
  const cards = [...handOf(s, seat)];
  const trick = s.tricksPlayed === 0 ? s.trick : s.lastTrick;
  const own = trick?.plays.find((p) => p.seat === seat);
  if (own) cards.push(own.card);
  return cards;
}

function statementOf(s: HonderdenState, seat: Seat): Statement | undefined {
  return s.statements.find((st) => st.seat === seat);
}

function pointsOf(s: HonderdenState, seat: Seat): HandPoints {
  const carried = s.carried[seat] as number;
  const cards = sumPoints(s.won[seat] as Card[], s.trump);
  const roem = s.roem[seat] as number;
  const stuk = s.stuk[seat] ? STUK_POINTS : 0;
  const lastTrick = s.lastTrickWinner === seat ? LAST_TRICK_POINTS : 0;
  return { carried, cards, roem, stuk, lastTrick, total: carried + cards + roem + stuk + lastTrick };
}

function addKnown(s: HonderdenState, seat: Seat, card: Card): void {
  const known = s.known[seat] as Card[];
  if (!known.includes(card)) known.push(card);
}

const trumpSeven = (s: HonderdenState): Card => `7${s.trump}`;
const stukCards = (s: HonderdenState): [Card, Card] => [`K${s.trump}`, `Q${s.trump}`];

// ---------------------------------------------------------------------------------------------
// Setup and dealing

function setup({ seats, seed, options }: { seats: number; seed: string; options: HonderdenOptions }): HonderdenState {
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
    rules: seats === 2 ? 'two' : 'three',
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
  s.rules = s.players.length === 2 ? 'two' : 'three';
  const deck = shuffleInPlace(s.rng, [...(s.rules === 'two' ? DECK_32 : DECK_24)]);
  s.hands = seats.map(() => []);
  s.known = seats.map(() => []);
  const order = playersFrom(s, nextPlayer(s, s.dealer));
  if (s.rules === 'two') {
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
    rules: s.rules,
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

/** Distinct categories of these combinations, in the order found. */
function categories(combos: readonly Combo[]): RoemCategory[] {
  const out: RoemCategory[] = [];
  for (const combo of combos) {
    const category = categoryOf(combo);
    if (!out.some((c) => sameCategory(c, category))) out.push(category);
  }
  return out;
}

/** Combinations the seat may still add to its own open statement. */
function addableCombos(s: HonderdenState, seat: Seat, statement: Statement | null): Combo[] {
  const held = findCombos(roemCards(s, seat));
  if (!statement) return held;
  return held.filter(
    (combo) =>
      !statement.combos.some((c) => sameCombo(c, combo)) &&
      // Never two sequences in one suit.
      !(combo.kind === 'sequence' && statement.combos.some((c) => c.kind === 'sequence' && c.suit === combo.suit)),
  );
}

/** Combinations with which the seat could reject the standing declaration. */
function rejectingCombos(s: HonderdenState, seat: Seat): Combo[] {
  const standing = s.statements[s.standing as number] as Statement;
  const pos = roemPosition(s, seat);
  const standingPos = roemPosition(s, standing.seat);
  return findCombos(roemCards(s, seat)).filter((combo) =>
    standing.categories.every((category) => mayBeat(combo, pos, category, standingPos, s.trump)),
  );
}

/** Roem steps open to the seat now (first trick, or the answers after it). */
function roemActions(s: HonderdenState, seat: Seat): HonderdenAction[] {
  if (s.openStatement !== null) {
    const open = s.statements[s.openStatement] as Statement;
    return categories(addableCombos(s, seat, open)).map((roem) => ({ type: 'declare', roem }));
  }
  if (statementOf(s, seat)) return [];
  if (s.standing === null) return categories(addableCombos(s, seat, null)).map((roem) => ({ type: 'declare', roem }));
  if ((s.statements[s.standing] as Statement).seat === seat) return [];
  return categories(rejectingCombos(s, seat)).map((roem) => ({ type: 'reject', roem }));
}

function canSwap(s: HonderdenState, seat: Seat): boolean {
  return s.rules === 'two' && !s.turnActed && s.trumpCard !== null && handOf(s, seat).includes(trumpSeven(s));
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
      if (s.rules === 'two' || s.stukThisTurn) actions.push({ type: 'claim' });
      for (const card of playableCards(s, seat)) actions.push({ type: 'play', card });
      return actions;
    }
    case 'roemAnswer':
      return [...roemActions(s, seat), { type: 'done' }];
    case 'chooseLast':
      return [
        { type: 'take', card: s.stock[0] as Card },
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
  }
}

function swap(s: HonderdenState, seat: Seat): void {
  const seven = trumpSeven(s);
  const took = s.trumpCard as Card;
  const hand = handOf(s, seat);
  removeOne(hand, seven);
  hand.push(took);
  addKnown(s, seat, took);
  s.trumpCard = seven;
  s.events.push({ type: 'swapped', seat, took, gave: seven });
}

/** The best of the eligible combinations that fit the named category. */
function pickCombo(combos: Combo[], category: RoemCategory, trump: Suit): Combo {
  return bestCombo(
    combos.filter((c) => sameCategory(categoryOf(c), category)),
    trump,
  );
}

function declare(s: HonderdenState, seat: Seat, category: RoemCategory): void {
  s.turnActed = true;
  if (s.openStatement !== null) {
    const open = s.statements[s.openStatement] as Statement;
    const combo = pickCombo(addableCombos(s, seat, open), category, s.trump);
    open.categories = [...open.categories, category];
    open.combos = [...open.combos, combo];
  } else {
    const combo = pickCombo(addableCombos(s, seat, null), category, s.trump);
    s.statements.push({ seat, kind: 'declare', of: null, categories: [category], combos: [combo], status: 'standing' });
    s.openStatement = s.statements.length - 1;
    s.standing = s.openStatement;
    s.answered = [];
  }
  s.events.push({ type: 'declared', seat, roem: category });
}

function reject(s: HonderdenState, seat: Seat, category: RoemCategory): void {
  s.turnActed = true;
  const of = (s.statements[s.standing as number] as Statement).seat;
  const combo = pickCombo(rejectingCombos(s, seat), category, s.trump);
  s.statements.push({ seat, kind: 'reject', of, categories: [category], combos: [combo], status: 'pending' });
  s.openStatement = s.statements.length - 1;
  s.events.push({ type: 'rejecting', seat, of, roem: category });
}

/**
 * The seat's turn (or roem answer) is over: a rejection it made is resolved now, best combination
 * against best combination; a seat that let the standing declaration pass has answered it.
 */
function closeStatement(s: HonderdenState, seat: Seat): void {
  if (s.openStatement === null) {
    if (s.tricksPlayed === 0 || s.phase === 'roemAnswer') {
      const standing = s.standing === null ? null : (s.statements[s.standing] as Statement);
      if (standing && standing.seat !== seat && !s.answered.includes(seat)) s.answered.push(seat);
      if (s.phase === 'roemAnswer') s.events.push({ type: 'noRejection', seat });
    }
    return;
  }
  const statement = s.statements[s.openStatement] as Statement;
  s.openStatement = null;
  if (statement.kind !== 'reject') return;
  const declared = s.statements[s.standing as number] as Statement;
  const higher =
    compareCombos(
      bestCombo(statement.combos, s.trump),
      roemPosition(s, seat),
      bestCombo(declared.combos, s.trump),
      roemPosition(s, declared.seat),
      s.trump,
    ) > 0;
  if (higher) {
    declared.status = 'rejected';
    statement.status = 'standing';
    s.standing = s.statements.indexOf(statement);
    s.answered = [];
  } else {
    statement.status = 'failed';
  }
  s.events.push({ type: 'rejection', seat, of: declared.seat, success: higher });
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
    awardGamePoints(s, counted.seat, 1, 'roem');
  }
}

/** Two players: draws from the stock after a trick (or the last choice); then the winner leads. */
function continueHand(s: HonderdenState): void {
  const winner = (s.lastTrick as FinishedTrick).winner;
  if (s.rules === 'two' && s.trumpCard !== null) {
    if (s.stock.length === 1) {
      startTurn(s, 'chooseLast', winner);
      s.events.push({ type: 'hiddenShown', card: s.stock[0] as Card, open: s.trumpCard, chooser: winner });
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
  s.events.push({ type: 'took', seat, card }, { type: 'took', seat: other, card: rest }, { type: 'stockEmpty' });
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
    if (s.rules === 'two') {
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
    awardGamePoints(s, winner, result.gamePoints, 'hand');
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
    if (s.rules === 'three') s.dealer = nextPlayer(s, s.dealer);
    deal(s, false);
  }
}

function awardGamePoints(s: HonderdenState, seat: Seat, gained: number, reason: 'hand' | 'roem'): void {
  s.gamePoints[seat] = (s.gamePoints[seat] as number) + gained;
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
    rules: s.rules,
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

function isOver(s: HonderdenState): boolean {
  return s.phase === 'over';
}

function toAct(s: HonderdenState): Seat[] {
  return isOver(s) ? [] : [s.turn];
}

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

/** A roem statement as a viewer sees it: the combinations only once the roem is shown. */
export interface StatementView {
  seat: Seat;
  kind: 'declare' | 'reject';
  of: Seat | null;
  categories: RoemCategory[];
  status: StatementStatus;
  combos: Combo[] | null;
  points: number | null;
}

/** What one seat (or a spectator, null) sees. Running point totals are never part of it. */
export interface HonderdenView {
  viewer: Seat | null;
  seats: number;
  /** Seats still in the match. */
  players: Seat[];
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
  /** Two players, the last draw: the hidden card (shown to both) and the open card to choose from. */
  lastChoice: { hidden: Card; open: Card } | null;
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
  resigned: boolean[];
  over: boolean;
  winner: Seat | null;
  events: HonderdenEvent[];
}

function view(s: HonderdenState, viewer: Seat | null): HonderdenView {
  const own = viewer !== null && Number.isInteger(viewer) && viewer >= 0 && viewer < s.seats ? viewer : null;
  return {
    viewer,
    seats: s.seats,
    players: [...s.players],
    rules: s.rules,
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
    lastChoice: s.phase === 'chooseLast' ? { hidden: s.stock[0] as Card, open: s.trumpCard as Card } : null,
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
    roem: s.statements.map((st) => ({
      seat: st.seat,
      kind: st.kind,
      of: st.of,
      categories: st.categories.map((c) => ({ ...c })),
      status: st.status,
      combos: s.roemShown ? structuredClone(st.combos) : null,
      points: s.roemShown ? totalPoints(st.combos) : null,
    })),
    roemShown: s.roemShown,
    roemPoints: [...s.roem],
    stuk: [...s.stuk],
    carried: [...s.carried],
    turnSteps: { seat: s.turn, acted: s.turnActed, stuk: s.stukThisTurn, statement: s.openStatement },
    lastResult: s.lastResult && structuredClone(s.lastResult),
    resigned: [...s.resigned],
    over: isOver(s),
    winner: s.winner,
    events: s.events.map((e) => (e.type === 'drew' && e.seat !== own ? { ...e, card: null } : structuredClone(e))),
  };
}

export const honderden: GameDefinition<HonderdenState, HonderdenAction, HonderdenOptions, HonderdenView> = {
  id: 'honderden',
  rulesVersion: 1,
  minSeats: 2,
  maxSeats: 3,
  options: honderdenOptions,
  setup,
  toAct,
  legalActions,
  apply,
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
};
