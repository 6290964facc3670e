import { describe, expect, it } from 'vitest';
import { expectBotIgnoresHidden, expectFairDeterminization, stateAfter } from '../../ai/fairness.js';
import { shanghaien } from './rules.js';

const game = { seats: 2, options: {}, maxSteps: 90 };

describe('Shanghaien for bot players', () => {
  it('a determinization keeps what a seat sees and redraws only the order of the face-down cards and the dice', () => {
    const state = stateAfter(shanghaien, game, 'mid', 20) as ReturnType<typeof shanghaien.setup>;
    const drawn = shanghaien.determinize?.(state, state.current, 'x') as typeof state;
    expect(drawn.row).toEqual(state.row);
    expect(drawn.crews).toEqual(state.crews);
    expect([...drawn.drawPile].map((c) => JSON.stringify(c)).sort()).toEqual([...state.drawPile].map((c) => JSON.stringify(c)).sort());
    expect(drawn.drawPile).not.toEqual(state.drawPile);
    expect(drawn.rng).not.toEqual(state.rng);
  });

  it('determinizes from what the seat knows only', () => {
    expectFairDeterminization(shanghaien, game);
  });

  it('the bot chooses a legal action, the same whatever the hidden order', () => {
    expectBotIgnoresHidden(shanghaien, game);
  });
});
