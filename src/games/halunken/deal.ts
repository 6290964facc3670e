import { shuffleInPlace, type Seat } from '../../engine/index.js';
import { SPACES } from './board.js';
import { BLACK_JACK_CARDS, CAPTAIN_CARDS, SAILOR_CARDS } from './cards.js';
import { startRound } from './round-start.js';
import {
  CARDS_PER_TAVERN,
  active,
  addToCrew,
  blackJackInPlay,
  firstActiveFrom,
  ownRng,
  replaced,
  seatsOf,
  startCardHolder,
  type HalunkenState,
} from './state.js';

/*
 * A deal and the placement that opens it: the captains, one by one, then (standard game) Black Jack.
 */

/**
 * A fresh deal: three face-down sailor cards on every tavern, new movement cards, Black Jack's
 * deck shuffled. Decided: game 1 is placed from seat 0 on, and each further game of a long game
 * starts with the next seat.
 */
export function startGame(s: HalunkenState, game: number): void {
  const seats = seatsOf(s);
  const deck = shuffleInPlace(
    ownRng(s),
    SAILOR_CARDS.map((card) => ({ ...card })),
  );
  s.game = game;
  s.round = 0;
  s.taverns = Array.from({ length: SPACES }, (_, i) => deck.slice(i * CARDS_PER_TAVERN, (i + 1) * CARDS_PER_TAVERN));
  s.tavernsOpen = false;
  s.crews = seats.map(() => []);
  s.harbour = [];
  s.removed = [];
  s.captains = seats.map(() => null);
  s.blackJack = null;
  s.startCards = seats.map(() => null);
  s.firstBidder = null;
  s.lastHirer = null;
  s.hirer = null;
  s.hands = seats.map(() => [...CAPTAIN_CARDS]);
  s.played = seats.map(() => []);
  s.choices = seats.map(() => null);
  s.blackJackChoice = null;
  // The two-player game gives Black Jack a spare captain's set (1-7 and Rum) instead of his own.
  const blackJackCards = !blackJackInPlay(s) ? [] : s.twoPlayer ? CAPTAIN_CARDS : BLACK_JACK_CARDS;
  s.blackJackDeck = shuffleInPlace(ownRng(s), [...blackJackCards]);
  s.blackJackPlayed = [];
  s.laid = [];
  s.queue = [];
  const first = firstActiveFrom(s, (game - 1) % s.seats);
  s.phase = { name: 'placeCaptain', seat: first };
  s.events.push({ type: 'gameStarted', game, firstPlacer: first });
}

export function placeCaptain(s: HalunkenState, seat: Seat, space: number): void {
  s.captains = replaced(s.captains, seat, space);
  const tavern = s.taverns[space] ?? [];
  const card = tavern[tavern.length - 1];
  if (!card) throw new Error(`tavern ${space} is empty during placement`);
  s.taverns = replaced(s.taverns, space, tavern.slice(0, -1));
  addToCrew(s, seat, card);
  s.startCards = replaced(s.startCards, seat, card);
  s.events.push({ type: 'captainPlaced', seat, space, card });
  continuePlacement(s, seat);
}

/** The next player (in seat order) without a captain places his; once all are placed, the cards are turned up. */
export function continuePlacement(s: HalunkenState, after: Seat): void {
  for (let k = 1; k <= s.seats; k++) {
    const seat = (after + k) % s.seats;
    if (active(s, seat) && s.captains[seat] === null) {
      s.phase = { name: 'placeCaptain', seat };
      return;
    }
  }
  s.tavernsOpen = true;
  s.events.push({ type: 'tavernsOpened' });
  if (!blackJackInPlay(s)) {
    startRound(s);
    return;
  }
  s.firstBidder = startCardHolder(s, 'highest');
  s.phase = { name: 'placeBlackJack', seat: startCardHolder(s, 'lowest') };
}

export function placeBlackJack(s: HalunkenState, seat: Seat, space: number): void {
  s.blackJack = space;
  s.events.push({ type: 'blackJackPlaced', seat, space });
  startRound(s);
}
