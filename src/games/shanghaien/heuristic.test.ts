import { describe, expect, it } from 'vitest';
import { playAgainstRandom } from '../../ai/heuristic-match.js';
import { expectLegalChoices, expectViewOnly } from '../../ai/heuristic-testing.js';
import { seedRng } from '../../engine/index.js';
import { shanghaienHeuristic } from './heuristic.js';
import { shanghaien, type SailorCard, type ShanghaienAction, type ShanghaienView } from './rules.js';

const sailor = (value: SailorCard['value'], nation: SailorCard['nation'] = 'dutch'): SailorCard => ({ kind: 'sailor', nation, value });

/**
 * A view of seat 0 in round 1, the row numbered from the left (card n at slot n - 1): these sailors
 * and these dice (per card: seat 0's, seat 1's), crews empty.
 */
function table(cards: SailorCard[], dice: [number, number][], rolled: [number, number] | null): ShanghaienView {
  const view = shanghaien.view(shanghaien.setup({ seats: 2, seed: 'hand-made', options: {} }), 0);
  const placed = [0, 1].map((seat) => dice.reduce((sum, d) => sum + (d[seat] as number), 0));
  return {
    ...view,
    current: 0,
    first: 'left',
    phase: rolled ? 'rolled' : 'turn',
    rolled,
    row: cards.map((card, index) => ({ card, position: index + 1, dice: [...(dice[index] ?? [0, 0])] })),
    placed,
    supply: placed.map((n) => 6 - n),
    crews: [0, 1].map(() => ({ sailors: [], jokers: [], tricks: [] })),
  };
}

const choice = (view: ShanghaienView, legal: ShanghaienAction[]) => legal[shanghaienHeuristic(view, legal, 0, seedRng('choice'))];
const row = [sailor(1), sailor(1, 'french'), sailor(4, 'german'), sailor(1, 'italian'), sailor(2, 'spanish'), sailor(1, 'chinese')];

describe('Shanghaien heuristic player', () => {
  it('chooses only legal actions, from its view and its legal actions alone', () => {
    expectLegalChoices(shanghaien, shanghaienHeuristic, { seats: 2, options: {}, maxSteps: 150 }, 150);
  });

  it('chooses the same in states it cannot tell apart (the draw pile and the dice to come drawn anew)', () => {
    expectViewOnly(shanghaien, shanghaienHeuristic, { seats: 2, options: {}, maxSteps: 150 }, 40);
  });

  it('places a die where it takes most from the opponent: a tie that leaves his 4 out beats a 1 of its own', () => {
    // The opponent has a die at card 3 (a German 4); a 3 there ties it, a 6 would win the Chinese 1.
    const view = table(
      row,
      [
        [0, 0],
        [0, 0],
        [0, 1],
        [0, 0],
        [0, 0],
        [0, 0],
      ],
      [3, 6],
    );
    expect(
      choice(view, [
        { type: 'place', pips: 3 },
        { type: 'place', pips: 6 },
      ]),
    ).toEqual({ type: 'place', pips: 3 });
  });

  it('calls shanghai when the row as it lies pays and the opponent could turn it, not when it loses', () => {
    const steps: ShanghaienAction[] = [{ type: 'roll' }, { type: 'shanghai' }];
    // Seat 0 holds the German 4 and the Spanish 2; the opponent, with as many dice left, the Dutch 1.
    const ahead = table(
      row,
      [
        [1, 2],
        [0, 0],
        [1, 0],
        [0, 0],
        [2, 0],
        [0, 0],
      ],
      null,
    );
    expect(choice(ahead, steps)).toEqual({ type: 'shanghai' });
    const behind = table(
      row,
      [
        [2, 0],
        [0, 0],
        [0, 2],
        [0, 0],
        [0, 2],
        [0, 0],
      ],
      null,
    );
    expect(choice(behind, steps)).toEqual({ type: 'roll' });
  });

  it('beats random players in at least 90 % of games, seats rotated', () => {
    const figures = playAgainstRandom(shanghaien, shanghaienHeuristic, { seats: 2, options: {} }, 40, 'shanghaien');
    expect(figures.wins).toBeGreaterThanOrEqual(36);
  });
});
