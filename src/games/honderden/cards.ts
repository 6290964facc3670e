/**
 * The cards of Honderden: a piquet deck (7 to ace in four suits; 9 to ace for three players),
 * the order of the cards in a trick, in and out of trump, their points, and the sort order of a
 * hand.
 *
 * A card is a two-character string, rank then suit: '7S', 'TH' (the ten of hearts), 'JC', 'AD'.
 * Strings keep the state plain JSON and make comparisons cheap.
 */

/** Spades, hearts, clubs, diamonds: the order in which hands are sorted (alternating colours). */
export const SUITS = ['S', 'H', 'C', 'D'] as const;
export type Suit = (typeof SUITS)[number];

/** Ranks from low to high in the plain order, which is also the order of sequences (roem). */
export const RANKS = ['7', '8', '9', 'T', 'J', 'Q', 'K', 'A'] as const;
export type Rank = (typeof RANKS)[number];

export type Card = `${Rank}${Suit}`;

/** The 32-card deck of the two-player game. */
export const DECK_32: readonly Card[] = SUITS.flatMap((suit) => RANKS.map((rank): Card => `${rank}${suit}`));
/** The 24-card deck of the three-player game: 9 to ace. */
export const DECK_24: readonly Card[] = DECK_32.filter((card) => card[0] !== '7' && card[0] !== '8');

export function rankOf(card: Card): Rank {
  return card[0] as Rank;
}

export function suitOf(card: Card): Suit {
  return card[1] as Suit;
}

export function isCard(value: unknown): value is Card {
  return (
    typeof value === 'string' &&
    value.length === 2 &&
    (RANKS as readonly string[]).includes(value[0] as string) &&
    (SUITS as readonly string[]).includes(value[1] as string)
  );
}

/** Plain order and sequence order: 7 = 0 .. A = 7. */
const PLAIN_ORDER: Readonly<Record<string, number>> = { '7': 0, '8': 1, '9': 2, T: 3, J: 4, Q: 5, K: 6, A: 7 };
/** Trump order: J (Jas) 9 (Nel) A K Q 10 8 7, highest first. */
const TRUMP_ORDER: Readonly<Record<string, number>> = { '7': 0, '8': 1, T: 2, Q: 3, K: 4, A: 5, '9': 6, J: 7 };
const PLAIN_POINTS: Readonly<Record<string, number>> = { '7': 0, '8': 0, '9': 0, T: 10, J: 1, Q: 2, K: 3, A: 11 };
/** The Jas and the Nel. */
const TRUMP_POINTS: Readonly<Record<string, number>> = { ...PLAIN_POINTS, J: 20, '9': 14 };

/** Position of a rank in the plain (and sequence) order: 7 = 0 .. A = 7. */
export function sequenceIndex(rank: Rank): number {
  return PLAIN_ORDER[rank] as number;
}

/** How strong a card is within its own suit in a trick (higher wins). */
export function trickStrength(card: Card, trump: Suit): number {
  return (card[1] === trump ? TRUMP_ORDER : PLAIN_ORDER)[card[0] as string] as number;
}

/** Card points: Jas 20, Nel 14, A 11, 10 10, K 3, Q 2, other J 1, other 9, 8, 7 nothing. */
export function cardPoints(card: Card, trump: Suit): number {
  return (card[1] === trump ? TRUMP_POINTS : PLAIN_POINTS)[card[0] as string] as number;
}

export function sumPoints(cards: readonly Card[], trump: Suit): number {
  let sum = 0;
  for (const card of cards) sum += cardPoints(card, trump);
  return sum;
}

/** Points for winning the last trick of a hand. */
export const LAST_TRICK_POINTS = 5;

const SUIT_INDEX: Readonly<Record<string, number>> = { S: 0, H: 1, C: 2, D: 3 };

/** Per trump suit, each card's place in a sorted hand (lower first). */
const HAND_ORDER: Readonly<Record<Suit, Readonly<Record<string, number>>>> = Object.fromEntries(
  SUITS.map((trump) => [
    trump,
    Object.fromEntries(DECK_32.map((card) => [card, (SUIT_INDEX[card[1] as string] as number) * 8 + 7 - trickStrength(card, trump)])),
  ]),
) as Record<Suit, Record<string, number>>;

/** Sort order of a hand: by suit (spades, hearts, clubs, diamonds), then highest first in trick order. */
export function compareForHand(a: Card, b: Card, trump: Suit): number {
  const order = HAND_ORDER[trump];
  return (order[a] as number) - (order[b] as number);
}

/** A sorted copy (an insertion sort: hands are short, and this runs for every list of legal plays). */
export function sortHand(cards: readonly Card[], trump: Suit): Card[] {
  const order = HAND_ORDER[trump];
  const out = cards.slice();
  for (let i = 1; i < out.length; i++) {
    const card = out[i] as Card;
    const key = order[card] as number;
    let j = i - 1;
    while (j >= 0 && (order[out[j] as Card] as number) > key) {
      out[j + 1] = out[j] as Card;
      j--;
    }
    out[j + 1] = card;
  }
  return out;
}
