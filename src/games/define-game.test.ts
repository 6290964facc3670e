import { describe, expect, it } from 'vitest';
import { RECORDED_PLACES } from '../engine/index.js';
import { PLAYER_COLOURS } from '../render/palette.js';
import { defineGame, MOST_SEATS } from './define-game.js';
import { allGames } from './index.js';
import { nimGame } from '../../tests/support/nim/game.js';

/** Nim (the tests' own game) seating up to `maxSeats`. */
const nimFor = (maxSeats: number) => ({ ...nimGame, rules: { ...nimGame.rules, maxSeats } });

describe('defineGame', () => {
  it('carries as many seats as there are player colours and shapes and recorded places', () => {
    expect(MOST_SEATS).toBe(Math.min(PLAYER_COLOURS.length, RECORDED_PLACES));
    expect(() => defineGame(nimFor(MOST_SEATS))).not.toThrow();
  });

  it('refuses, in one sentence, a game for more players than that', () => {
    expect(() => defineGame(nimFor(MOST_SEATS + 1))).toThrow(
      `nim: seats up to ${MOST_SEATS + 1} players, more than the ${MOST_SEATS} the bot can tell apart and rank (${PLAYER_COLOURS.length} colours and shapes in src/render/palette.ts, ${RECORDED_PLACES} places in player_records)`,
    );
  });

  it('every registered game fits', () => {
    for (const game of allGames) expect(game.rules.maxSeats, game.rules.id).toBeLessThanOrEqual(MOST_SEATS);
  });
});
