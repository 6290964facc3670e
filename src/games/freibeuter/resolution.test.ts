import { describe, expect, it } from 'vitest';
import { freibeuter, pointAt, scoreOf, type FieldName } from './rules.js';
import { ANNE, B2, CARL, MARC, PIRATE, apply, boatsAt, double, ofType, place, player, position, ship, treasures } from './test-positions.js';

/** What an encircled token does (resolution.ts): a ship is paid for or escapes, a pirate treasure pays out, a double is set aside. */

describe("Freibeuter: the rulebook example of a payment (Anne encircles Marc's 15/3 ship)", () => {
  // Marc boarded the 15/3 ship at B2-C3; Marc's boat lies on B2, Carl's on B3, Anne's on C2.
  const example = (marcTreasure: number, marcSupply?: number) =>
    position({
      current: ANNE,
      boats: { B2: [MARC], B3: [CARL], C2: [ANNE] },
      tokens: { [B2]: ship(15) },
      boarded: { [B2]: MARC },
      hands: [{ sea: ['C3', 'E5', 'E6', 'F5'], dutchman: ['A'] }],
      treasure: [20, marcTreasure, 20],
      supply: marcSupply === undefined ? undefined : [24, marcSupply, 24],
    });

  it('Marc pays Anne 6 (two boats) and Carl 3 (one boat), takes the ship and gets his boat back', () => {
    const s0 = example(20);
    const s = apply(s0, ANNE, place('C3'));
    expect(treasures(s)).toEqual([26, 11, 23]);
    expect(player(s, MARC).ships).toEqual([15]);
    expect(player(s, MARC).boats).toBe(player(s0, MARC).boats + 1);
    expect(s.tokens[B2]).toBeNull();
    expect(s.boarded[B2]).toBeNull();
    // The boats around it stay.
    expect(['B2', 'B3', 'C2', 'C3'].map((f) => boatsAt(s, f as FieldName))).toEqual([[MARC], [CARL], [ANNE], [ANNE]]);
    expect(s.events.slice(0, 3)).toEqual([
      { type: 'placed', seat: ANNE, field: 'C3' },
      { type: 'encircled', points: [B2] },
      {
        type: 'captured',
        seat: MARC,
        point: B2,
        value: 15,
        perBoat: 3,
        payments: [
          { seat: CARL, boats: 1, amount: 3 },
          { seat: ANNE, boats: 2, amount: 6 },
        ],
        total: 9,
      },
    ]);
    // Then Anne ends her turn by drawing.
    expect(s.phase).toBe('draw');
    expect(freibeuter.toAct(s)).toEqual([ANNE]);
  });

  it('the credit example: Marc has 2, borrows 7 with a boat as marker, and repays 14 at the end', () => {
    const s0 = example(2);
    const s = apply(s0, ANNE, place('C3'));
    expect(treasures(s)).toEqual([26, 0, 23]);
    expect(player(s, MARC).loans).toEqual([7]);
    expect(player(s, MARC).lost).toBe(1);
    // One boat set aside as the marker, the boarding boat back: as many as before.
    expect(player(s, MARC).boats).toBe(player(s0, MARC).boats);
    expect(ofType(s.events, 'credit')).toEqual([{ type: 'credit', seat: MARC, point: B2, amount: 7, marker: true }]);
    // At the end: 0 treasure + the 15 ship − 2 × 7.
    expect(scoreOf(player(s, MARC), [])).toBe(15 - 14);
    expect(freibeuter.view(s, null).players[MARC]?.score).toBe(1);
  });

  it('with no boat in supply the loan is still taken, without a marker', () => {
    const s = apply(example(2, 0), ANNE, place('C3'));
    expect(player(s, MARC).loans).toEqual([7]);
    expect(player(s, MARC).lost).toBe(0);
    expect(player(s, MARC).boats).toBe(1); // the boarding boat came back
    expect(ofType(s.events, 'credit')[0]?.marker).toBe(false);
  });

  it('a boarder who encircles his own ship pays the others all the same', () => {
    const s0 = position({
      current: MARC,
      boats: { B2: [ANNE], B3: [CARL], C2: [MARC] },
      tokens: { [B2]: ship(20) },
      boarded: { [B2]: MARC },
      hands: [undefined, { sea: ['C3', 'E5'], dutchman: [] }],
    });
    const s = apply(s0, MARC, place('C3'));
    expect(treasures(s)).toEqual([24, 12, 24]);
  });
});

describe('Freibeuter: other encircled tokens', () => {
  it('an unboarded ship escapes: out of the game, nobody is paid', () => {
    const s0 = position({
      boats: { B2: [MARC], B3: [CARL], C2: [MARC] },
      tokens: { [B2]: ship(20) },
      hands: [{ sea: ['C3', 'E5'], dutchman: [] }],
    });
    const s = apply(s0, ANNE, place('C3'));
    expect(s.tokens[B2]).toBeNull();
    expect(s.escaped).toEqual([20]);
    expect(treasures(s)).toEqual([20, 20, 20]);
    expect(ofType(s.events, 'escaped')).toEqual([{ type: 'escaped', point: B2, value: 20 }]);
  });

  it('a pirate treasure pays 2 per boat around it to every player from the bank', () => {
    const s0 = position({
      boats: { B2: [ANNE, MARC], B3: [MARC], C2: [CARL] },
      tokens: { [B2]: PIRATE, 28: ship(5) },
      hands: [{ sea: ['C3', 'E5'], dutchman: [] }],
    });
    const s = apply(s0, ANNE, place('C3'));
    expect(treasures(s)).toEqual([24, 24, 22]);
    expect(s.tokens[B2]).toBeNull();
    expect(ofType(s.events, 'pirateTreasure')).toEqual([
      {
        type: 'pirateTreasure',
        point: B2,
        shares: [
          { seat: ANNE, boats: 2, amount: 4 },
          { seat: MARC, boats: 2, amount: 4 },
          { seat: CARL, boats: 1, amount: 2 },
        ],
        left: 3,
      },
    ]);
    expect(freibeuter.isOver(s)).toBe(false);
  });

  it('a double-value token is set aside: ships of that value count double at the end, for everyone', () => {
    const s0 = position({
      boats: { B2: [MARC], B3: [CARL], C2: [MARC] },
      tokens: { [B2]: double(10) },
      ships: [[10, 5], [10, 10], [20]],
      hands: [{ sea: ['C3', 'E5'], dutchman: [] }],
    });
    const s = apply(s0, ANNE, place('C3'));
    expect(s.doubles).toEqual([10]);
    expect(s.tokens[B2]).toBeNull();
    expect(ofType(s.events, 'doubleTaken')).toEqual([{ type: 'doubleTaken', point: B2, value: 10 }]);
    expect(treasures(s)).toEqual([20, 20, 20]);
    expect(freibeuter.view(s, null).players.map((p) => p.score)).toEqual([20 + 25, 20 + 40, 20 + 20]);
  });

  it('only the tokens around the field just filled are checked', () => {
    // F1-G2 is surrounded in this hand-made position, but the boat goes to C3.
    const F1 = pointAt('F1');
    const s0 = position({
      boats: { F1: [MARC], F2: [CARL], G1: [MARC], G2: [CARL] },
      tokens: { [F1]: PIRATE },
      hands: [{ sea: ['C3', 'E5'], dutchman: [] }],
    });
    const s = apply(s0, ANNE, place('C3'));
    expect(ofType(s.events, 'encircled')).toEqual([]);
    expect(s.tokens[F1]).toEqual(PIRATE);
  });
});
