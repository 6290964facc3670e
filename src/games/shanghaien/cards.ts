/**
 * Shanghaien's 48 tavern cards: 40 sailors (8 nationalities × values 1, 2, 3, 3, 4) and 8
 * dirty-trick cards. Cards are plain JSON objects; equal cards are interchangeable.
 */

/** The eight nationalities, in the order crews are sorted and scored (the colour in the comment). */
export const NATIONS = [
  'american', // red
  'french', // light blue
  'german', // dark blue
  'chinese', // yellow
  'dutch', // orange
  'spanish', // green
  'italian', // grey
  'british', // purple: the rulebook lists only seven; the project decided on the eighth
] as const;
export type Nation = (typeof NATIONS)[number];

/** The values of each nationality's five sailor cards. */
export const SAILOR_VALUES = [1, 2, 3, 3, 4] as const;
export type SailorValue = (typeof SAILOR_VALUES)[number];

/**
 * The die half of a dirty-trick card (every card can also be a joker):
 * - adjust: change one of the two dice just rolled by ±1 (within 1-6), then place it;
 * - place-both: place both dice just rolled;
 * - reroll: roll both dice again; the new result stands.
 */
export const DIE_EFFECTS = ['adjust', 'place-both', 'reroll'] as const;
export type DieEffect = (typeof DIE_EFFECTS)[number];

/** How many of the 8 trick cards carry each die effect (the project's decision: 3 + 3 + 2). */
export const TRICKS_PER_EFFECT: Record<DieEffect, number> = { adjust: 3, 'place-both': 3, reroll: 2 };

/** A joker counts as a sailor of this value (the project's reading of "2 sailors"). */
export const JOKER_VALUE = 2;

export interface SailorCard {
  kind: 'sailor';
  nation: Nation;
  value: SailorValue;
}

export interface TrickCard {
  kind: 'trick';
  effect: DieEffect;
}

export type TavernCard = SailorCard | TrickCard;

/** A trick card laid as a joker: for the rest of the game a sailor of value 2 of that nation. */
export interface Joker {
  nation: Nation;
  /** The die effect printed on the card, no longer usable; kept so that every card is accounted for. */
  effect: DieEffect;
}

export const DECK_SIZE = 48;

/** All 48 cards in a fixed order (shuffle a copy). */
export function fullDeck(): TavernCard[] {
  const deck: TavernCard[] = [];
  for (const nation of NATIONS) for (const value of SAILOR_VALUES) deck.push({ kind: 'sailor', nation, value });
  for (const effect of DIE_EFFECTS) {
    for (let i = 0; i < TRICKS_PER_EFFECT[effect]; i++) deck.push({ kind: 'trick', effect });
  }
  return deck;
}

/** Orders sailors by nation, then value, as players lay them out. */
export function compareSailors(a: SailorCard, b: SailorCard): number {
  return NATIONS.indexOf(a.nation) - NATIONS.indexOf(b.nation) || a.value - b.value;
}

/** Orders trick cards by die effect. */
export function compareTricks(a: TrickCard, b: TrickCard): number {
  return DIE_EFFECTS.indexOf(a.effect) - DIE_EFFECTS.indexOf(b.effect);
}

/** What a player has collected: sailors sorted by nation, jokers, and unused trick cards (all open on the table). */
export interface Crew {
  sailors: SailorCard[];
  jokers: Joker[];
  tricks: TrickCard[];
}
