import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { IllegalAction, type Seat } from '../../engine/index.js';
import {
  BOATS,
  FIELDS,
  FIELD_POINTS,
  LINES,
  POINT_FIELDS,
  SHIP_VALUES,
  dutchmanDeck,
  fieldCapacity,
  fieldIndex,
  freibeuter,
  freibeuterOptions,
  isBorderField,
  lineFields,
  pointAt,
  pointLabel,
  scoreOf,
  seaDeck,
  tokenSet,
  type DutchmanCard,
  type FieldName,
  type FreibeuterAction,
  type FreibeuterEvent,
  type FreibeuterState,
  type SeaCard,
  type ShipValue,
} from './rules.js';
import { ANNE, B2, B3, C2, C3, CARL, MARC, PIRATE, apply, boatsAt, double, ofType, place, player, position, ship, treasures } from './test-positions.js';

// ---------------------------------------------------------------------------------------------

describe('Freibeuter: the sea, the cards and the tokens', () => {
  it('has 49 fields A1..G7, 24 of them on the border, and 36 points touching four fields each', () => {
    expect(FIELDS).toHaveLength(49);
    expect(FIELDS[0]).toBe('A1');
    expect(FIELDS[6]).toBe('A7');
    expect(FIELDS[7]).toBe('B1');
    expect(FIELDS[48]).toBe('G7');
    expect(FIELDS.filter((_, f) => isBorderField(f))).toHaveLength(24);
    expect(POINT_FIELDS).toHaveLength(36);
    expect(POINT_FIELDS.every((fields) => new Set(fields).size === 4)).toBe(true);
    expect(pointLabel(B2)).toBe('B2-C3');
    expect(POINT_FIELDS[B2]?.map((f) => FIELDS[f])).toEqual(['B2', 'B3', 'C2', 'C3']);
    expect(pointLabel(35)).toBe('F6-G7');
    expect(pointAt('G1')).toBe(-1);
    // Corners touch one point, other border fields two, inner fields four.
    expect(FIELD_POINTS[fieldIndex('A1')]).toHaveLength(1);
    expect(FIELD_POINTS[fieldIndex('A4')]).toHaveLength(2);
    expect(FIELD_POINTS[fieldIndex('D4')]).toHaveLength(4);
  });

  it('names rows A-G and columns 1-7 for the Dutchman', () => {
    expect(LINES).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'G', '1', '2', '3', '4', '5', '6', '7']);
    expect(lineFields('C').map((f) => FIELDS[f])).toEqual(['C1', 'C2', 'C3', 'C4', 'C5', 'C6', 'C7']);
    expect(lineFields('3').map((f) => FIELDS[f])).toEqual(['A3', 'B3', 'C3', 'D3', 'E3', 'F3', 'G3']);
  });

  it('has 74 sea cards, one per border field and two per inner field: the capacity of each field', () => {
    const deck = seaDeck();
    expect(deck).toHaveLength(74);
    FIELDS.forEach((name, field) => {
      const copies = deck.filter((c) => c === name).length;
      expect(copies).toBe(isBorderField(field) ? 1 : 2);
      expect(fieldCapacity(field)).toBe(copies);
    });
    expect(dutchmanDeck()).toHaveLength(14);
    expect(new Set(dutchmanDeck()).size).toBe(14);
  });

  it('has 36 tokens: 7 ships of each value, 4 pirate treasures, a double for each value', () => {
    const tokens = tokenSet();
    expect(tokens).toHaveLength(36);
    for (const value of SHIP_VALUES) {
      expect(tokens.filter((t) => t.kind === 'ship' && t.value === value)).toHaveLength(7);
      expect(tokens.filter((t) => t.kind === 'double' && t.value === value)).toHaveLength(1);
    }
    expect(tokens.filter((t) => t.kind === 'pirate')).toHaveLength(4);
  });
});

