import { describe, expect, it } from 'vitest';
import { changesOf } from './board-changes.js';
import type { LastMoves } from './state.js';

const forward = (seat: number, from: number, to: number) => ({ type: 'forward' as const, seat, card: 'bottle' as const, from, to });
const turn = (n: number, seat: number, moves: LastMoves['moves']): LastMoves => ({ turn: n, seat, moves });

describe('the changes a Cartagena board marks', () => {
  it('adds up the earlier turns of the round, each seat its own, each turn once', () => {
    const bram = turn(4, 1, [forward(1, 0, 5), forward(1, 5, 9)]);
    const cees = turn(5, 2, [forward(2, 3, 7)]);
    // The same turn handed twice (a turn with nothing new in between) is counted once.
    const changes = changesOf(cees, [bram, bram]);
    expect(changes.arrived(1, 9)).toBe(1);
    expect(changes.left(1, 0)).toBe(1);
    expect(changes.arrived(1, 5)).toBe(0);
    expect(changes.arrived(2, 7)).toBe(1);
    expect([...changes.arrivedAt].sort((a, b) => a - b)).toEqual([7, 9]);
    // Without the round: the last turn alone.
    expect(changesOf(cees).arrived(1, 9)).toBe(0);
  });
});
