/**
 * The cards: 74 sea cards, each naming one field (one per border field, two per inner field, so
 * a border field can take one boat and an inner field two), and 14 Flying Dutchman cards, one per
 * row and one per column.
 */
import { FIELDS, LINES, fieldCapacity, type FieldName, type Line } from './sea.js';

export type SeaCard = FieldName;
export type DutchmanCard = Line;

export const SEA_CARDS = 74;
export const DUTCHMAN_CARDS = 14;
export const HAND_SEA = 4;
export const HAND_DUTCHMAN = 1;
export const HAND_SIZE = HAND_SEA + HAND_DUTCHMAN;

/** A player's hidden hand. */
export interface Hand {
  sea: SeaCard[];
  dutchman: DutchmanCard[];
}

/** The sea cards in board order (inner fields twice). */
export function seaDeck(): SeaCard[] {
  return FIELDS.flatMap((name, field) => Array<SeaCard>(fieldCapacity(field)).fill(name));
}

export function dutchmanDeck(): DutchmanCard[] {
  return [...LINES];
}
