import { describe, expect, it } from 'vitest';
import { playHeuristic } from '../../ai/heuristic.js';
import { playAgainstRandom } from '../../ai/heuristic-match.js';
import { expectLegalChoices, expectViewOnly } from '../../ai/heuristic-testing.js';
import { seedRng } from '../../engine/index.js';
import { cartagenaHeuristic } from './heuristic.js';
import { cartagena, SYMBOLS } from './rules.js';
import { S, position, tunnelOf } from './test-positions.js';

const versions = ['jamaica', 'tortuga'] as const;
/** Space n holds the symbol SYMBOLS[(n - 1) % 6]: skull, dagger, key, bottle, pistol, hat, skull, ... */
const plainTunnel = tunnelOf(...Array.from({ length: 6 }, () => [...SYMBOLS]));

describe('Cartagena heuristic player', () => {
  it('chooses only legal actions, from its view and its legal actions alone', () => {
    for (const version of versions) {
      for (const seats of [2, 5]) expectLegalChoices(cartagena, cartagenaHeuristic, { seats, options: { version }, maxSteps: 400 }, 60);
    }
  });

  it('chooses the same in states it cannot tell apart (the others’ hands and the deck drawn anew)', () => {
    for (const version of versions) expectViewOnly(cartagena, cartagenaHeuristic, { seats: 3, options: { version }, maxSteps: 300 }, 30);
  });

  it('moves back onto a space of two pirates to draw two cards when its hand is short', () => {
    // Space 10 is a key, 9 a dagger holding two of the opponent's pirates; one skull in hand.
    const state = position({
      tunnel: plainTunnel,
      pirates: [
        [10, 0, 0, 0, 0, 0],
        [9, 9, 0, 0, 0, 0],
      ],
      hands: [[S.skull], []],
    });
    expect(playHeuristic(cartagena, cartagenaHeuristic, state, 0, seedRng('short'))).toEqual({ type: 'back', from: 10 });
  });

  it('with a long hand plays the card that takes a pirate from the start furthest', () => {
    // Spaces 1-12 are taken: a skull from the start jumps to 13, from space 20 only to 25.
    const others = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
    const state = position({
      tunnel: plainTunnel,
      pirates: [[0, 0, 0, 0, 0, 20], others.slice(0, 6), others.slice(6)],
      hands: [Array.from({ length: 8 }, () => S.skull), [], []],
    });
    expect(playHeuristic(cartagena, cartagenaHeuristic, state, 0, seedRng('long'))).toEqual({ type: 'forward', card: S.skull, from: 0 });
  });

  it('beats random players in at least 90 % of games, seats rotated', () => {
    for (const version of versions) {
      const figures = playAgainstRandom(cartagena, cartagenaHeuristic, { seats: 2, options: { version } }, 40, `cartagena-${version}`);
      expect(figures.wins, version).toBeGreaterThanOrEqual(36);
    }
  });
});
