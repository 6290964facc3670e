/**
 * The short names of the tokens on the sea, shared by the board image (drawn on every ship) and
 * the panel (which names the ships to board by them): the 36 grid points numbered 1 to 36 in
 * reading order, so that 17 is the fifth token of the third row of tokens, and a number never
 * changes during a game. Numbers rather than letters: the rows of fields are lettered A-G
 * already, and 28 ships would outrun the alphabet.
 */
import { POINT_SIZE } from './rules.js';

export const tokenLabel = (point: number): string => String(point + 1);

/** The point a label names, or -1 (tests read labels back). */
export function pointOfLabel(label: string): number {
  const n = Number(label);
  return Number.isInteger(n) && n >= 1 && n <= POINT_SIZE * POINT_SIZE ? n - 1 : -1;
}
