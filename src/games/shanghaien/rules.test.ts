import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { IllegalAction, randomInt, seedRng } from '../../engine/index.js';
import {
  DIE_EFFECTS,
  NATIONS,
  ROUNDS,
  SAILOR_VALUES,
  TRICKS_PER_EFFECT,
  distribute,
  finalScoring,
  fullDeck,
  shanghaien,
  type Crew,
  type DieEffect,
  type RowEnd,
  type SailorCard,
  type ShanghaienAction,
  type TavernCard,
} from './rules.js';
import {
  ROW,
  act,
  diceAt,
  expectAllCardsAccountedFor,
  game,
  isTrickAction,
  legal,
  ofType,
  picker,
  playRandomly,
  position,
  sailor,
  trick,
} from './test-positions.js';

// ---------------------------------------------------------------------------------------------

describe('Shanghaien: setup', () => {
  it('lays out 6 of the 48 shuffled cards and lets the start player roll', () => {
    const s = shanghaien.setup({ seats: 2, seed: 'setup', options: shanghaien.options.parse({}) });
    expect(s.row).toHaveLength(6);
    expect(s.drawPile).toHaveLength(42);
    expectAllCardsAccountedFor(s);
    expect(s.round).toBe(1);
    expect(s.current).toBe(s.startPlayer);
    expect(shanghaien.toAct(s)).toEqual([s.startPlayer]);
    expect(shanghaien.legalActions(s, s.startPlayer)).toEqual([{ type: 'roll' }]);
    expect(shanghaien.legalActions(s, 1 - s.startPlayer)).toEqual([]);
    expect(s.events).toEqual([{ type: 'round-started', round: 1, startPlayer: s.startPlayer, row: s.row }]);
  });

  it('has 8 nationalities of sailors 1, 2, 3, 3, 4 and 8 trick cards split 3 / 3 / 2', () => {
    const deck = fullDeck();
    expect(deck).toHaveLength(48);
    for (const nation of NATIONS) {
      const values = deck.filter((c): c is SailorCard => c.kind === 'sailor' && c.nation === nation).map((c) => c.value);
      expect(values).toEqual([...SAILOR_VALUES]);
    }
    for (const effect of DIE_EFFECTS) {
      expect(deck.filter((c) => c.kind === 'trick' && c.effect === effect)).toHaveLength(TRICKS_PER_EFFECT[effect]);
    }
    expect(deck.filter((c) => c.kind === 'trick')).toHaveLength(8);
  });

  it('draws the first start player at random from the seed', () => {
    const starts = new Set(
      Array.from({ length: 20 }, (_, i) => shanghaien.setup({ seats: 2, seed: `start ${i}`, options: {} }).startPlayer),
    );
    expect(starts).toEqual(new Set([0, 1]));
  });

  it('is for exactly two players and needs no options', () => {
    expect(() => shanghaien.setup({ seats: 3, seed: 'x', options: {} })).toThrow(RangeError);
    expect(shanghaien.minSeats).toBe(2);
    expect(shanghaien.maxSeats).toBe(2);
    expect(shanghaien.options.parse({})).toEqual({});
    expect(shanghaien.rulesVersion).toBe(2);
  });
});

