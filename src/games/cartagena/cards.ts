import { drawCards, rulesOf } from '../../engine/index.js';
import type { CartagenaState, CartagenaSymbol } from './state.js';

/** Cards laid out in a new Tortuga row. */
export const ROW_SIZE = 12;

/** Takes up to `count` cards from the deck, reshuffling the discards when it runs out. */
function fromDeck(s: CartagenaState, count: number): CartagenaSymbol[] {
  const piles = { drawPile: s.drawPile, discardPile: s.discardPile };
  const { cards, reshuffled } = drawCards(piles, count, s.rng);
  s.drawPile = piles.drawPile;
  s.discardPile = piles.discardPile;
  if (reshuffled) s.events.push({ type: 'reshuffled' });
  return cards;
}

/** Lays out a new Tortuga row from the deck; when deck and discards are short, the row holds what there is. */
export function layOutRow(s: CartagenaState): void {
  const cards = fromDeck(s, ROW_SIZE);
  if (cards.length > 0) {
    s.row = cards;
    s.events.push({ type: 'row-laid-out', cards: cards.length });
  }
}

/**
 * Draws cards for a move back: from the deck in Jamaica, from the open row in Tortuga, in the
 * row's order. Fewer cards only when none is left in the row, the deck or the discards.
 */
export function drawCardsFor(s: CartagenaState, count: number): CartagenaSymbol[] {
  if (s.version !== 'tortuga') return fromDeck(s, count);
  const drawn: CartagenaSymbol[] = [];
  while (drawn.length < count) {
    // An empty row is laid out anew before drawing, so a row that could not be filled earlier is
    // filled from the discards played since. The version test is kept for games opened under
    // version 1, where such a row stays empty and the draw gets nothing.
    if (s.row.length === 0 && rulesOf(s) >= 2) layOutRow(s);
    if (s.row.length === 0) break;
    drawn.push(s.row.shift() as CartagenaSymbol);
    if (s.row.length === 0) layOutRow(s);
  }
  return drawn;
}
