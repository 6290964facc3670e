import { SHIP, SPACES, type CartagenaState, type CartagenaSymbol } from './state.js';

/*
 * The tunnel's geometry: where a pirate goes. Positions are 0 (the start area), 1..36 (the
 * tunnel's spaces) and 37 (the ship). Only the tunnel and the pirates are read, which a view
 * holds too (the heuristic player looks ahead on its view).
 */

type Board = Pick<CartagenaState, 'tunnel' | 'pirates'>;

/** How many pirates (of any colour) stand on a position. */
export function occupancy(s: Pick<Board, 'pirates'>, position: number): number {
  let n = 0;
  for (const own of s.pirates) for (const p of own) if (p === position) n++;
  return n;
}

/** How many pirates stand on each position: one pass over the pirates for many look-ups. */
export function occupancies(s: Pick<Board, 'pirates'>): number[] {
  const counts = Array<number>(SHIP + 1).fill(0);
  for (const own of s.pirates) for (const p of own) counts[p] = (counts[p] as number) + 1;
  return counts;
}

/** Where a pirate at `from` lands when `card` is played: the next free space with that symbol, else the ship. */
export function forwardTarget(s: Board, from: number, card: CartagenaSymbol): number {
  return forwardTargetIn(s.tunnel, occupancies(s), from, card);
}

/** `forwardTarget` with the occupancies already counted. */
export function forwardTargetIn(tunnel: readonly CartagenaSymbol[], counts: readonly number[], from: number, card: CartagenaSymbol): number {
  for (let space = from + 1; space <= SPACES; space++) {
    if (tunnel[space - 1] === card && counts[space] === 0) return space;
  }
  return SHIP;
}

/** Where a pirate at `from` goes back to: the first space behind it holding 1 or 2 pirates; null if none. */
export function backTarget(s: Pick<Board, 'pirates'>, from: number): number | null {
  return backTargetIn(occupancies(s), from);
}

/** `backTarget` with the occupancies already counted. */
export function backTargetIn(counts: readonly number[], from: number): number | null {
  for (let space = from - 1; space >= 1; space--) {
    const n = counts[space] as number;
    if (n === 1 || n === 2) return space;
  }
  return null;
}