describe('Shanghaien: rolling and placing', () => {
  it('a roll shows two dice; the round start player then chooses which end is card 1', () => {
    const s = act(position({ first: null }), { type: 'roll' });
    const [a, b] = s.rolled as [number, number];
    for (const d of [a, b]) expect(d >= 1 && d <= 6).toBe(true);
    expect(s.events).toEqual([{ type: 'rolled', seat: 0, dice: [a, b] }]);
    expect(legal(s)).toEqual([
      { type: 'orient', first: 'left' },
      { type: 'orient', first: 'right' },
    ]);
    expect(shanghaien.toAct(s)).toEqual([0]);
  });

  it("the rulebook's example: Anne numbers the row from the left and places her 2 on the second card; Marc's 5 goes to the fifth", () => {
    // Anne is seat 0 and starts; she rolled 2 and 4.
    let s = position({ first: null, rolled: [2, 4] });
    s = act(s, { type: 'orient', first: 'left' });
    expect(s.first).toBe('left');
    expect(legal(s)).toEqual([
      { type: 'place', pips: 2 },
      { type: 'place', pips: 4 },
    ]);
    s = act(s, { type: 'place', pips: 2 });
    expect(s.dice[0]).toEqual([0, 1, 0, 0, 0, 0]);
    expect(s.events).toEqual([{ type: 'placed', seat: 0, pips: 2, card: ROW[1] }]);
    expect(s.current).toBe(1);
    expect(s.rolled).toBeNull();
    // Marc rolls 1 and 5 and picks the 5; the numbering stands for the whole round.
    s = act({ ...s, rolled: [1, 5] });
    expect(legal(s)).toEqual([
      { type: 'place', pips: 1 },
      { type: 'place', pips: 5 },
    ]);
    s = act(s, { type: 'place', pips: 5 });
    expect(s.dice[1]).toEqual([0, 0, 0, 0, 1, 0]);
  });

  it('numbered from the right, card 2 is the second card from the right', () => {
    const s = act(position({ first: null, rolled: [2, 4] }), { type: 'orient', first: 'right' }, { type: 'place', pips: 2 });
    expect(s.dice[0]).toEqual([0, 0, 0, 0, 1, 0]);
    expect(s.events).toContainEqual({ type: 'placed', seat: 0, pips: 2, card: ROW[4] });
  });

  it('a double offers a single placement', () => {
    expect(legal(position({ rolled: [3, 3] }))).toEqual([{ type: 'place', pips: 3 }]);
  });

  it('the other die returns: each roll places exactly one die', () => {
    const s = act(position({ rolled: [1, 6] }), { type: 'place', pips: 6 });
    expect(s.dice[0]?.reduce((a, b) => a + b)).toBe(1);
  });

  it('refuses out-of-turn actions, a die that was not rolled and placing before numbering the row', () => {
    const s = position({ first: null, rolled: [2, 4] });
    expect(() => shanghaien.apply(s, 1, { type: 'orient', first: 'left' })).toThrow(IllegalAction);
    expect(() => shanghaien.apply(s, 0, { type: 'place', pips: 2 })).toThrow(IllegalAction);
    const oriented = act(s, { type: 'orient', first: 'left' });
    expect(() => shanghaien.apply(oriented, 0, { type: 'place', pips: 3 })).toThrow(IllegalAction);
    expect(() => shanghaien.apply(oriented, 0, { type: 'orient', first: 'right' })).toThrow(IllegalAction);
    expect(() => shanghaien.apply(oriented, 0, { type: 'roll' })).toThrow(IllegalAction);
    expect(() => shanghaien.apply(oriented, 0, { type: 'place', pips: 2, extra: 1 } as unknown as ShanghaienAction)).toThrow(IllegalAction);
    expect(() => shanghaien.apply(oriented, 0, null as unknown as ShanghaienAction)).toThrow(IllegalAction);
  });

  it('takes a listed action whatever the order of its fields, and refuses it with a field of its own', () => {
    const s = position({ rolled: [2, 4], crews: [{ tricks: [trick('adjust')] }, {}] });
    expect(shanghaien.apply(s, 0, { to: 3, from: 2, type: 'adjust' } as ShanghaienAction)).toEqual(act(s, { type: 'adjust', from: 2, to: 3 }));
    expect(() => shanghaien.apply(s, 0, { type: 'adjust', from: 2, to: 3, extra: 1 } as ShanghaienAction)).toThrow(IllegalAction);
  });

  it('never changes the state it is given', () => {
    const s = position({ rolled: [2, 4], crews: [{ tricks: [trick('adjust')] }, {}] });
    const before = structuredClone(s);
    act(s, { type: 'adjust', from: 2, to: 3 });
    act(s, { type: 'place', pips: 4 });
    shanghaien.resign(s, 1);
    expect(s).toEqual(before);
  });
});

