/**
 * The cards of Halunken & Spelunken: the 42 sailor cards (the crews the captains hire), the
 * captains' and Black Jack's movement cards, and the final scoring of a crew.
 */

/** Sailor colours in the rulebook's order for breaking ties (yellow first). */
export const COLOURS = ['yellow', 'grey', 'violet', 'red'] as const;
export type Colour = (typeof COLOURS)[number];

/** A sailor card. Every colour/value pair occurs once, so the pair names the card. */
export interface SailorCard {
  readonly colour: Colour;
  readonly value: number;
}

/**
 * The values printed on the sailor cards of each colour: 12 + 11 + 10 + 9 = 42 cards. (Red is
 * 4-11 and 15: the Dutch rulebook's "1-11 and 15" cannot make nine cards.)
 */
export const SAILOR_VALUES: Readonly<Record<Colour, readonly number[]>> = {
  yellow: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
  grey: [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13],
  violet: [3, 4, 5, 6, 7, 8, 9, 10, 11, 14],
  red: [4, 5, 6, 7, 8, 9, 10, 11, 15],
};

export const SAILOR_CARDS: readonly SailorCard[] = COLOURS.flatMap((colour) => SAILOR_VALUES[colour].map((value) => ({ colour, value })));

const COLOUR_RANKS: Readonly<Record<Colour, number>> = { yellow: 0, grey: 1, violet: 2, red: 3 };

export function colourRank(colour: Colour): number {
  return COLOUR_RANKS[colour];
}

export function sameCard(a: SailorCard, b: SailorCard): boolean {
  return a.colour === b.colour && a.value === b.value;
}

/**
 * A number for each card that follows the order in which card lists are given everywhere: colour
 * order, then value (values stay below 16).
 */
export function cardOrder(card: SailorCard): number {
  return COLOUR_RANKS[card.colour] * 16 + card.value;
}

/** The cards in that order. Insertion sort: lists are short, and this is a hot path of the bots' search. */
export function sortCards(cards: readonly SailorCard[]): SailorCard[] {
  const sorted = cards.slice();
  for (let i = 1; i < sorted.length; i++) {
    const card = sorted[i] as SailorCard;
    const order = cardOrder(card);
    let j = i - 1;
    for (; j >= 0 && cardOrder(sorted[j] as SailorCard) > order; j--) sorted[j + 1] = sorted[j] as SailorCard;
    sorted[j + 1] = card;
  }
  return sorted;
}

/** A movement card: a number of spaces, or Rum (its player names a number after the reveal). */
export const RUM = 'rum';
export type MovementCard = number | typeof RUM;

/** Each captain's eight movement cards (and, in the two-player game, Black Jack's). */
export const CAPTAIN_CARDS: readonly MovementCard[] = [1, 2, 3, 4, 5, 6, 7, RUM];
/** Black Jack's twelve movement cards in the game for three or four. */
export const BLACK_JACK_CARDS: readonly MovementCard[] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
/** The numbers a Rum card may stand for. */
export const RUM_NUMBERS: readonly number[] = [1, 2, 3, 4, 5, 6, 7];

/** Numbers ascending, Rum last. */
export function compareMovementCards(a: MovementCard, b: MovementCard): number {
  if (a === RUM || b === RUM) return (a === RUM ? 1 : 0) - (b === RUM ? 1 : 0);
  return a - b;
}

/** A crew's final score: the sum of its values plus the doubled colour's sum once more. */
export interface CrewScore {
  cards: number;
  sum: number;
  /** The colour counted twice: one with the most cards, the best of them for the player. */
  doubled: Colour | null;
  /** What doubling added: the sum of the doubled colour. */
  bonus: number;
  score: number;
}

export function scoreCrew(cards: readonly SailorCard[]): CrewScore {
  const count = new Map<Colour, number>();
  const sumOf = new Map<Colour, number>();
  let sum = 0;
  for (const card of cards) {
    count.set(card.colour, (count.get(card.colour) ?? 0) + 1);
    sumOf.set(card.colour, (sumOf.get(card.colour) ?? 0) + card.value);
    sum += card.value;
  }
  const most = Math.max(0, ...count.values());
  // Among the colours with the most cards the player may choose: the one worth most is best for
  // him. A tie in worth too gives the same score whichever is named; the colour order decides.
  let doubled: Colour | null = null;
  for (const colour of COLOURS) {
    if (most === 0 || count.get(colour) !== most) continue;
    if (doubled === null || (sumOf.get(colour) ?? 0) > (sumOf.get(doubled) ?? 0)) doubled = colour;
  }
  const bonus = doubled === null ? 0 : (sumOf.get(doubled) ?? 0);
  return { cards: cards.length, sum, doubled, bonus, score: sum + bonus };
}
