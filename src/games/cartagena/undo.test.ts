import { describe, expect, it } from 'vitest';
import { cartagena, SHIP, START, type CartagenaAction, type CartagenaState } from './rules.js';
import { undoable } from './undo.js';
import { S, exampleTunnel, position } from './test-positions.js';

/** Whether the seat to move may take back `action`, as the game definition records it. */
function mayTakeBack(s: CartagenaState, action: CartagenaAction): boolean {
  const seat = s.current;
  const after = cartagena.apply(s, seat, action);
  expect(cartagena.undoable?.(s, after, seat)).toBe(undoable(s, after, seat));
  return undoable(s, after, seat);
}

describe('Cartagena: which moves may be taken back', () => {
  const board = (more: Partial<Parameters<typeof position>[0]> = {}) =>
    position({
      tunnel: exampleTunnel,
      pirates: [
        [10, 8, START, START, START, START],
        [6, 6, START, START, START, START],
      ],
      hands: [[S.hat, S.dagger, S.key], []],
      ...more,
    });

  it('a card played forward, while the turn goes on: it showed nobody anything new', () => {
    expect(mayTakeBack(board(), { type: 'forward', card: S.hat, from: 10 })).toBe(true);
  });

  it('not a move back that drew cards, nor the action that ends the turn, nor a third action', () => {
    expect(mayTakeBack(board(), { type: 'back', from: 10 })).toBe(false);
    const played = cartagena.apply(board(), 0, { type: 'forward', card: S.hat, from: 10 });
    expect(mayTakeBack(played, { type: 'end' })).toBe(false);
    const twice = cartagena.apply(played, 0, { type: 'forward', card: S.dagger, from: 8 });
    expect(mayTakeBack(twice, { type: 'forward', card: S.key, from: START })).toBe(false);
  });

  it('a move back that drew no card at all, because deck and discards were both empty', () => {
    expect(mayTakeBack(board({ drawPile: [], discardPile: [] }), { type: 'back', from: 10 })).toBe(true);
    // One card left: it is drawn, and that stands.
    expect(mayTakeBack(board({ drawPile: [S.skull], discardPile: [] }), { type: 'back', from: 10 })).toBe(false);
  });

  it('not a move back in Tortuga that takes cards from the open row', () => {
    expect(mayTakeBack(board({ version: 'tortuga', row: [S.key, S.hat] }), { type: 'back', from: 10 })).toBe(false);
  });

  it('not the move that wins', () => {
    const s = position({
      tunnel: exampleTunnel,
      pirates: [
        [SHIP, SHIP, SHIP, SHIP, SHIP, 36],
        [6, START, START, START, START, START],
      ],
      hands: [[S.hat], []],
    });
    expect(mayTakeBack(s, { type: 'forward', card: S.hat, from: 36 })).toBe(false);
  });
});
