/**
 * The 36 tokens on the grid points: 28 ships (seven each of 5/1, 10/2, 15/3 and 20/4: value at the
 * end / payment per boat), 4 pirate treasures and 4 double-value tokens, one per ship value.
 */

export const SHIP_VALUES = [5, 10, 15, 20] as const;
export type ShipValue = (typeof SHIP_VALUES)[number];

export const SHIPS_PER_VALUE = 7;
export const PIRATE_TREASURES = 4;
/** Treasure from the bank per boat around an encircled pirate treasure. */
export const PIRATE_SHARE = 2;

export type Token = { readonly kind: 'ship'; readonly value: ShipValue } | { readonly kind: 'pirate' } | { readonly kind: 'double'; readonly value: ShipValue };

/** The token set, unshuffled: ships by value, then the pirate treasures, then the doubles. */
export function tokenSet(): Token[] {
  const tokens: Token[] = [];
  for (const value of SHIP_VALUES) for (let i = 0; i < SHIPS_PER_VALUE; i++) tokens.push({ kind: 'ship', value });
  for (let i = 0; i < PIRATE_TREASURES; i++) tokens.push({ kind: 'pirate' });
  for (const value of SHIP_VALUES) tokens.push({ kind: 'double', value });
  return tokens;
}

/** The lower number on a ship: what its boarder pays per helping boat. */
export function paymentPerBoat(value: ShipValue): number {
  return value / 5;
}

/** What a captured ship is worth at the end, doubled when its double-value token was taken. */
export function shipWorth(value: ShipValue, doubles: readonly ShipValue[]): number {
  return doubles.includes(value) ? 2 * value : value;
}

/** The parts of a final score, for the tally and the rulebook example. */
export interface ScoreParts {
  treasure: number;
  ships: readonly ShipValue[];
  loans: readonly number[];
}

/** Treasure + captured ships (doubled where the matching token was taken) − twice every loan. */
export function scoreOf(p: ScoreParts, doubles: readonly ShipValue[]): number {
  let score = p.treasure;
  for (const value of p.ships) score += shipWorth(value, doubles);
  for (const loan of p.loans) score -= 2 * loan;
  return score;
}