describe('Shanghaien: shanghai', () => {
  it('needs two own dice placed: the start of a round offers only a roll', () => {
    expect(legal(position({ dice: [[], []] }))).toEqual([{ type: 'roll' }]);
    expect(legal(position({ dice: [[3], [1, 2, 4]] }))).toEqual([{ type: 'roll' }]);
  });

  it('is allowed besides rolling once two dice are placed', () => {
    expect(legal(position({ dice: [[3, 5], []] }))).toEqual([{ type: 'roll' }, { type: 'shanghai' }]);
  });

  it('is forced with a single die left in the supply', () => {
    const s = position({ dice: [[1, 2, 3, 4, 5], [6]] });
    expect(legal(s)).toEqual([{ type: 'shanghai' }]);
    expect(() => act(s, { type: 'roll' })).toThrow(IllegalAction);
    expect(ofType(act(s, { type: 'shanghai' }), 'shanghai')).toEqual([{ type: 'shanghai', seat: 0, round: 4, forced: true }]);
  });

  it('is forced with no die left (after placing both dice with a trick)', () => {
    const s = position({ dice: [[1, 2, 3, 4], []], rolled: [6, 6], crews: [{ tricks: [trick('place-both')] }, {}] });
    const after = act(s, { type: 'place-both' });
    expect(after.dice[0]).toEqual([1, 1, 1, 1, 0, 2]);
    expect(legal({ ...after, current: 0 })).toEqual([{ type: 'shanghai' }]);
  });

  it('a voluntary shanghai is announced as such', () => {
    const s = act(position({ dice: [[3, 5], []] }), { type: 'shanghai' });
    expect(ofType(s, 'shanghai')).toEqual([{ type: 'shanghai', seat: 0, round: 4, forced: false }]);
  });

  it('returns the dice, turns up six new cards and lets the distributor\'s opponent start', () => {
    const s = position({ dice: [[1, 2], [3]], startPlayer: 0, round: 3, trickUsed: [true, true] });
    const pileBefore = s.drawPile.length;
    const next = act(s, { type: 'shanghai' });
    expect(next.round).toBe(4);
    expect(next.dice).toEqual([Array(6).fill(0), Array(6).fill(0)]);
    expect(next.first).toBeNull();
    expect(next.trickUsed).toEqual([false, false]);
    expect(next.row).toHaveLength(6);
    expect(next.drawPile).toHaveLength(pileBefore - 6);
    expect(next.startPlayer).toBe(1);
    expect(next.current).toBe(1);
    expect(legal(next)).toEqual([{ type: 'roll' }]);
    expect(ofType(next, 'round-started')).toEqual([{ type: 'round-started', round: 4, startPlayer: 1, row: next.row }]);
    expectAllCardsAccountedFor(next);
  });

  it('when the player who did not start shanghais, the same start player begins the next round', () => {
    const s = position({ dice: [[1], [3, 4]], startPlayer: 0, current: 1 });
    const next = act(s, { type: 'shanghai' });
    expect(next.startPlayer).toBe(0);
    expect(shanghaien.toAct(next)).toEqual([0]);
    // The new start player numbers the new row after his first roll.
    expect(legal({ ...next, rolled: [1, 2] })).toEqual([
      { type: 'orient', first: 'left' },
      { type: 'orient', first: 'right' },
    ]);
  });
});

