import { describe, expect, it } from 'vitest';
import { expectBotIgnoresHidden, expectFairDeterminization, stateAfter } from '../../ai/fairness-testing.js';
import { seedRng, shuffleInPlace, type Seat } from '../../engine/index.js';
import { shanghaien, type ShanghaienState } from './rules.js';

/**
 * A state no seat can tell from `s`, built by hand: in Shanghaien everything on the table is open
 * (row, dice, crews, discards, the current roll), so the only hidden things are the order of the
 * face-down draw pile (its contents follow from what is open, and the view shows only its size)
 * and the generator, which decides the dice to come. Both are redrawn from `seed`; the seat does
 * not matter, as both players know the same.
 */
function lookAlike(s: ShanghaienState, _seat: Seat, seed: string): ShanghaienState {
  return { ...s, drawPile: shuffleInPlace(seedRng(seed), [...s.drawPile]), rng: seedRng(`elsewhere/${seed}`) };
}

const game = { seats: 2, options: {}, maxSteps: 90, lookAlike };

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

  it('so does the expert bot', () => {
    expectBotIgnoresHidden(shanghaien, game, 2, 'expert');
  });
});
