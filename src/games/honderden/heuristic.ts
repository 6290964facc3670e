import { bestIndex, type HeuristicPlayer } from '../../ai/heuristic.js';
import { shuffleInPlace, type RngState, type Seat } from '../../engine/index.js';
import { DECK_24, DECK_32, cardPoints, sumPoints, trickStrength, type Card, type Suit } from './cards.js';
import type { RoemCategory } from './roem.js';
import { HUNDRED, STUK_POINTS, type HonderdenAction } from './state.js';
import { beats, legalPlays, trickWinnerIndex } from './tricks.js';
import type { HonderdenView } from './view.js';

/*
 * Honderden's sparring partner. The steps of a turn come in a fixed order of preference: claim
 * ("ik dek") only when the points it can count make 100, swap the trump 7 for the open trump card,
 * declare or reject every roem it holds (a rejection that fails costs nothing a silent player
 * would have kept), declare stuk, then play. A card is chosen one trick ahead, over deals of the
 * unseen cards to the players after it: the points the trick brings it (or the others), less what
 * the card is worth keeping, so that it wins a trick worth having with the cheapest card that takes
 * it, spares its trumps, and otherwise throws the card that gives least away. The view holds no
 * running points, and a pure player remembers nothing, so the points it counts are those it can
 * see: carried, roem, stuk, and the last trick when it won it.
 */

/** Ranks of the steps of a turn: each step outranks every play of a card. */
const CLAIM = 1000;
const SWAP = 500;
const ROEM = 400;
const STUK = 300;
/** A trump card played costs this much, and more the higher it is: trumps win later tricks. */
const TRUMP_COST = 6;

function categoryPoints(roem: RoemCategory): number {
  if (roem.kind === 'carre') return 100;
  return roem.length >= 5 ? 100 : roem.length === 4 ? 50 : 20;
}

/** Points the seat can count from its view: never more than it has, so a claim on them is right. */
export function countedPoints(view: HonderdenView, seat: Seat): number {
  let points = (view.carried[seat] ?? 0) + (view.roemPoints[seat] ?? 0) + (view.stuk[seat] ? STUK_POINTS : 0);
  const last = view.lastTrick;
  if (last && last.winner === seat)
    points += sumPoints(
      last.plays.map((p) => p.card),
      view.trump,
    );
  return points;
}

const isTrump = (card: Card, trump: Suit) => card[1] === trump;

/** What spending a card costs beyond its points: trumps, the higher the dearer. */
function keepWorth(card: Card, trump: Suit): number {
  return isTrump(card, trump) ? TRUMP_COST + 2 * trickStrength(card, trump) : 0.3 * trickStrength(card, trump);
}

/** Deals of the unseen cards to the players still to play in a trick, to judge a card by. */
const DEALS = 24;

/**
 * The cards the seat cannot place: the deck less its hand, the current and the last trick and the
 * cards it knows in others' hands. Cards of earlier tricks are among them (a pure player does not
 * remember them), so the others' hands are drawn from a few cards too many.
 */
function unseenCards(view: HonderdenView, seat: Seat): Card[] {
  const seen = new Set<Card>([...(view.hand ?? []), ...view.trick.plays.map((p) => p.card), ...(view.lastTrick?.plays.map((p) => p.card) ?? [])]);
  if (view.trumpCard) seen.add(view.trumpCard);
  view.knownCards.forEach((cards, holder) => {
    if (holder !== seat) for (const card of cards) seen.add(card);
  });
  return (view.rules === 'two' ? DECK_32 : DECK_24).filter((card) => !seen.has(card));
}

/** A player's card in a dealt trick: the cheapest that takes it when it is worth taking, else the cheapest. */
function othersPlay(hand: readonly Card[], plays: readonly Card[], trump: Suit, duty: boolean): Card {
  const led = plays.length === 0 ? null : ((plays[0] as Card)[1] as Suit);
  const legal = legalPlays(hand, led, trump, duty);
  const cost = (card: Card) => cardPoints(card, trump) + keepWorth(card, trump);
  const cheapest = (cards: readonly Card[]) => cards.reduce((a, b) => (cost(b) < cost(a) ? b : a));
  if (led === null) return cheapest(legal);
  const best = plays[trickWinnerIndex(plays, trump)] as Card;
  const winners = legal.filter((card) => beats(card, best, led, trump));
  return winners.length > 0 && sumPoints(plays, trump) > 0 ? cheapest(winners) : cheapest(legal);
}

/** The players still to play in the current trick after the seat, in order. */
function playersAfter(view: HonderdenView, seat: Seat): Seat[] {
  const { players } = view;
  const after: Seat[] = [];
  for (let k = 1; view.trick.plays.length + 1 + after.length < players.length; k++) after.push(players[(players.indexOf(seat) + k) % players.length] as Seat);
  return after;
}

/**
 * Hands for the players after the seat, drawn from the unseen cards (with the cards known to be
 * theirs): the same deals judge every card the seat could play, so that luck does not choose it.
 */
function dealHands(view: HonderdenView, seat: Seat, after: readonly Seat[], rng: RngState): Card[][][] {
  const unseen = unseenCards(view, seat);
  return Array.from({ length: after.length === 0 ? 1 : DEALS }, () => {
    const pool = shuffleInPlace(rng, [...unseen]);
    return after.map((player) => {
      const known = view.knownCards[player] ?? [];
      return [...known, ...pool.splice(0, Math.max(1, (view.handSizes[player] ?? 1) - known.length))];
    });
  });
}

/**
 * Playing `card` now: the points of the trick for the seat (or against it, shared among the others)
 * over the deals, less what the card itself is worth keeping.
 */
function playWorth(view: HonderdenView, card: Card, deals: readonly Card[][][]): number {
  const { trump } = view;
  const plays = [...view.trick.plays.map((p) => p.card), card];
  const others = Math.max(1, view.players.length - 1);
  let total = 0;
  for (const hands of deals) {
    const trick = [...plays];
    for (const hand of hands) trick.push(othersPlay(hand, trick, trump, view.dutyToFollow));
    const points = sumPoints(trick, trump);
    total += trickWinnerIndex(trick, trump) === plays.length - 1 ? points : -points / others;
  }
  return total / deals.length - keepWorth(card, trump);
}

/** The last draw: the open trump card when it is worth having, else the hidden one. */
function lastDrawWorth(view: HonderdenView, action: Extract<HonderdenAction, { type: 'take' | 'takeHidden' }>): number {
  if (action.type === 'takeHidden') return 0;
  const { trump } = view;
  return cardPoints(action.card, trump) >= 10 || trickStrength(action.card, trump) >= 3 ? 1 : -1;
}

export const honderdenHeuristic: HeuristicPlayer<HonderdenView, HonderdenAction> = (view, legal, seat, rng) => {
  let deals: Card[][][] | undefined;
  return bestIndex(
    legal,
    (action) => {
      switch (action.type) {
        case 'claim':
          return countedPoints(view, seat) >= HUNDRED ? CLAIM : -CLAIM;
        case 'swap':
          return SWAP;
        case 'declare':
        case 'reject':
          return ROEM + categoryPoints(action.roem);
        case 'stuk':
          return STUK;
        case 'done':
          return 0;
        case 'play':
          deals ??= dealHands(view, seat, playersAfter(view, seat), rng);
          return playWorth(view, action.card, deals);
        case 'take':
        case 'takeHidden':
          return lastDrawWorth(view, action);
      }
    },
    rng,
  );
};