describe('Shanghaien: distributing the row', () => {
  // The rulebook's example: Anne (seat 0) has dice 2, 2, 3, 6, 6; Marc (seat 1) 3, 4, 5, 6, 6.
  const anne = [2, 2, 3, 6, 6];
  const marc = [3, 4, 5, 6, 6];

  it("the rulebook's example: card 1 out, 2 Anne, 3 out on equal neighbour pips, 4 and 5 Marc, 6 Marc on neighbour pips", () => {
    const claims = distribute(diceAt('left', anne, marc), 'left');
    expect(claims.map((c) => [c.position, c.to, c.reason])).toEqual([
      [1, null, 'no-dice'],
      [2, 0, 'only-dice'],
      [3, null, 'tie'],
      [4, 1, 'only-dice'],
      [5, 1, 'only-dice'],
      [6, 1, 'neighbour-pips'],
    ]);
    expect(claims[2]).toMatchObject({ dice: [1, 1], neighbourPips: [4, 4] }); // 2×2 against 1×4
    expect(claims[5]).toMatchObject({ dice: [2, 2], neighbourPips: [0, 5] }); // card 6 has one neighbour
  });

  it('gives the same result when the row is numbered from the right', () => {
    const claims = distribute(diceAt('right', anne, marc), 'right');
    expect(claims.map((c) => [c.position, c.index, c.to])).toEqual([
      [1, 5, null],
      [2, 4, 0],
      [3, 3, null],
      [4, 2, 1],
      [5, 1, 1],
      [6, 0, 1],
    ]);
  });

  it('shanghai hands the cards out: the example played through', () => {
    const s = position({ dice: [anne, marc], current: 1, startPlayer: 0 });
    const next = act(s, { type: 'shanghai' });
    expect(next.crews[0]?.sailors).toEqual([ROW[1]]);
    expect(next.crews[1]?.sailors).toEqual([ROW[3], ROW[4], ROW[5]]);
    expect(next.discarded).toEqual(expect.arrayContaining([ROW[0], ROW[2]]));
    const [distributed] = ofType(next, 'distributed');
    expect(distributed?.seat).toBe(1);
    expect(distributed?.cards.map((c) => [c.position, c.card, c.to])).toEqual([
      [1, ROW[0], null],
      [2, ROW[1], 0],
      [3, ROW[2], null],
      [4, ROW[3], 1],
      [5, ROW[4], 1],
      [6, ROW[5], 1],
    ]);
    expectAllCardsAccountedFor(next);
  });

  it('more dice win the card, whatever the pips around it', () => {
    const claims = distribute(diceAt('left', [3, 3, 4, 4], [3, 2, 2, 2, 2]), 'left');
    expect(claims[2]).toMatchObject({ position: 3, to: 0, reason: 'more-dice', neighbourPips: null });
  });

  it('equal dice: pips on both neighbours count, the more win', () => {
    // Card 4: one die each. Neighbours 3 and 5: seat 0 has 3 + 5 = 8, seat 1 has 3 + 3 = 6.
    const claims = distribute(diceAt('left', [4, 3, 5], [4, 3, 3]), 'left');
    expect(claims[3]).toMatchObject({ position: 4, dice: [1, 1], neighbourPips: [8, 6], to: 0, reason: 'neighbour-pips' });
  });

  it('trick cards won go to the player\'s tricks, kept apart from the sailors', () => {
    const row = [trick('reroll'), ...ROW.slice(1)];
    const next = act(position({ row, dice: [[1, 1], []] }), { type: 'shanghai' });
    expect(next.crews[0]?.tricks).toEqual([trick('reroll')]);
    expect(next.crews[0]?.sailors).toEqual([]);
  });
});