describe('Freibeuter: options and setup', () => {
  it('declares its id, seats, rules version and empty options', () => {
    expect(freibeuter.id).toBe('freibeuter');
    expect(freibeuter.minSeats).toBe(2);
    expect(freibeuter.maxSeats).toBe(4);
    expect(freibeuter.rulesVersion).toBe(2);
    // A game keeps the rules it was opened under; without one it gets the current rules.
    expect(freibeuter.setup({ seats: 2, seed: 'x', options: {} }).rules).toBe(2);
    expect(freibeuter.setup({ seats: 2, seed: 'x', options: {}, rulesVersion: 1 }).rules).toBe(1);
    expect(freibeuterOptions.parse({})).toEqual({});
    expect(() => freibeuter.setup({ seats: 1, seed: 'x', options: {} })).toThrow(RangeError);
    expect(() => freibeuter.setup({ seats: 5, seed: 'x', options: {} })).toThrow(RangeError);
  });

  it('deals 4 sea cards and 1 Dutchman card, 25 boats and 20 treasure to each player; all tokens on the points', () => {
    for (const seats of [2, 3, 4]) {
      const s = freibeuter.setup({ seats, seed: `deal-${seats}`, options: {} });
      expect(s.players).toHaveLength(seats);
      for (const p of s.players) {
        expect(p.hand.sea).toHaveLength(4);
        expect(p.hand.dutchman).toHaveLength(1);
        expect(p.boats).toBe(25);
        expect(p.treasure).toBe(20);
        expect(p.ships).toEqual([]);
        expect(p.loans).toEqual([]);
      }
      expect(s.seaPile).toHaveLength(74 - 4 * seats);
      expect(s.dutchmanPile).toHaveLength(14 - seats);
      expect(s.tokens.every((t) => t !== null)).toBe(true);
      expect([...s.tokens].map((t) => JSON.stringify(t)).sort()).toEqual(tokenSet().map((t) => JSON.stringify(t)).sort());
      expect(s.sea.every((boats) => boats.length === 0)).toBe(true);
      expect(freibeuter.toAct(s)).toEqual([s.current]);
      expect(s.events).toEqual([{ type: 'turnStarted', seat: s.current, turn: 1 }]);
    }
  });

  it('shuffles tokens and cards and draws the start player from the seed', () => {
    const a = freibeuter.setup({ seats: 4, seed: 'same', options: {} });
    expect(freibeuter.setup({ seats: 4, seed: 'same', options: {} })).toEqual(a);
    const layouts = new Set<string>();
    const starters = new Set<number>();
    for (let i = 0; i < 40; i++) {
      const s = freibeuter.setup({ seats: 4, seed: `seed-${i}`, options: {} });
      layouts.add(JSON.stringify(s.tokens));
      starters.add(s.current);
    }
    expect(layouts.size).toBe(40);
    expect([...starters].sort()).toEqual([0, 1, 2, 3]);
  });
});

describe('Freibeuter: boarding a ship', () => {
  it('is offered for every ship without a boat, never for a pirate treasure or a double', () => {
    const s = position({ boarded: { 0: MARC } });
    const boards = freibeuter.legalActions(s, ANNE).filter((a) => a.type === 'board');
    expect(boards).toEqual(Array.from({ length: 27 }, (_, i) => ({ type: 'board', point: i + 1 })));
    expect(() => apply(s, ANNE, { type: 'board', point: 0 })).toThrow(IllegalAction);
    expect(() => apply(s, ANNE, { type: 'board', point: 28 })).toThrow(IllegalAction); // a pirate treasure
    expect(() => apply(s, ANNE, { type: 'board', point: 32 })).toThrow(IllegalAction); // a double
  });

  it('is taken whatever the order of its fields, and refused with a field of its own', () => {
    const s = position({});
    expect(apply(s, ANNE, { point: 5, type: 'board' } as FreibeuterAction)).toEqual(apply(s, ANNE, { type: 'board', point: 5 }));
    expect(() => apply(s, ANNE, { type: 'board', point: 5, extra: 1 } as FreibeuterAction)).toThrow(IllegalAction);
  });

  it('takes a boat from supply, plays no card, draws none, and ends the turn', () => {
    const s0 = position({});
    const s = apply(s0, ANNE, { type: 'board', point: 5 });
    expect(s.boarded[5]).toBe(ANNE);
    expect(player(s, ANNE).boats).toBe(24);
    expect(player(s, ANNE).hand).toEqual(player(s0, ANNE).hand);
    expect(s.seaPile).toEqual(s0.seaPile);
    expect(s.current).toBe(MARC);
    expect(s.events).toEqual([
      { type: 'boarded', seat: ANNE, point: 5, value: 5 },
      { type: 'turnStarted', seat: MARC, turn: 2 },
    ]);
  });
});

describe('Freibeuter: placing a boat', () => {
  it('on an empty field a boat must be placed; on a field with a boat, 2 treasure may be taken instead', () => {
    const s = position({ boats: { C3: [CARL] }, hands: [{ sea: ['D4', 'C3'], dutchman: [] }] });
    const cardActions = freibeuter.legalActions(s, ANNE).filter((a) => a.type !== 'board');
    expect(cardActions).toEqual([
      { type: 'place', field: 'C3' },
      { type: 'takeTreasure', field: 'C3' },
      { type: 'place', field: 'D4' },
    ]);
    expect(() => apply(s, ANNE, { type: 'takeTreasure', field: 'D4' })).toThrow(IllegalAction);
    expect(() => apply(s, ANNE, place('E5'))).toThrow(IllegalAction); // not in hand

    const placed = apply(s, ANNE, place('D4'));
    expect(boatsAt(placed, 'D4')).toEqual([ANNE]);
    expect(player(placed, ANNE).boats).toBe(24);
    expect(player(placed, ANNE).hand.sea).toEqual(['C3']);
    expect(placed.seaDiscard.at(-1)).toBe('D4');

    const took = apply(s, ANNE, { type: 'takeTreasure', field: 'C3' });
    expect(boatsAt(took, 'C3')).toEqual([CARL]);
    expect(player(took, ANNE).treasure).toBe(22);
    expect(player(took, ANNE).boats).toBe(25);
    expect(took.seaDiscard.at(-1)).toBe('C3');
    expect(took.events[0]).toEqual({ type: 'tookTreasure', seat: ANNE, field: 'C3', amount: 2 });
  });

  it('a border field holds one boat, an inner field two: a full field only offers the treasure', () => {
    // Not reachable with the real cards (there is one A1 card and two C3 cards), so built by hand.
    const s = position({ boats: { A1: [MARC], C3: [MARC, CARL] }, hands: [{ sea: ['A1', 'C3'], dutchman: [] }] });
    expect(freibeuter.legalActions(s, ANNE).filter((a) => a.type !== 'board')).toEqual([
      { type: 'takeTreasure', field: 'A1' },
      { type: 'takeTreasure', field: 'C3' },
    ]);
    expect(() => apply(s, ANNE, place('A1'))).toThrow(IllegalAction);
    expect(() => apply(s, ANNE, place('C3'))).toThrow(IllegalAction);
    // A second boat on an inner field is fine.
    const one = position({ boats: { C3: [MARC] }, hands: [{ sea: ['C3'], dutchman: [] }] });
    expect(boatsAt(apply(one, ANNE, place('C3')), 'C3')).toEqual([MARC, ANNE]);
  });
});

