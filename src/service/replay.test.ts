import { describe, expect, it } from 'vitest';
import { games } from '../games/index.js';
import { setupEvents } from './replay.js';

describe('setupEvents', () => {
  it("recomputes what a game's setup told everyone: the row of Shanghaien's first round", () => {
    const game = { seed: 'opening', options: {} };
    const events = setupEvents(games.shanghaien, game, 2) as { type: string; row?: unknown[] }[];
    const state = games.shanghaien.setup({ seats: 2, seed: game.seed, options: {} });
    expect(events).toEqual([{ type: 'round-started', round: 1, startPlayer: state.startPlayer, row: state.row }]);
  });

  it('holds nothing hidden: Halunken tells of the deal, not of the face-down cards', () => {
    const events = setupEvents(games.halunken, { seed: 'opening', options: {} }, 3);
    expect(events.length).toBeGreaterThan(0);
    expect(JSON.stringify(events)).not.toMatch(/"value"/);
  });
});
