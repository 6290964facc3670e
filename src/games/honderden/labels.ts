/**
 * Cards as text, shared by the presenter and the board image. Rank letters come from the message
 * catalogue, so each language prints its own (English J Q K A, Dutch B V H A); suits are written
 * ♠ ♥ ♣ ♦ in every language.
 */
import type { Translate } from '../../i18n/index.js';
import { rankOf, suitOf, type Card, type Rank, type Suit } from './cards.js';

export const SUIT_SYMBOL: Record<Suit, string> = { S: '♠', H: '♥', C: '♣', D: '♦' };

/** "10", "Q" (English) or "V" (Dutch): a rank as printed in a card's corner. */
export function rankLetter(t: Translate, rank: Rank): string {
  return t(`honderden.rank-letter.${rank}`);
}

/** "10♥", "Q♠" (English) or "V♠" (Dutch). */
export function cardText(t: Translate, card: Card): string {
  return `${rankLetter(t, rankOf(card))}${SUIT_SYMBOL[suitOf(card)]}`;
}
