import { describe, expect, it } from 'vitest';
import { distribute, finalScoring, shanghaien, type Crew } from './rules.js';
import { ROW, act, diceAt, expectAllCardsAccountedFor, ofType, position, sailor, trick } from './test-positions.js';

/** Handing out the row at a shanghai, and the final scoring (scoring.ts). */

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

  it("trick cards won go to the player's tricks, kept apart from the sailors", () => {
    const row = [trick('reroll'), ...ROW.slice(1)];
    const next = act(position({ row, dice: [[1, 1], []] }), { type: 'shanghai' });
    expect(next.crews[0]?.tricks).toEqual([trick('reroll')]);
    expect(next.crews[0]?.sailors).toEqual([]);
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
