import { describe, expect, it } from 'vitest';
import type { Seat } from '../../engine/index.js';
import { freibeuter, type FieldName, type FreibeuterState, type Token } from './rules.js';
import {
  ANNE,
  B2,
  B3,
  C2,
  C3,
  CARL,
  MARC,
  PIRATE,
  apply,
  loans,
  ofType,
  onePayerTwoShips,
  order,
  place,
  player,
  position,
  rulebookRings,
  ship,
  treasures,
  twoRichPayers,
} from './test-positions.js';

/** Version 1's order of resolution, which games opened under it keep: one token at a time, the choice only with two payers. */

describe('Freibeuter: games opened under rules version 1 keep their order of resolution', () => {
  it('one payer owing for two ships: no choice, board order, two loans', () => {
    // The version as setup stores it for a game opened under version 1.
    const opened = freibeuter.setup({ seats: 3, seed: 'opened before', options: {}, rulesVersion: 1 });
    expect(opened.rules).toBe(1);
    const s = apply({ ...onePayerTwoShips(), rules: opened.rules }, ANNE, place('C3'));
    expect(s.phase).toBe('draw');
    expect(loans(s)).toEqual([[], [2, 4], []]);
  });

  it('a state stored before games carried their rules version plays by version 1', () => {
    const { rules: _, ...stored } = twoRichPayers();
    const s = apply(stored as FreibeuterState, ANNE, place('C3'));
    expect(s.phase).toBe('order');
    expect(freibeuter.legalActions(s, ANNE).map((a) => a.type)).toEqual(['resolve', 'resolve']);
  });

  it('two payers who can both pay: the choice is offered all the same, one token at a time', () => {
    const s = apply(twoRichPayers(1), ANNE, place('C3'));
    expect(freibeuter.legalActions(s, ANNE)).toEqual([
      { type: 'resolve', point: B2 },
      { type: 'resolve', point: B3 },
    ]);
    expect(freibeuter.view(s, ANNE).orders).toEqual([]);
    expect(() => apply(s, ANNE, order(B2, B3))).toThrow();
  });

  it('a pirate treasure and one payer: board order, so Marc takes the credit of the rulebook', () => {
    const s = apply(rulebookRings({ rules: 1 }), ANNE, place('C3'));
    expect(s.phase).toBe('draw');
    expect(loans(s)).toEqual([[], [7], []]);
  });
});

