import type { Seat } from '../../engine/index.js';
import type { LastMoves } from './rules.js';

/**
 * Where the last turn's moves left their mark, net over the turn: a pirate moved 3 → 9 → 14 has
 * left 3 and arrived at 14, and 9 is unchanged. With the earlier turns of the round a post covers,
 * net over them all: every player's pirates are marked where they arrived and left, in his colour. The board draws a faint ghost where pirates left
 * and a highlight where they arrived.
 */
export interface Changes {
  /** How many of the seat's pirates arrived at the position during the turn. */
  arrived(seat: Seat, position: number): number;
  /** How many of the seat's pirates left the position during the turn. */
  left(seat: Seat, position: number): number;
  /** Positions some pirate arrived at, or left. */
  arrivedAt: Set<number>;
  leftFrom: Set<number>;
}

export function changesOf(lastMoves: LastMoves | null, earlier: readonly (LastMoves | null)[] = []): Changes {
  const net = new Map<string, number>();
  const add = (seat: Seat, position: number, n: number) => net.set(`${seat}:${position}`, (net.get(`${seat}:${position}`) ?? 0) + n);
  // Each turn once: a turn's moves are its own seat's, so the net over the round stays per seat.
  const turns = new Map<number, LastMoves>();
  for (const moves of [...earlier, lastMoves]) if (moves) turns.set(moves.turn, moves);
  for (const move of [...turns.values()].flatMap((turn) => turn.moves)) {
    add(move.seat, move.from, -1);
    add(move.seat, move.to, 1);
  }
  const arrivedAt = new Set<number>();
  const leftFrom = new Set<number>();
  for (const [key, n] of net) {
    const position = Number(key.split(':')[1]);
    if (n > 0) arrivedAt.add(position);
    if (n < 0) leftFrom.add(position);
  }
  return {
    arrived: (seat, position) => Math.max(0, net.get(`${seat}:${position}`) ?? 0),
    left: (seat, position) => Math.max(0, -(net.get(`${seat}:${position}`) ?? 0)),
    arrivedAt,
    leftFrom,
  };
}
