import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Seat } from '../../engine/index.js';
import { freibeuter, type FreibeuterAction, type FreibeuterState } from './rules.js';
import { B2, B3, CARL, MARC, ANNE, PIRATE, apply, place, position, ship } from './test-positions.js';
import { undoable } from './undo.js';

describe('Freibeuter: which moves may be taken back', () => {
  it('a card played stays the player’s until he draws: boat, treasure and Dutchman moves, and the order he chooses', () => {
    // Marc's 15 at B2-C3 and Carl's 20 at B3-C4 wait for C3, Anne holds it, a Dutchman card of row C and B3.
    const s = position({
      tokens: { [B2]: ship(15), [B3]: ship(20) },
      boarded: { [B2]: MARC, [B3]: CARL },
      boats: { B2: [ANNE], B3: [ANNE, MARC], C2: [CARL], B4: [MARC], C4: [ANNE] },
      hands: [{ sea: ['C3', 'B3', 'D4', 'E5'], dutchman: ['C'] }],
      treasure: [20, 2, 10],
    });
    // A boat put on the sea: the draw is still to come.
    const placed = apply(s, ANNE, place('D4'));
    expect(placed.phase).toBe('draw');
    expect(undoable(s, placed, ANNE)).toBe(true);
    // Two treasure taken on B3, where boats lie already.
    const treasure = apply(s, ANNE, { type: 'takeTreasure', field: 'B3' });
    expect(undoable(s, treasure, ANNE)).toBe(true);
    // The Dutchman closes both ships: the order is Anne's choice, then her draw.
    const dutchman = apply(s, ANNE, { type: 'dutchman', line: 'C', field: 'C3' });
    expect(dutchman.phase).toBe('order');
    expect(undoable(s, dutchman, ANNE)).toBe(true);
    const ordered = apply(dutchman, ANNE, { type: 'order', points: [B3, B2] });
    expect(ordered.phase).toBe('draw');
    expect(undoable(dutchman, ordered, ANNE)).toBe(true);
    // The draw shows her a card and passes the turn: it stands.
    const drawn = apply(ordered, ANNE, { type: 'draw', pile: 'sea' });
    expect(undoable(ordered, drawn, ANNE)).toBe(false);
  });

  it('boarding, a forced draw and the end of the game stand', () => {
    const s = position({ hands: [{ sea: ['D4', 'A1', 'A2', 'A3'], dutchman: ['C'] }] });
    const ship0 = s.tokens.findIndex((tk) => tk?.kind === 'ship');
    const boarded = apply(s, ANNE, { type: 'board', point: ship0 });
    expect(boarded.current).toBe(MARC);
    expect(undoable(s, boarded, ANNE)).toBe(false);
    // With the Dutchman pile empty the sea card is drawn at once.
    const noDutchman = { ...s, dutchmanPile: [] };
    const forced = apply(noDutchman, ANNE, place('D4'));
    expect(forced.events.some((e) => e.type === 'drew')).toBe(true);
    expect(undoable(noDutchman, forced, ANNE)).toBe(false);
    // The last pirate treasure ends the game.
    const last = position({
      tokens: { 28: null, 29: null, 30: null, [B2]: PIRATE, 31: ship(5) },
      boats: { B2: [ANNE], B3: [MARC], C2: [CARL] },
      hands: [{ sea: ['C3', 'A1', 'A2', 'A3'], dutchman: ['C'] }],
    });
    const ended = apply(last, ANNE, place('C3'));
    expect(freibeuter.isOver(ended)).toBe(true);
    expect(undoable(last, ended, ANNE)).toBe(false);
  });

  it('over whole games, a move that may be taken back showed nothing new: no card drawn, no hand or pile changed but the card played, the same player on turn', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 4 }), fc.string({ maxLength: 6 }), fc.infiniteStream(fc.nat()), (seats, seed, picks) => {
        const stream = picks[Symbol.iterator]();
        let s = freibeuter.setup({ seats, seed, options: {} });
        let kept = 0;
        for (let i = 0; i < 400 && !freibeuter.isOver(s); i++) {
          const seat = freibeuter.toAct(s)[0] as Seat;
          const legal = freibeuter.legalActions(s, seat);
          const action = legal[(stream.next().value as number) % legal.length] as FreibeuterAction;
          const next: FreibeuterState = freibeuter.apply(s, seat, action);
          if (undoable(s, next, seat)) {
            kept++;
            expect(action.type).not.toBe('board');
            expect(action.type).not.toBe('draw');
            expect(next.current).toBe(seat);
            expect(next.seaPile).toEqual(s.seaPile);
            expect(next.dutchmanPile).toEqual(s.dutchmanPile);
            expect(next.rng).toEqual(s.rng);
            next.players.forEach((p, k) => {
              if (k !== seat) expect(p.hand).toEqual(s.players[k]?.hand);
            });
            expect(next.events.some((e) => e.type === 'drew' || e.type === 'turnStarted')).toBe(false);
          }
          s = next;
        }
        return kept >= 0;
      }),
      { numRuns: 40 },
    );
  });
});