describe('Shanghaien: dirty tricks', () => {
  const holding = (...effects: DieEffect[]): Partial<Crew>[] => [
    { tricks: effects.map(trick), sailors: [sailor('italian', 3)] },
    {},
  ];

  it('±1 changes one die within 1-6 and places the changed die; the card leaves the game', () => {
    const s = position({ rolled: [1, 6], crews: holding('adjust') });
    const adjusts = legal(s).filter((a) => a.type === 'adjust');
    expect(adjusts).toEqual([
      { type: 'adjust', from: 1, to: 2 },
      { type: 'adjust', from: 6, to: 5 },
    ]);
    const next = act(s, { type: 'adjust', from: 6, to: 5 });
    expect(next.dice[0]).toEqual([0, 0, 0, 0, 1, 0]);
    expect(next.crews[0]?.tricks).toEqual([]);
    expect(next.discarded).toContainEqual(trick('adjust'));
    expect(next.trickUsed).toEqual([true, false]);
    expect(next.current).toBe(1);
    expect(next.events).toEqual([
      { type: 'trick', seat: 0, effect: 'adjust', from: 6, to: 5 },
      { type: 'placed', seat: 0, pips: 5, card: ROW[4] },
    ]);
    expectAllCardsAccountedFor(next);
  });

  it('±1 offers both directions for a middle die', () => {
    const adjusts = legal(position({ rolled: [3, 3], crews: holding('adjust') })).filter((a) => a.type === 'adjust');
    expect(adjusts).toEqual([
      { type: 'adjust', from: 3, to: 2 },
      { type: 'adjust', from: 3, to: 4 },
    ]);
  });

  it('"place both dice" places both at their cards', () => {
    const next = act(position({ rolled: [2, 5], crews: holding('place-both') }), { type: 'place-both' });
    expect(next.dice[0]).toEqual([0, 1, 0, 0, 1, 0]);
    expect(next.events).toEqual([
      { type: 'trick', seat: 0, effect: 'place-both', dice: [2, 5] },
      { type: 'placed', seat: 0, pips: 2, card: ROW[1] },
      { type: 'placed', seat: 0, pips: 5, card: ROW[4] },
    ]);
    expect(next.current).toBe(1);
  });

  it('"roll again" rolls both dice anew; the new result must be used and no other trick follows', () => {
    const s = position({ rolled: [1, 1], crews: holding('reroll', 'adjust') });
    const next = act(s, { type: 'reroll' });
    const [rerolled] = ofType(next, 'trick');
    expect(rerolled).toEqual({ type: 'trick', seat: 0, effect: 'reroll', dice: next.rolled });
    expect(next.current).toBe(0);
    expect(legal(next)).toEqual([...new Set(next.rolled)].sort().map((pips) => ({ type: 'place', pips })));
    expect(next.crews[0]?.tricks).toEqual([trick('adjust')]);
    expect(next.discarded).toContainEqual(trick('reroll'));
  });

  it('the joker joins a nationality the player already has, counts as a sailor of value 2 and stays', () => {
    const s = position({
      rolled: [2, 4],
      crews: [{ tricks: [trick('reroll')], sailors: [sailor('french', 1), sailor('german', 4)] }, { sailors: [sailor('dutch', 3)] }],
    });
    expect(legal(s).filter((a) => a.type === 'joker')).toEqual([
      { type: 'joker', effect: 'reroll', nation: 'french' },
      { type: 'joker', effect: 'reroll', nation: 'german' },
    ]);
    const next = act(s, { type: 'joker', effect: 'reroll', nation: 'french' });
    expect(next.crews[0]?.jokers).toEqual([{ nation: 'french', effect: 'reroll' }]);
    expect(next.crews[0]?.tricks).toEqual([]);
    expect(next.events).toEqual([{ type: 'joker', seat: 0, effect: 'reroll', nation: 'french' }]);
    // The joker was this round's trick; the roll still has to be placed.
    expect(next.current).toBe(0);
    expect(legal(next)).toEqual([
      { type: 'place', pips: 2 },
      { type: 'place', pips: 4 },
    ]);
    expectAllCardsAccountedFor(next);
    // French: 1 + joker 2 = 3 alone.
    expect(finalScoring(next.crews).nations.find((n) => n.nation === 'french')?.sums).toEqual([3, 0]);
  });

  it('the joker can never stand for a missing nationality: without sailors there is no joker', () => {
    const s = position({ rolled: [2, 4], crews: [{ tricks: [trick('adjust')] }, { sailors: [sailor('dutch', 3)] }] });
    expect(legal(s).some((a) => a.type === 'joker')).toBe(false);
    expect(() => act(s, { type: 'joker', effect: 'adjust', nation: 'dutch' })).toThrow(IllegalAction);
  });

  it('the joker can be made of any held trick card, each listed by its die effect', () => {
    const s = position({ rolled: [2, 4], crews: holding('adjust', 'adjust', 'reroll') });
    expect(legal(s).filter((a) => a.type === 'joker')).toEqual([
      { type: 'joker', effect: 'adjust', nation: 'italian' },
      { type: 'joker', effect: 'reroll', nation: 'italian' },
    ]);
    expect(() => act(s, { type: 'joker', effect: 'place-both', nation: 'italian' })).toThrow(IllegalAction);
  });

  it('only one trick per round: after a trick, the next own roll of the round offers none', () => {
    const s = position({ rolled: [2, 4], crews: holding('adjust', 'place-both'), dice: [[1], [6]] });
    let next = act(s, { type: 'adjust', from: 2, to: 3 });
    next = act(next, { type: 'roll' }); // the opponent
    next = act(next, { type: 'place', pips: (next.rolled as number[])[0] as number });
    next = act(next, { type: 'roll' });
    expect(next.current).toBe(0);
    expect(legal(next).some(isTrickAction)).toBe(false);
    next = act(next, { type: 'place', pips: (next.rolled as number[])[0] as number }, { type: 'shanghai' });
    // The next round allows a trick again.
    expect(next.trickUsed).toEqual([false, false]);
    const newRound = { ...next, rolled: [1, 2] as [number, number], first: 'left' as const };
    expect(newRound.current).toBe(0);
    expect(legal(newRound)).toContainEqual({ type: 'place-both' });
  });

  it("each player has his own trick per round", () => {
    const s = position({
      rolled: [2, 4],
      current: 1,
      trickUsed: [true, false],
      crews: [{}, { tricks: [trick('place-both')] }],
    });
    expect(legal(s)).toContainEqual({ type: 'place-both' });
  });

  it('only right after an own roll: never when about to roll or shanghai, never in the opponent\'s turn', () => {
    const s = position({ dice: [[1, 2], []], crews: holding('adjust', 'place-both', 'reroll') });
    expect(legal(s)).toEqual([{ type: 'roll' }, { type: 'shanghai' }]);
    const theirs = { ...s, current: 1, rolled: [3, 4] as [number, number] };
    expect(shanghaien.legalActions(theirs, 0)).toEqual([]);
    expect(() => shanghaien.apply(theirs, 0, { type: 'reroll' })).toThrow(IllegalAction);
  });

  it('cards received in round 7 can be played in round 8', () => {
    const s = position({ round: 8, rolled: [2, 4], crews: holding('place-both') });
    expect(legal(s)).toContainEqual({ type: 'place-both' });
  });

  it('cards received in the last round can no longer be played: the game ends and each scores 1', () => {
    const row = [trick('adjust'), trick('reroll'), ...ROW.slice(2)];
    const s = position({ round: 8, row, dice: [[1, 2], []] });
    const over = act(s, { type: 'shanghai' });
    expect(over.crews[0]?.tricks).toHaveLength(2);
    expect(shanghaien.isOver(over)).toBe(true);
    expect(shanghaien.toAct(over)).toEqual([]);
    expect(shanghaien.legalActions(over, 0)).toEqual([]);
    expect(shanghaien.legalActions(over, 1)).toEqual([]);
    expect(shanghaien.result(over)).toEqual({ scores: [2, 0], ranking: [[0], [1]] });
  });
});

