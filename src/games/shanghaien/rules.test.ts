import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { IllegalAction, randomInt, seedRng } from '../../engine/index.js';
import { ROUNDS, finalScoring, shanghaien } from './rules.js';
import { expectAllCardsAccountedFor, game, picker, playRandomly, position, sailor } from './test-positions.js';

/** Leaving the game, and the properties of random legal play that are Shanghaien's own. */

describe('Shanghaien: resigning', () => {
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
});