describe('Freibeuter: the rulebook example of a payment (Anne encircles Marc\'s 15/3 ship)', () => {
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

describe('Freibeuter: the Flying Dutchman', () => {
  const board = (dutchman: DutchmanCard[]) =>
    position({
      current: ANNE,
      boats: { B2: [MARC], B3: [CARL], C2: [ANNE] },
      tokens: { [B2]: ship(15) },
      boarded: { [B2]: MARC },
      hands: [{ sea: ['E5'], dutchman }],
    });
  const dutchmanActions = (s: FreibeuterState) => freibeuter.legalActions(s, ANNE).filter((a) => a.type === 'dutchman');

  it('goes only on an empty field of its row or column where it completes an encirclement', () => {
    expect(dutchmanActions(board(['C', '3']))).toEqual([
      { type: 'dutchman', line: 'C', field: 'C3' },
      { type: 'dutchman', line: '3', field: 'C3' },
    ]);
    // Nothing to complete in row G or column 5.
    expect(dutchmanActions(board(['G', '5']))).toEqual([]);
    // Not on a field that holds a boat, nor on a field of another line.
    expect(() => apply(board(['B']), ANNE, { type: 'dutchman', line: 'B', field: 'B2' })).toThrow(IllegalAction);
    expect(() => apply(board(['B']), ANNE, { type: 'dutchman', line: 'B', field: 'C3' })).toThrow(IllegalAction);
    // Not with a card he does not hold.
    expect(() => apply(board(['3']), ANNE, { type: 'dutchman', line: 'C', field: 'C3' })).toThrow(IllegalAction);
  });

  it('earns nothing, leaves the sea at the end of the move, and the player draws', () => {
    const s = apply(board(['C', '3']), ANNE, { type: 'dutchman', line: 'C', field: 'C3' });
    expect(treasures(s)).toEqual([23, 14, 23]);
    expect(player(s, MARC).ships).toEqual([15]);
    expect(s.dutchman).toBeNull();
    expect(boatsAt(s, 'C3')).toEqual([]);
    expect(player(s, ANNE).hand.dutchman).toEqual(['3']);
    expect(s.dutchmanDiscard).toEqual(['C']);
    expect(s.events.map((e) => e.type)).toEqual(['dutchmanPlaced', 'encircled', 'captured', 'dutchmanRemoved']);
    expect(s.phase).toBe('draw');
  });

  it('also completes pirate treasures and doubles', () => {
    const s0 = position({
      boats: { B2: [MARC], B3: [CARL], C2: [ANNE] },
      tokens: { [B2]: PIRATE },
      hands: [{ sea: ['E5'], dutchman: ['C'] }],
    });
    const s = apply(s0, ANNE, { type: 'dutchman', line: 'C', field: 'C3' });
    expect(treasures(s)).toEqual([22, 22, 22]);
  });
});

describe('Freibeuter: drawing back to five', () => {
  it('offers the choice of pile; the drawn card is seen only by the drawer', () => {
    const s0 = position({ hands: [{ sea: ['D4', 'E5', 'E6', 'F5'], dutchman: ['A'] }] });
    const s1 = apply(s0, ANNE, place('D4'));
    expect(s1.phase).toBe('draw');
    expect(freibeuter.legalActions(s1, ANNE)).toEqual([
      { type: 'draw', pile: 'sea' },
      { type: 'draw', pile: 'dutchman' },
    ]);
    expect(freibeuter.legalActions(s1, MARC)).toEqual([]);
    const top = s1.dutchmanPile.at(-1) as DutchmanCard;
    const s2 = apply(s1, ANNE, { type: 'draw', pile: 'dutchman' });
    expect(player(s2, ANNE).hand.dutchman).toEqual(['A', top]);
    expect(s2.dutchmanPile).toHaveLength(s1.dutchmanPile.length - 1);
    expect(s2.current).toBe(MARC);
    expect(s2.phase).toBe('turn');
    const drew = { type: 'drew', seat: ANNE, pile: 'dutchman', forced: false };
    expect(freibeuter.view(s2, ANNE).events[0]).toEqual({ ...drew, card: top });
    expect(freibeuter.view(s2, MARC).events[0]).toEqual({ ...drew, card: null });
    expect(freibeuter.view(s2, null).events[0]).toEqual({ ...drew, card: null });

    const seaTop = s1.seaPile.at(-1) as SeaCard;
    const s3 = apply(s1, ANNE, { type: 'draw', pile: 'sea' });
    expect(player(s3, ANNE).hand.sea).toEqual(['E5', 'E6', 'F5', seaTop]);
  });

  it('a player without a sea card left must draw one', () => {
    const s0 = position({ hands: [{ sea: ['D4'], dutchman: ['A', 'B', 'C', 'D'] }] });
    const seaTop = s0.seaPile.at(-1) as SeaCard;
    const s = apply(s0, ANNE, place('D4'));
    expect(s.phase).toBe('turn');
    expect(s.current).toBe(MARC);
    expect(player(s, ANNE).hand.sea).toEqual([seaTop]);
    expect(ofType(s.events, 'drew')).toEqual([{ type: 'drew', seat: ANNE, pile: 'sea', card: seaTop, forced: true }]);
  });

  it('with the Dutchman pile empty a sea card is drawn', () => {
    const s0 = position({ hands: [{ sea: ['D4', 'E5'], dutchman: [] }], dutchmanPile: [] });
    const s = apply(s0, ANNE, place('D4'));
    expect(s.phase).toBe('turn');
    expect(player(s, ANNE).hand.sea).toHaveLength(2);
    expect(ofType(s.events, 'drew')[0]?.forced).toBe(true);
  });

  it('the game ends when a sea card must be drawn from an empty pile', () => {
    const s0 = position({ hands: [{ sea: ['D4'], dutchman: ['A', 'B', 'C', 'D'] }], seaPile: [] });
    const s = apply(s0, ANNE, place('D4'));
    expect(freibeuter.isOver(s)).toBe(true);
    expect(s.end).toEqual({ reason: 'seaPileEmpty', seat: ANNE });
    expect(ofType(s.events, 'gameOver')[0]).toMatchObject({ reason: 'seaPileEmpty', seat: ANNE });
    expect(freibeuter.toAct(s)).toEqual([]);
  });

  it('the game ends when a player chooses to draw a sea card from an empty pile; the Dutchman pile goes on', () => {
    const s0 = position({ hands: [{ sea: ['D4', 'E5'], dutchman: [] }], seaPile: [], dutchmanPile: ['G'] });
    const s1 = apply(s0, ANNE, place('D4'));
    expect(freibeuter.legalActions(s1, ANNE)).toHaveLength(2);
    const ended = apply(s1, ANNE, { type: 'draw', pile: 'sea' });
    expect(ended.end).toEqual({ reason: 'seaPileEmpty', seat: ANNE });
    const goesOn = apply(s1, ANNE, { type: 'draw', pile: 'dutchman' });
    expect(freibeuter.isOver(goesOn)).toBe(false);
    expect(player(goesOn, ANNE).hand).toEqual({ sea: ['E5'], dutchman: ['G'] });
  });
});

describe('Freibeuter: the end', () => {
  it('ends once the last pirate treasure is paid out, after every token of that move; nobody draws', () => {
    const s0 = position({
      current: ANNE,
      boats: { B2: [CARL], B3: [ANNE], C2: [CARL], B4: [MARC], C4: [CARL] },
      tokens: { [B2]: PIRATE, [B3]: ship(5), 28: ship(5), 29: ship(5), 30: ship(5), 31: ship(5) },
      boarded: { [B3]: MARC },
      hands: [{ sea: ['C3', 'E5'], dutchman: [] }],
    });
    const s = apply(s0, ANNE, place('C3'));
    expect(s.events.map((e) => e.type)).toEqual(['placed', 'encircled', 'pirateTreasure', 'captured', 'gameOver']);
    expect(s.end).toEqual({ reason: 'pirateTreasures', seat: null });
    expect(player(s, ANNE).hand.sea).toEqual(['E5']);
    // Anne 20 + 4 + 2, Marc 20 − 3 + the 5 ship, Carl 20 + 4 + 1.
    expect(freibeuter.result(s)).toEqual({ scores: [26, 22, 25], ranking: [[ANNE], [CARL], [MARC]] });
  });

  it('ends when a player has no boat in supply at the start of his turn', () => {
    const s0 = position({ supply: [10, 0, 10] });
    const s = apply(s0, ANNE, { type: 'board', point: 3 });
    expect(s.end).toEqual({ reason: 'noBoats', seat: MARC });
    expect(ofType(s.events, 'turnStarted')).toEqual([]);
    expect(freibeuter.result(s)?.scores).toEqual([20, 20, 20]);
  });

  it('the rulebook\'s final score: 36 + 10 + 20 + 60 = 126 with the doubles of 10 and 15', () => {
    const anne = { treasure: 36, ships: [5, 5, 20, 15, 15] as ShipValue[], loans: [] };
    expect(scoreOf(anne, [10, 15])).toBe(126);
    expect(scoreOf(anne, [])).toBe(96);
    const s = position({
      ships: [anne.ships, [10, 10], []],
      treasure: [36, 50, 80],
      loans: [[], [], [3]],
      doubles: [10, 15],
      phase: 'over',
    });
    expect(freibeuter.result(s)).toEqual({ scores: [126, 90, 74], ranking: [[ANNE], [MARC], [CARL]] });
  });

  it('equal scores share the place', () => {
    const s = position({ seats: 4, treasure: [30, 10, 30, 10], phase: 'over' });
    expect(freibeuter.result(s)).toEqual({ scores: [30, 10, 30, 10], ranking: [[0, 2], [1, 3]] });
    expect(freibeuter.result(position({}))).toBeNull();
  });
});

describe('Freibeuter: players leaving', () => {
  it('his boats stay on the sea, his boarding boats come home, his hand is set aside; the game goes on', () => {
    const s0 = position({ current: MARC, boats: { B2: [MARC], D4: [MARC, ANNE] }, boarded: { [B2]: MARC, 20: MARC } });
    const hand = player(s0, MARC).hand;
    const s = freibeuter.resign(s0, MARC);
    expect(boatsAt(s, 'B2')).toEqual([MARC]);
    expect(boatsAt(s, 'D4')).toEqual([MARC, ANNE]);
    expect(s.boarded[B2]).toBeNull();
    expect(s.boarded[20]).toBeNull();
    expect(player(s, MARC).boats).toBe(player(s0, MARC).boats + 2);
    expect(player(s, MARC).hand).toEqual({ sea: [], dutchman: [] });
    expect(s.setAside).toEqual(hand);
    expect(s.current).toBe(CARL);
    expect(s.events).toEqual([
      { type: 'resigned', seat: MARC, boatsBack: 2 },
      { type: 'turnStarted', seat: CARL, turn: 2 },
    ]);
    expect(freibeuter.legalActions(s, MARC)).toEqual([]);
    expect(freibeuter.view(s, MARC).hand).toBeNull();
    expect(freibeuter.view(s, null).setAside).toBe(5);
    expect(() => freibeuter.resign(s, MARC)).toThrow(IllegalAction);
    // He is skipped from now on.
    const next = apply(s, CARL, { type: 'board', point: 1 });
    expect(next.current).toBe(ANNE);
    const after = apply(next, ANNE, { type: 'board', point: 2 });
    expect(after.current).toBe(CARL);
  });

  it('his boats still encircle, but he is paid nothing; his ship, now unboarded, escapes', () => {
    const s0 = position({
      current: ANNE,
      boats: { B2: [MARC], B3: [CARL], C2: [MARC], B4: [MARC], C4: [ANNE] },
      tokens: { [B2]: ship(15), [B3]: ship(10) },
      boarded: { [B2]: CARL, [B3]: MARC },
      hands: [{ sea: ['C3', 'E5'], dutchman: [] }],
    });
    const s = apply(freibeuter.resign(s0, MARC), ANNE, place('C3'));
    expect(ofType(s.events, 'captured')).toEqual([
      {
        type: 'captured',
        seat: CARL,
        point: B2,
        value: 15,
        perBoat: 3,
        payments: [{ seat: ANNE, boats: 1, amount: 3 }],
        total: 3,
      },
    ]);
    expect(ofType(s.events, 'escaped')).toEqual([{ type: 'escaped', point: B3, value: 10 }]);
    expect(treasures(s)).toEqual([23, 20, 17]);
  });

  it('when the chooser of an order leaves, the tokens resolve in board order and the next player goes on', () => {
    const s0 = position({
      current: ANNE,
      boats: { B2: [CARL], B3: [ANNE], C2: [CARL], B4: [MARC], C4: [MARC] },
      tokens: { [B2]: ship(10), [B3]: ship(10) },
      boarded: { [B2]: MARC, [B3]: CARL },
      treasure: [20, 4, 4],
      hands: [{ sea: ['C3', 'E5'], dutchman: [] }],
    });
    const choosing = apply(s0, ANNE, place('C3'));
    expect(choosing.phase).toBe('order');
    const s = freibeuter.resign(choosing, ANNE);
    expect(ofType(s.events, 'captured').map((e) => e.point)).toEqual([B2, B3]);
    expect(ofType(s.events, 'drew')).toEqual([]);
    expect(s.current).toBe(MARC);
    expect(s.phase).toBe('turn');
    // Anne is paid nothing any more: Marc pays Carl 4 only; Carl pays Marc 4.
    expect(treasures(s)).toEqual([20, 4, 4]);
    expect(s.players.map((p) => p.loans)).toEqual([[], [], []]);
  });

  it('ends when one player is left; those who left rank below him', () => {
    const s0 = position({ seats: 2, treasure: [90, 10] });
    const s = freibeuter.resign(s0, ANNE);
    expect(freibeuter.isOver(s)).toBe(true);
    expect(s.end).toEqual({ reason: 'lastPlayer', seat: MARC });
    expect(freibeuter.result(s)).toEqual({ scores: [90, 10], ranking: [[MARC], [ANNE]] });
    expect(() => freibeuter.resign(s, MARC)).toThrow(IllegalAction);
    const three = freibeuter.resign(freibeuter.resign(position({ treasure: [5, 50, 60] }), CARL), MARC);
    expect(freibeuter.result(three)?.ranking).toEqual([[ANNE], [CARL], [MARC]]);
  });
});

// ---------------------------------------------------------------------------------------------
// Property tests: random legal play

const anyGame = fc.record({
  seats: fc.integer({ min: 2, max: 4 }),
  seed: fc.string(),
  picks: fc.infiniteStream(fc.nat()),
  resigns: fc.boolean(),
  // Games opened under rules version 1 keep playing by them: both are played.
  rules: fc.constantFrom(1, 2),
});
type AnyGame = { seats: number; seed: string; picks: Iterable<number>; resigns: boolean; rules: number };

/** Plays random legal actions (and now and then a resignation) to the end; checks every state. */
function playRandomly(game: AnyGame, check?: (s: FreibeuterState) => void): FreibeuterState {
  const stream = game.picks[Symbol.iterator]();
  const pick = (n: number) => (stream.next().value as number) % n;
  let s = freibeuter.setup({ seats: game.seats, seed: game.seed, options: {}, rulesVersion: game.rules });
  check?.(s);
  for (let steps = 0; !freibeuter.isOver(s); steps++) {
    if (steps > 2000) throw new Error('game did not end');
    if (game.resigns && pick(120) === 0) {
      const stayed = s.players.flatMap((p, seat) => (p.resigned ? [] : [seat]));
      s = freibeuter.resign(s, stayed[pick(stayed.length)] as Seat);
    } else {
      const waiting = freibeuter.toAct(s);
      const seat = waiting[pick(waiting.length)] as Seat;
      const legal = freibeuter.legalActions(s, seat);
      s = freibeuter.apply(s, seat, legal[pick(legal.length)] as FreibeuterAction);
    }
    check?.(s);
  }
  return s;
}

const sorted = <T,>(xs: T[]) => [...xs].sort();

function checkInvariants(s: FreibeuterState): void {
  // Cards: 74 sea cards and 14 Dutchman cards, every one somewhere.
  const hands = s.players.map((p) => p.hand);
  expect(sorted([...hands.flatMap((h) => h.sea), ...s.seaPile, ...s.seaDiscard, ...s.setAside.sea])).toEqual(sorted(seaDeck()));
  expect(sorted([...hands.flatMap((h) => h.dutchman), ...s.dutchmanPile, ...s.dutchmanDiscard, ...s.setAside.dutchman])).toEqual(
    sorted(dutchmanDeck()),
  );
  // Boats: 25 per player in supply, on the sea, on ships or lost as loan markers.
  s.players.forEach((p, seat) => {
    const onSea = s.sea.flat().filter((x) => x === seat).length;
    const onShips = s.boarded.filter((x) => x === seat).length;
    expect(p.boats + onSea + onShips + p.lost).toBe(BOATS);
    expect(p.boats).toBeGreaterThanOrEqual(0);
    expect(p.lost).toBeLessThanOrEqual(p.loans.length);
  });
  // Fields never hold more boats than their capacity, nor more than the cards of it played.
  s.sea.forEach((boats, field) => {
    expect(boats.length).toBeLessThanOrEqual(fieldCapacity(field));
    expect(boats.length).toBeLessThanOrEqual(s.seaDiscard.filter((c) => c === FIELDS[field]).length);
  });
  // Tokens: 7 ships per value on the board, captured or escaped; each double on the board or taken.
  for (const value of SHIP_VALUES) {
    const onBoard = s.tokens.filter((t) => t?.kind === 'ship' && t.value === value).length;
    const captured = s.players.flatMap((p) => p.ships).filter((v) => v === value).length;
    expect(onBoard + captured + s.escaped.filter((v) => v === value).length).toBe(7);
    const doubles = s.tokens.filter((t) => t?.kind === 'double' && t.value === value).length;
    expect(doubles + s.doubles.filter((v) => v === value).length).toBe(1);
  }
  s.boarded.forEach((owner, point) => {
    if (owner !== null) expect(s.tokens[point]?.kind).toBe('ship');
  });
  // No token left on the board is encircled.
  s.tokens.forEach((token, point) => {
    if (token && s.phase !== 'order' && !freibeuter.isOver(s)) {
      expect(POINT_FIELDS[point]?.every((f) => (s.sea[f]?.length ?? 0) > 0 || s.dutchman === f)).toBe(false);
    }
  });
  // Between actions: five cards (with a sea card) in every hand but the mover's; the Dutchman only during a choice.
  if (!freibeuter.isOver(s)) {
    s.players.forEach((p, seat) => {
      if (p.resigned) return expect(p.hand.sea.length + p.hand.dutchman.length).toBe(0);
      const size = p.hand.sea.length + p.hand.dutchman.length;
      expect(size).toBe(seat === s.current && s.phase !== 'turn' ? 4 : 5);
      if (seat !== s.current || s.phase === 'turn') expect(p.hand.sea.length).toBeGreaterThan(0);
    });
    if (s.phase !== 'order') expect(s.dutchman).toBeNull();
    if (s.phase === 'turn') expect(player(s, s.current).boats).toBeGreaterThan(0);
  }
  // The game waits exactly for the seats that have something to do.
  const waiting = freibeuter.toAct(s);
  for (let seat = 0; seat < s.seats; seat++) {
    expect(freibeuter.legalActions(s, seat).length > 0).toBe(waiting.includes(seat));
  }
  expect(waiting.length === 0).toBe(freibeuter.isOver(s));
}

describe('Freibeuter: properties of random legal play', () => {
  it('always ends, with a score for every seat and a full ranking', () => {
    fc.assert(
      fc.property(anyGame, (game) => {
        const s = playRandomly(game);
        const result = freibeuter.result(s);
        expect(result).not.toBeNull();
        expect(result?.scores).toHaveLength(game.seats);
        expect(result?.ranking.flat().sort()).toEqual(Array.from({ length: game.seats }, (_, i) => i));
        expect(s.end).not.toBeNull();
        expect(ofType(s.events, 'gameOver')).toHaveLength(1);
      }),
      { numRuns: 100 },
    );
  });

  it('accounts for all 74 sea cards, 14 Dutchman cards, 25 boats per player and 36 tokens at every step', () => {
    fc.assert(
      fc.property(anyGame, (game) => {
        playRandomly(game, checkInvariants);
      }),
      { numRuns: 40 },
    );
  });

  it('apply refuses every action that legalActions does not list, and never changes its input', () => {
    const point = fc.integer({ min: -1, max: 36 });
    const field = fc.constantFrom(...FIELDS, 'H1', 'A0', '');
    const line = fc.constantFrom(...LINES, 'H', '8');
    const anyAction = fc.oneof(
      fc.record({ type: fc.constant('board' as const), point }),
      fc.record({ type: fc.constant('place' as const), field }),
      fc.record({ type: fc.constant('takeTreasure' as const), field }),
      fc.record({ type: fc.constant('dutchman' as const), line, field }),
      fc.record({ type: fc.constant('resolve' as const), point }),
      fc.record({ type: fc.constant('draw' as const), pile: fc.constantFrom('sea', 'dutchman', 'bank') }),
    ) as unknown as fc.Arbitrary<FreibeuterAction>;
    fc.assert(
      fc.property(anyGame, fc.nat(200), fc.array(fc.tuple(fc.nat(4), anyAction), { maxLength: 40 }), (game, stop, probes) => {
        const stream = game.picks[Symbol.iterator]();
        const pick = (n: number) => (stream.next().value as number) % n;
        let s = freibeuter.setup({ seats: game.seats, seed: game.seed, options: {}, rulesVersion: game.rules });
        for (let steps = 0; steps < stop && !freibeuter.isOver(s); steps++) {
          const seat = freibeuter.toAct(s)[0] as Seat;
          const legal = freibeuter.legalActions(s, seat);
          s = freibeuter.apply(s, seat, legal[pick(legal.length)] as FreibeuterAction);
        }
        const before = JSON.stringify(s);
        for (const [n, action] of probes) {
          const seat = n % game.seats;
          const listed = freibeuter.legalActions(s, seat).some((a) => JSON.stringify(a) === JSON.stringify(action));
          if (listed) expect(() => freibeuter.apply(s, seat, action)).not.toThrow();
          else expect(() => freibeuter.apply(s, seat, action)).toThrow(IllegalAction);
        }
        // Every listed action is accepted.
        for (const seat of freibeuter.toAct(s)) for (const a of freibeuter.legalActions(s, seat)) freibeuter.apply(s, seat, a);
        expect(JSON.stringify(s)).toBe(before);
      }),
      { numRuns: 150 },
    );
  });

  it('every list of choices stays finite and small: at most 28 ships to board, the rest far fewer', () => {
    fc.assert(
      fc.property(anyGame, (game) => {
        playRandomly(game, (s) => {
          for (const seat of freibeuter.toAct(s)) {
            const legal = freibeuter.legalActions(s, seat);
            const byType = new Map<string, number>();
            for (const a of legal) byType.set(a.type, (byType.get(a.type) ?? 0) + 1);
            expect(byType.get('board') ?? 0).toBeLessThanOrEqual(28);
            for (const type of ['place', 'takeTreasure', 'resolve', 'draw']) expect(byType.get(type) ?? 0).toBeLessThanOrEqual(5);
            expect(byType.get('dutchman') ?? 0).toBeLessThanOrEqual(4 * 7);
            // Four tokens at most around a field: 24 orders, fewer distinct outcomes.
            expect(byType.get('order') ?? 0).toBeLessThanOrEqual(24);
            expect(JSON.parse(JSON.stringify(legal))).toEqual(legal);
          }
        });
      }),
      { numRuns: 30 },
    );
  });

  it('replaying the same seed, rules version and actions gives the same state, under version 1 and 2', () => {
    fc.assert(
      fc.property(anyGame, (game) => {
        const log: ([Seat, FreibeuterAction] | Seat)[] = [];
        const stream = game.picks[Symbol.iterator]();
        const pick = (n: number) => (stream.next().value as number) % n;
        let s = freibeuter.setup({ seats: game.seats, seed: game.seed, options: {}, rulesVersion: game.rules });
        for (let k = 0; k < 400 && !freibeuter.isOver(s); k++) {
          if (game.resigns && pick(100) === 0) {
            const leaver = s.players.findIndex((p) => !p.resigned);
            log.push(leaver);
            s = freibeuter.resign(s, leaver);
            continue;
          }
          const seat = freibeuter.toAct(s)[0] as Seat;
          const legal = freibeuter.legalActions(s, seat);
          const a = legal[pick(legal.length)] as FreibeuterAction;
          log.push([seat, JSON.parse(JSON.stringify(a)) as FreibeuterAction]);
          s = freibeuter.apply(s, seat, a);
        }
        // Replayed from JSON, as the store does.
        const fresh = freibeuter.setup({ seats: game.seats, seed: game.seed, options: {}, rulesVersion: game.rules });
        let replayed = JSON.parse(JSON.stringify(fresh)) as FreibeuterState;
        for (const entry of log) {
          replayed =
            typeof entry === 'number' ? freibeuter.resign(replayed, entry) : freibeuter.apply(replayed, entry[0], entry[1]);
          replayed = JSON.parse(JSON.stringify(replayed)) as FreibeuterState;
        }
        expect(replayed).toEqual(JSON.parse(JSON.stringify(s)));
      }),
      { numRuns: 40 },
    );
  });

  it('no view but his own shows a card of a hand; nobody sees the order of the piles', () => {
    const viewers = (s: FreibeuterState): (Seat | null)[] => [null, ...s.players.map((_, seat) => seat)];
    const sameViews = (a: FreibeuterState, b: FreibeuterState, except: Seat | null) => {
      for (const viewer of viewers(a)) {
        if (viewer !== null && viewer === except) continue;
        expect(JSON.stringify(freibeuter.view(b, viewer))).toBe(JSON.stringify(freibeuter.view(a, viewer)));
      }
    };
    /** Seat's hand exchanged for cards from the piles (as many as there are), the piles reversed, his drawn card another. */
    const otherHand = (s: FreibeuterState, seat: Seat): FreibeuterState => {
      const p = player(s, seat);
      const seaPile = [...s.seaPile].reverse();
      const dutchmanPile = [...s.dutchmanPile].reverse();
      const swap = <C,>(hand: C[], pile: C[]) =>
        hand.map((card, i) => (i < pile.length ? (pile.splice(i, 1, card)[0] as C) : card));
      const sea = swap(p.hand.sea, seaPile);
      const dutchman = swap(p.hand.dutchman, dutchmanPile);
      const players = s.players.map((q, k) => (k === seat ? { ...q, hand: { sea, dutchman } } : q));
      // And another card drawn by him in the latest action.
      const events = s.events.map((e): FreibeuterEvent =>
        e.type === 'drew' && e.seat === seat ? { ...e, card: e.card === 'A1' ? 'A2' : 'A1' } : e,
      );
      return { ...s, players, seaPile, dutchmanPile, events };
    };
    fc.assert(
      fc.property(anyGame, (game) => {
        playRandomly(game, (s) => {
          s.players.forEach((p, seat) => {
            if (!p.resigned) sameViews(s, otherHand(s, seat), seat);
          });
          const setAside = { sea: [...s.setAside.sea].reverse(), dutchman: [...s.setAside.dutchman].reverse() };
          sameViews(s, { ...s, setAside }, null);
          // A seat sees its own hand, a spectator none.
          expect(freibeuter.view(s, null).hand).toBeNull();
          s.players.forEach((p, seat) => {
            if (!p.resigned) expect(freibeuter.view(s, seat).hand).toEqual(p.hand);
          });
          // The state's own secrets never appear: no generator state, no pile contents.
          const spectator = freibeuter.view(s, null) as unknown as Record<string, unknown>;
          expect(spectator.rng).toBeUndefined();
          expect(typeof spectator.seaPile).toBe('number');
        });
      }),
      { numRuns: 25 },
    );
  });
});