describe('Shanghaien: final scoring', () => {
  // The rulebook's example (its picture shows the cards; these values give its totals).
  // Anne (seat 0): Spanish 4 + 3, French 3, Americans 3 + 3, Chinese 1.
  // Marc (seat 1): French 2 + 1, Americans 4 + 2 + 1, Chinese 2, one unused trick card.
  const crews: Crew[] = [
    {
      sailors: [sailor('spanish', 4), sailor('spanish', 3), sailor('french', 3), sailor('american', 3), sailor('american', 3), sailor('chinese', 1)],
      jokers: [],
      tricks: [],
    },
    {
      sailors: [sailor('french', 2), sailor('french', 1), sailor('american', 4), sailor('american', 2), sailor('american', 1), sailor('chinese', 2)],
      jokers: [],
      tricks: [trick('reroll')],
    },
  ];

  it("the rulebook's example: Marc wins 8 to 7", () => {
    const scoring = finalScoring(crews);
    expect(scoring.nations).toEqual([
      { nation: 'american', sums: [6, 7], points: [0, 6], winner: 1, outcome: 'stronger' },
      { nation: 'french', sums: [3, 3], points: [0, 0], winner: null, outcome: 'tie' },
      { nation: 'chinese', sums: [1, 2], points: [0, 1], winner: 1, outcome: 'stronger' },
      { nation: 'spanish', sums: [7, 0], points: [7, 0], winner: 0, outcome: 'alone' },
    ]);
    expect(scoring.tricks).toEqual([0, 1]);
    expect(scoring.totals).toEqual([7, 8]);
  });

  it('the result ranks the game after the last round', () => {
    const s = { ...position({ round: 8, crews, row: [] }), row: [], over: true };
    expect(shanghaien.result(s)).toEqual({ scores: [7, 8], ranking: [[1], [0]] });
    expect(shanghaien.view(s, null).scoring?.totals).toEqual([7, 8]);
  });

  it('a joker adds 2 to its nationality and can turn the comparison', () => {
    const scoring = finalScoring([
      { sailors: [sailor('german', 3)], jokers: [{ nation: 'german', effect: 'adjust' }], tricks: [] },
      { sailors: [sailor('german', 4)], jokers: [], tricks: [] },
    ]);
    expect(scoring.nations).toEqual([{ nation: 'german', sums: [5, 4], points: [4, 0], winner: 0, outcome: 'stronger' }]);
  });

  it('equal totals share the first place', () => {
    const s = {
      ...position({
        round: 8,
        row: [],
        crews: [{ sailors: [sailor('dutch', 4)] }, { sailors: [sailor('british', 3)], tricks: [trick('adjust')] }],
      }),
      row: [],
      over: true,
    };
    expect(shanghaien.result(s)).toEqual({ scores: [4, 4], ranking: [[0, 1]] });
  });
});

