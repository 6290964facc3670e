import { allSeats, randomInt, seedRng, shuffleInPlace, type Seat } from '../../engine/index.js';
import { DECK_24, DECK_32, suitOf, type Card } from './cards.js';
import {
  RULES_VERSION,
  addKnown,
  handOf,
  honderdenOptions,
  nextPlayer,
  playersFrom,
  tableOf,
  type HonderdenOptions,
  type HonderdenState,
  type Phase,
} from './state.js';

/*
 * Dealing Honderden: the match's setup, each hand's deal and each new game.
 *
 * Deal and turns
 * - The first dealer is drawn at random from the seed. The player after the dealer leads the
 *   first trick of a hand. A new game (after a hand was won) is dealt by the next player; two
 *   players keep the dealer while points are carried on, three players pass the deal on after
 *   every hand. A tied hand is replayed by the same dealer, with the points as they were at its
 *   start.
 * - Three players: cards are dealt one at a time from the player after the dealer, so the last
 *   card dealt is the dealer's; it lies face up (everybody knows he holds it until he plays it).
 */

export const HAND_SIZE_TWO = 9;
export const HAND_SIZE_THREE = 8;

export function setup({
  seats,
  seed,
  options,
  rulesVersion,
}: {
  seats: number;
  seed: string;
  options: HonderdenOptions;
  rulesVersion?: number;
}): HonderdenState {
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
export function deal(s: HonderdenState, replay: boolean): void {
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

/** A player's turn begins: nothing done in it yet. */
export function startTurn(s: HonderdenState, phase: Exclude<Phase, 'over'>, seat: Seat): void {
  s.phase = phase;
  s.turn = seat;
  s.turnActed = false;
  s.stukThisTurn = false;
  s.openStatement = null;
}

/** A new game: points start from nothing; the first hand is dealt by `dealer`. */
export function startGame(s: HonderdenState, dealer: Seat): void {
  s.game++;
  s.handInGame = 1;
  s.carried = allSeats(s.seats).map(() => 0);
  s.dealer = dealer;
  deal(s, false);
}
