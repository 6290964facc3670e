import { seedRng, shuffleInPlace, type Seat } from '../../engine/index.js';
import type { ShanghaienState } from './state.js';

/**
 * For bot players: everything in Shanghaien is open but the order of the face-down tavern cards
 * (which cards they are follows from what is open) and the dice to come. Both are drawn afresh
 * from `seed`: the pile is put in one canonical order first, so that two states that differ only
 * in the pile's order give the same result.
 */
export function determinize(s: ShanghaienState, _seat: Seat, seed: string): ShanghaienState {
  const rng = seedRng(seed);
  const pile = s.drawPile.map((card) => ({ card, key: JSON.stringify(card) })).sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return {
    ...s,
    rng,
    drawPile: shuffleInPlace(
      rng,
      pile.map((p) => p.card),
    ),
  };
}