describe('Shanghaien: resigning and views', () => {
  it('the opponent wins at once and the game is over', () => {
    const s = shanghaien.setup({ seats: 2, seed: 'resign', options: {} });
    const over = shanghaien.resign(s, 0);
    expect(shanghaien.isOver(over)).toBe(true);
    expect(shanghaien.toAct(over)).toEqual([]);
    expect(shanghaien.legalActions(over, 1)).toEqual([]);
    expect(over.events).toEqual([{ type: 'resigned', seat: 0, winner: 1 }]);
    expect(shanghaien.result(over)?.ranking).toEqual([[1], [0]]);
    expect(() => shanghaien.resign(over, 1)).toThrow(IllegalAction);
  });

  it('the resigning player ranks last even with the higher score', () => {
    const s = position({ crews: [{ sailors: [sailor('dutch', 4)] }, {}], current: 1 });
    expect(shanghaien.result(shanghaien.resign(s, 0))).toEqual({ scores: [4, 0], ranking: [[1], [0]] });
  });

  it('has no result before the end', () => {
    expect(shanghaien.result(position({}))).toBeNull();
  });

  it('shows everything on the table to everybody, but neither the draw pile nor the generator', () => {
    const s = position({ dice: [[2, 2], [5]], rolled: [3, 4], crews: [{ tricks: [trick('adjust')], jokers: [] }, {}] });
    const v = shanghaien.view(s, null);
    expect(v).not.toHaveProperty('drawPile');
    expect(v).not.toHaveProperty('rng');
    expect(JSON.stringify(v)).not.toContain(JSON.stringify(s.rng));
    expect(v.drawPileSize).toBe(s.drawPile.length);
    expect(v.row[1]).toEqual({ card: ROW[1], position: 2, dice: [2, 0] });
    expect(v.rolled).toEqual([3, 4]);
    expect(v.phase).toBe('rolled');
    expect(v.supply).toEqual([4, 5]);
    expect(v.placed).toEqual([2, 1]);
    expect(v.crews).toEqual(s.crews);
    // Seated players see the same, apart from who is looking.
    expect({ ...shanghaien.view(s, 0), viewer: null }).toEqual(v);
    expect({ ...shanghaien.view(s, 1), viewer: null }).toEqual(v);
  });

  it('a spectator view holds no hidden card: states that differ only in the draw pile order or the generator look the same', () => {
    const s = shanghaien.setup({ seats: 2, seed: 'hidden', options: {} });
    const other = { ...s, drawPile: [...s.drawPile].reverse(), rng: seedRng('other') };
    expect(shanghaien.view(other, null)).toEqual(shanghaien.view(s, null));
    expect(shanghaien.view(other, 0)).toEqual(shanghaien.view(s, 0));
  });

  it('numbers the row in the view only once the start player has chosen', () => {
    const v = shanghaien.view(position({ first: null, rolled: [1, 2] }), null);
    expect(v.row.map((slot) => slot.position)).toEqual([null, null, null, null, null, null]);
    const right = shanghaien.view(position({ first: 'right' }), null);
    expect(right.row.map((slot) => slot.position)).toEqual([6, 5, 4, 3, 2, 1]);
  });

  it('a view is a copy: changing it leaves the state alone', () => {
    const s = position({ dice: [[2], []], crews: [{ sailors: [sailor('dutch', 4)] }, {}] });
    const before = structuredClone(s);
    const v = shanghaien.view(s, 0);
    v.crews[0]?.sailors.pop();
    (v.row[0] as { dice: number[] }).dice[0] = 9;
    v.events.push({ type: 'resigned', seat: 0, winner: 1 });
    expect(s).toEqual(before);
  });
});

// ---------------------------------------------------------------------------------------------
// Property tests: random legal play

