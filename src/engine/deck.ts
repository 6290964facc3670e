import { shuffleInPlace, type RngState } from './random.js';

/**
 * A draw pile with its discard pile. Drawing from an empty pile reshuffles the discards into a
 * new pile first; when both are empty the draw comes up short. Mutates in place: callers own
 * their copy.
 */
export interface Piles<C> {
  drawPile: C[];
  discardPile: C[];
}

/** Draws up to `count` cards from the top (end) of the pile, reshuffling the discards as needed. */
export function drawCards<C>(piles: Piles<C>, count: number, rng: RngState): { cards: C[]; reshuffled: boolean } {
  const cards: C[] = [];
  let reshuffled = false;
  while (cards.length < count) {
    if (piles.drawPile.length === 0) {
      if (piles.discardPile.length === 0) break;
      piles.drawPile = shuffleInPlace(rng, piles.discardPile);
      piles.discardPile = [];
      reshuffled = true;
    }
    cards.push(piles.drawPile.pop() as C);
  }
  return { cards, reshuffled };
}

/** Removes one copy of `card` from `cards`; returns false when there is none. */
export function removeOne<C>(cards: C[], card: C): boolean {
  const i = cards.indexOf(card);
  if (i < 0) return false;
  cards.splice(i, 1);
  return true;
}

/** Counts each distinct card. */
export function countCards<C extends string>(cards: readonly C[]): Partial<Record<C, number>> {
  const counts: Partial<Record<C, number>> = {};
  for (const c of cards) counts[c] = (counts[c] ?? 0) + 1;
  return counts;
}
