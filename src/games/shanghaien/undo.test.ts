import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { stateWithout } from '../../service/undo.js';
import { shanghaien, type ShanghaienAction, type ShanghaienState } from './rules.js';
import { act, game, picker, playRandomly, position, sailor, trick } from './test-positions.js';
import { undoable } from './undo.js';

/** Whether the step from `s` by the player to act could be taken back. */
const undoableStep = (s: ShanghaienState, action: ShanghaienAction) => undoable(s, act(s, action), s.current);

describe('Shanghaien: taking a move back', () => {
  it('numbering the row may be taken back: it rolls nothing and the roll still waits to be placed', () => {
    const rolled = act(position({ first: null }), { type: 'roll' });
    expect(undoableStep(rolled, { type: 'orient', first: 'right' })).toBe(true);
  });

  it('a joker may be taken back: the trick card goes back to the hand, the roll still waits', () => {
    const s = position({ rolled: [2, 4], crews: [{ tricks: [trick('place-both')], sailors: [sailor('french', 1)] }, {}] });
    expect(undoableStep(s, { type: 'joker', effect: 'place-both', nation: 'french' })).toBe(true);
  });

  it('a roll, roll again, a placement (±1 and place both too) and shanghai stand', () => {
    const s = position({ rolled: [2, 4], crews: [{ tricks: [trick('adjust'), trick('place-both'), trick('reroll')], sailors: [sailor('french', 1)] }, {}] });
    expect(undoableStep(position({}), { type: 'roll' })).toBe(false);
    expect(undoableStep(s, { type: 'reroll' })).toBe(false);
    expect(undoableStep(s, { type: 'place', pips: 4 })).toBe(false);
    expect(undoableStep(s, { type: 'adjust', from: 4, to: 5 })).toBe(false);
    expect(undoableStep(s, { type: 'place-both' })).toBe(false);
    expect(undoableStep(position({ dice: [[1, 2], [3]] }), { type: 'shanghai' })).toBe(false);
  });

  it('whatever random play does, an undoable step kept the turn, showed no die and turned up no card; taking it back gives the state before', () => {
    fc.assert(
      fc.property(game, ({ seed, picks }) => {
        const start = shanghaien.setup({ seats: 2, seed, options: {} });
        const { log } = playRandomly(seed, picker(picks), (before, after) => {
          const seat = before.current;
          if (!undoable(before, after, seat)) return;
          expect(after.current).toBe(seat);
          expect(after.rolled).toEqual(before.rolled);
          expect(after.rng).toEqual(before.rng);
          expect(after.drawPile).toEqual(before.drawPile);
          expect(after.row).toEqual(before.row);
        });
        // Take back the first undoable step of the game by replaying the log without it.
        let state = start;
        for (const [i, [seat, action]] of log.entries()) {
          const next = shanghaien.apply(state, seat, action);
          if (undoable(state, next, seat)) {
            const entries = log.slice(0, i + 1).map(([s, a], seq) => ({ seq, seat: s, action: a }));
            const without = stateWithout(shanghaien, start, entries, i) as ShanghaienState;
            expect({ ...without, events: [], turn: [] }).toEqual({ ...state, events: [], turn: [] });
            break;
          }
          state = next;
        }
      }),
      { numRuns: 40 },
    );
  });
});