describe('Shanghaien: properties of random legal play', () => {
  it('always ends after exactly 8 rounds with all 48 cards used and a full ranking', () => {
    fc.assert(
      fc.property(game, ({ seed, picks }) => {
        const { s, events } = playRandomly(seed, picker(picks));
        expect(events.filter((e) => e.type === 'round-started').map((e) => (e as { round: number }).round)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
        expect(events.filter((e) => e.type === 'shanghai')).toHaveLength(ROUNDS);
        expect(events.filter((e) => e.type === 'game-over')).toHaveLength(1);
        expect(s.drawPile).toEqual([]);
        expect(s.row).toEqual([]);
        const result = shanghaien.result(s);
        expect(result?.scores).toEqual(finalScoring(s.crews).totals);
        expect(result?.ranking.flat().sort()).toEqual([0, 1]);
      }),
      { numRuns: 100 },
    );
  });

  it('keeps every card accounted for, the dice within six per player and the state unchanged by apply', () => {
    fc.assert(
      fc.property(game, ({ seed, picks }) => {
        playRandomly(seed, picker(picks), (before, after) => {
          const snapshot = JSON.stringify(before);
          expectAllCardsAccountedFor(after);
          for (const seat of [0, 1]) {
            const placed = (after.dice[seat] as number[]).reduce((a, b) => a + b, 0);
            expect(placed).toBeLessThanOrEqual(6);
            expect(after.crews[seat]?.jokers.every((j) => after.crews[seat]?.sailors.some((c) => c.nation === j.nation))).toBe(true);
          }
          expect(after.row.length === 6 || after.over).toBe(true);
          expect(JSON.stringify(before)).toBe(snapshot);
          // State and view survive a trip through JSON (the store keeps them as JSON).
          expect(JSON.parse(JSON.stringify(after))).toEqual(after);
          expect(shanghaien.view(after, null).events).toEqual(after.events);
        });
      }),
      { numRuns: 40 },
    );
  });

  it('apply refuses every action that legalActions does not list', () => {
    const pips = fc.integer({ min: 0, max: 7 });
    const anyAction: fc.Arbitrary<ShanghaienAction> = fc.oneof(
      fc.constantFrom<ShanghaienAction>({ type: 'roll' }, { type: 'shanghai' }, { type: 'place-both' }, { type: 'reroll' }),
      fc.record({ type: fc.constant('orient' as const), first: fc.constantFrom<RowEnd>('left', 'right') }),
      fc.record({ type: fc.constant('place' as const), pips }),
      fc.record({ type: fc.constant('adjust' as const), from: pips, to: pips }),
      fc.record({ type: fc.constant('joker' as const), effect: fc.constantFrom(...DIE_EFFECTS), nation: fc.constantFrom(...NATIONS) }),
    );
    fc.assert(
      fc.property(fc.string(), fc.nat(120), fc.infiniteStream(fc.nat()), fc.array(fc.tuple(fc.nat(1), anyAction), { maxLength: 30 }), (seed, steps, picks, probes) => {
        const pick = picker(picks);
        let s = shanghaien.setup({ seats: 2, seed, options: {} });
        for (let k = 0; k < steps && !shanghaien.isOver(s); k++) {
          const options = legal(s);
          s = shanghaien.apply(s, s.current, options[pick(options.length)] as ShanghaienAction);
        }
        for (const [seat, action] of probes) {
          const listed = shanghaien.legalActions(s, seat).some((a) => JSON.stringify(a) === JSON.stringify(action));
          if (listed) expect(() => shanghaien.apply(s, seat, action)).not.toThrow();
          else expect(() => shanghaien.apply(s, seat, action)).toThrow(IllegalAction);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('tricks get played in random games (so the properties above cover them)', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 40; i++) {
      const choices = seedRng(`choices ${i}`);
      const { events } = playRandomly(`tricks ${i}`, (n) => randomInt(choices, n));
      for (const e of events) if (e.type === 'trick') seen.add(e.effect);
      for (const e of events) if (e.type === 'joker') seen.add('joker');
    }
    expect([...seen].sort()).toEqual(['adjust', 'joker', 'place-both', 'reroll']);
  });

  it('replaying the same seed and actions gives the same state', () => {
    fc.assert(
      fc.property(game, ({ seed, picks }) => {
        const { s, log } = playRandomly(seed, picker(picks));
        let replayed = shanghaien.setup({ seats: 2, seed, options: {} });
        for (const [seat, a] of log) replayed = shanghaien.apply(replayed, seat, JSON.parse(JSON.stringify(a)) as ShanghaienAction);
        expect(replayed).toEqual(s);
      }),
      { numRuns: 20 },
    );
  });
});