// Version 1's order of resolution, which games opened under it keep: the choice came only with two
// payers, one token at a time.
describe('Freibeuter: several tokens encircled at once under rules version 1', () => {
  // Anne's boat on C3 encircles B2-C3 (Marc's ship) and B3-C4 (Carl's ship) at once: Marc owes
  // Carl 4 and Anne 4, Carl owes Anne 4 and Marc 4; both hold only 4 treasure.
  const twoPayers = (extra: { boats?: Partial<Record<FieldName, Seat[]>>; tokens?: Record<number, Token> } = {}) =>
    position({
      rules: 1,
      current: ANNE,
      boats: { B2: [CARL], B3: [ANNE], C2: [CARL], B4: [MARC], C4: [MARC], ...extra.boats },
      tokens: { [B2]: ship(10), [B3]: ship(10), ...extra.tokens },
      boarded: { [B2]: MARC, [B3]: CARL },
      treasure: [20, 4, 4],
      hands: [{ sea: ['C3', 'E5'], dutchman: [] }],
    });

  it('with payments by two payers the active player chooses the order, which decides who borrows', () => {
    const s = apply(twoPayers(), ANNE, place('C3'));
    expect(s.phase).toBe('order');
    expect(freibeuter.legalActions(s, ANNE)).toEqual([
      { type: 'resolve', point: B2 },
      { type: 'resolve', point: B3 },
    ]);
    expect(ofType(s.events, 'orderChoice')).toEqual([{ type: 'orderChoice', seat: ANNE, points: [B2, B3] }]);
    expect(treasures(s)).toEqual([20, 4, 4]);
    expect(freibeuter.view(s, null).pending).toEqual([B2, B3]);

    // Carl's ship first: Carl borrows 4 and pays, then Marc can pay from what he received.
    const carlFirst = apply(s, ANNE, { type: 'resolve', point: B3 });
    expect(carlFirst.phase).toBe('draw');
    expect(treasures(carlFirst)).toEqual([28, 0, 4]);
    expect(carlFirst.players.map((p) => p.loans)).toEqual([[], [], [4]]);
    expect(ofType(carlFirst.events, 'captured').map((e) => e.point)).toEqual([B3, B2]);

    // Marc's ship first: Marc borrows.
    const marcFirst = apply(s, ANNE, { type: 'resolve', point: B2 });
    expect(treasures(marcFirst)).toEqual([28, 4, 0]);
    expect(marcFirst.players.map((p) => p.loans)).toEqual([[], [4], []]);
  });

  it('tokens that move no treasure resolve first; pirate treasures are part of the choice', () => {
    // Also C2-D3 (an unboarded ship) and C3-D4 (a pirate treasure) around C3.
    const s0 = twoPayers({ boats: { D2: [ANNE], D3: [CARL], D4: [MARC] }, tokens: { [C2]: ship(5), [C3]: PIRATE } });
    const s = apply(s0, ANNE, place('C3'));
    expect(s.events.map((e) => e.type)).toEqual(['placed', 'encircled', 'escaped', 'orderChoice']);
    expect(ofType(s.events, 'encircled')[0]?.points).toEqual([B2, B3, C2, C3]);
    expect(freibeuter.legalActions(s, ANNE)).toEqual([
      { type: 'resolve', point: B2 },
      { type: 'resolve', point: B3 },
      { type: 'resolve', point: C3 },
    ]);
    const pirateFirst = apply(s, ANNE, { type: 'resolve', point: C3 });
    expect(pirateFirst.phase).toBe('order');
    expect(ofType(pirateFirst.events, 'pirateTreasure')[0]?.shares).toEqual([
      { seat: ANNE, boats: 1, amount: 2 },
      { seat: MARC, boats: 2, amount: 4 },
      { seat: CARL, boats: 1, amount: 2 },
    ]);
    expect(freibeuter.legalActions(pirateFirst, ANNE)).toEqual([
      { type: 'resolve', point: B2 },
      { type: 'resolve', point: B3 },
    ]);
    // With the pirate treasure first nobody needs a loan: Marc (8) pays 8, then Carl (6 + 4) pays 8.
    expect(treasures(pirateFirst)).toEqual([22, 8, 6]);
    const done = apply(pirateFirst, ANNE, { type: 'resolve', point: B2 });
    expect(done.phase).toBe('draw');
    expect(done.players.map((p) => p.loans)).toEqual([[], [], []]);
    expect(treasures(done)).toEqual([30, 4, 2]);
  });

  it('with one payer there is no choice: board order', () => {
    const s0 = position({
      rules: 1,
      current: ANNE,
      boats: { B2: [CARL], B3: [ANNE], C2: [CARL], B4: [CARL], C4: [CARL] },
      tokens: { [B2]: ship(10), [B3]: ship(20) },
      boarded: { [B2]: MARC, [B3]: MARC },
      treasure: [20, 4, 20],
      hands: [{ sea: ['C3', 'E5'], dutchman: [] }],
    });
    const s = apply(s0, ANNE, place('C3'));
    expect(s.phase).toBe('draw');
    expect(ofType(s.events, 'captured').map((e) => [e.point, e.total])).toEqual([
      [B2, 8],
      [B3, 16],
    ]);
    expect(player(s, MARC).ships).toEqual([10, 20]);
    expect(player(s, MARC).loans).toEqual([4, 16]);
  });

  it('a capture that owes nothing is no payment, so it gives no choice', () => {
    const s0 = position({
      rules: 1,
      current: ANNE,
      boats: { B2: [CARL], B3: [ANNE], C2: [CARL], B4: [ANNE], C4: [ANNE] },
      tokens: { [B2]: ship(10), [B3]: ship(10) },
      boarded: { [B2]: MARC, [B3]: ANNE },
      hands: [{ sea: ['C3', 'E5'], dutchman: [] }],
    });
    const s = apply(s0, ANNE, place('C3'));
    expect(s.phase).toBe('draw');
    expect(ofType(s.events, 'captured').map((e) => [e.seat, e.total])).toEqual([
      [MARC, 8],
      [ANNE, 0],
    ]);
  });

  it('an escape, a pirate treasure and one payment resolve in board order without a choice', () => {
    const s0 = position({
      rules: 1,
      current: ANNE,
      boats: { B2: [CARL], B3: [ANNE], C2: [CARL], B4: [MARC], C4: [MARC], D2: [ANNE], D3: [CARL] },
      tokens: { [B2]: PIRATE, [B3]: ship(10), [C2]: ship(5) },
      boarded: { [B3]: CARL },
      hands: [{ sea: ['C3', 'E5'], dutchman: [] }],
    });
    const s = apply(s0, ANNE, place('C3'));
    expect(s.events.map((e) => e.type)).toEqual(['placed', 'encircled', 'pirateTreasure', 'captured', 'escaped']);
    expect(s.phase).toBe('draw');
  });
});
