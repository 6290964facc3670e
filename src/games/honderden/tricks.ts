import { suitOf, trickStrength, type Card, type Suit } from './cards.js';

/**
 * Tricks: which cards may be played, and who wins.
 */

/**
 * The cards that may be played to a trick whose first card has suit `led` (null: the player
 * leads). Without a duty (two players, stock not empty) anything goes. With the duty (two players
 * once the stock is empty; three players always): follow suit or trump, both always allowed; a
 * player who cannot follow suit plays anything. When trump is led this means: trump if you can
 * (never a duty to over-trump).
 */
export function legalPlays(hand: readonly Card[], led: Suit | null, trump: Suit, duty: boolean): Card[] {
  if (!duty || led === null) return [...hand];
  let canFollow = false;
  for (const card of hand) {
    if (card[1] === led) {
      canFollow = true;
      break;
    }
  }
  if (!canFollow) return [...hand];
  return hand.filter((card) => card[1] === led || card[1] === trump);
}

/** Index (in playing order) of the card that wins: the highest trump, else the highest card of the led suit. */
export function trickWinnerIndex(cards: readonly Card[], trump: Suit): number {
  const led = suitOf(cards[0] as Card);
  let best = 0;
  for (let i = 1; i < cards.length; i++) {
    if (beats(cards[i] as Card, cards[best] as Card, led, trump)) best = i;
  }
  return best;
}

/** Whether `card`, played later, beats `best` in a trick where `led` was led. */
export function beats(card: Card, best: Card, led: Suit, trump: Suit): boolean {
  const cardSuit = card[1];
  const bestSuit = best[1];
  if (cardSuit === bestSuit) return trickStrength(card, trump) > trickStrength(best, trump);
  if (cardSuit === trump) return true;
  if (bestSuit === trump) return false;
  // Neither is trump and the suits differ: only a card of the led suit can be best.
  return cardSuit === led && bestSuit !== led;
}
