import { describe, expect, it } from 'vitest';
import { IllegalAction } from '../../engine/index.js';
import { freibeuter, type DutchmanCard, type FreibeuterAction, type FreibeuterState, type SeaCard } from './rules.js';
import { ANNE, B2, CARL, MARC, PIRATE, apply, boatsAt, ofType, place, player, position, ship, treasures } from './test-positions.js';

/** A turn's actions (play.ts): boarding a ship, placing a boat or taking treasure, the Flying Dutchman, and drawing back to five. */

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
    expect(apply(s, ANNE, { point: 5, type: 'board' })).toEqual(apply(s, ANNE, { type: 'board', point: 5 }));
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
