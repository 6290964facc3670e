import { randomInt, shuffleInPlace, type Seat } from '../../engine/index.js';
import { RUM, RUM_NUMBERS, type MovementCard, type SailorCard } from './cards.js';
import { beginResolution } from './resolution.js';
import {
  BLACK_JACK,
  activeSeats,
  crewOf,
  ownRng,
  removeFromCrew,
  replaced,
  seatsOf,
  withoutMovementCard,
  type Bid,
  type HalunkenState,
  type LaidCard,
  type Phase,
  type Piece,
} from './state.js';

/*
 * A round once started (round-start.ts): the auction for Black Jack, the secret choice of movement
 * cards, their reveal and the naming of a single Rum. The resolution that follows is in
 * resolution.ts.
 */

type AuctionPhase = Extract<Phase, { name: 'auction' }>;

export function bestBid(bids: readonly Bid[]): Bid | null {
  return bids[bids.length - 1] ?? null;
}

/**
 * Three or four players: everyone acts once in order, then the best offer wins. Two players: they
 * alternate until one passes. Decided: an opening pass still gives the other player one turn; an
 * offer then wins at once.
 */
export function auctionAction(s: HalunkenState, seat: Seat, bid: SailorCard | null): void {
  const p = s.phase as AuctionPhase;
  const bids = bid ? [...p.bids, { seat, card: bid }] : p.bids;
  const passed = bid ? p.passed : [...p.passed, seat];
  // A player with nothing to beat the best offer passes by force (settle does it for him): the
  // posts must not say he chose to.
  const toBeat = bestBid(p.bids)?.card.value ?? 0;
  const couldNotBid = !bid && crewOf(s, seat).every((card) => card.value <= toBeat);
  s.events.push(bid ? { type: 'bid', seat, card: bid } : { type: 'passed', seat, ...(couldNotBid ? { couldNotBid: true as const } : {}) });
  if (!s.twoPlayer) {
    const order = p.order.slice(1);
    if (order.length === 0) concludeAuction(s, bestBid(bids));
    else s.phase = { ...p, order, bids, passed };
    return;
  }
  const other = activeSeats(s).find((x) => x !== seat) as Seat;
  const best = bestBid(bids);
  const otherStillBidding = !passed.includes(other) && best?.seat !== other;
  if (otherStillBidding) s.phase = { ...p, order: [other], bids, passed };
  else concludeAuction(s, best);
}

/** The best offer is paid into the harbour and hires Black Jack for this round. */
export function concludeAuction(s: HalunkenState, best: Bid | null): void {
  if (best) {
    removeFromCrew(s, best.seat, best.card);
    s.harbour = [...s.harbour, best.card];
    s.hirer = best.seat;
    s.lastHirer = best.seat;
    s.events.push({ type: 'hired', seat: best.seat, card: best.card });
  } else {
    s.events.push({ type: 'notHired' });
  }
  s.phase = { name: 'choose' };
}

/** Seats that still owe a secret choice (the two-player hirer: his own, then Black Jack's). */
export function stillChoosing(s: HalunkenState): Seat[] {
  return activeSeats(s).filter((seat) => s.choices[seat] === null || (s.twoPlayer && s.hirer === seat && s.blackJackChoice === null));
}

export function choose(s: HalunkenState, seat: Seat, card: MovementCard, forBlackJack: boolean): void {
  if (forBlackJack) s.blackJackChoice = card;
  else s.choices = replaced(s.choices, seat, card);
  s.events.push({ type: 'chose', seat, forBlackJack });
  if (stillChoosing(s).length === 0) reveal(s);
}

/** All cards are turned at once; equal cards (two Rums too) cancel. */
export function reveal(s: HalunkenState): void {
  const cards: { piece: Piece; card: MovementCard }[] = [];
  const hands = s.hands.slice();
  const played = s.played.slice();
  for (const seat of activeSeats(s)) {
    const card = s.choices[seat] as MovementCard;
    hands[seat] = withoutMovementCard(hands[seat] ?? [], card);
    played[seat] = [...(played[seat] ?? []), card];
    cards.push({ piece: seat, card });
  }
  s.hands = hands;
  s.played = played;
  if (s.twoPlayer) {
    // Hired: the card his hirer chose. Hired by nobody: his cards are shuffled and the top one turned.
    let card: MovementCard;
    if (s.hirer !== null && s.blackJackChoice !== null) {
      card = s.blackJackChoice;
      s.blackJackDeck = withoutMovementCard(s.blackJackDeck, card);
    } else {
      const deck = shuffleInPlace(ownRng(s), [...s.blackJackDeck]);
      card = deck.pop() as MovementCard;
      s.blackJackDeck = deck;
    }
    s.blackJackPlayed = [...s.blackJackPlayed, card];
    cards.push({ piece: BLACK_JACK, card });
  }
  s.laid = cards.map(({ piece, card }): LaidCard => {
    const cancelled = cards.filter((other) => other.card === card).length > 1;
    return { piece, card, cancelled, steps: cancelled || card === RUM ? null : card };
  });
  s.choices = seatsOf(s).map(() => null);
  s.blackJackChoice = null;
  s.events.push({ type: 'revealed', laid: [...s.laid] });

  const rum = s.laid.find((l) => l.card === RUM && !l.cancelled);
  if (rum) {
    if (rum.piece !== BLACK_JACK) {
      s.phase = { name: 'rum', seat: rum.piece, piece: rum.piece };
      return;
    }
    if (s.hirer !== null) {
      s.phase = { name: 'rum', seat: s.hirer, piece: BLACK_JACK };
      return;
    }
    // Decided: nobody holds the Rum of an unhired Black Jack, so its number is drawn at random.
    const allowed = rumNumbers(s, BLACK_JACK);
    nameRum(s, BLACK_JACK, null, allowed[randomInt(ownRng(s), allowed.length)] as number);
  }
  beginResolution(s);
}

/** A Rum may stand for any number 1-7 that no other piece laid this round (cancelled cards count too). */
export function rumNumbers(s: HalunkenState, piece: Piece): number[] {
  const taken = new Set(s.laid.filter((l) => l.piece !== piece).map((l) => l.card));
  return RUM_NUMBERS.filter((n) => !taken.has(n));
}

export function nameRum(s: HalunkenState, piece: Piece, seat: Seat | null, number: number): void {
  s.laid = s.laid.map((l) => (l.piece === piece ? { ...l, steps: number } : l));
  s.events.push({ type: 'rumNamed', piece, seat, number });
}
