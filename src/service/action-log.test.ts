import { describe, expect, it } from 'vitest';
import { games } from '../games/index.js';
import { replay, setupEvents } from './action-log.js';
import { rulesOf } from '../engine/index.js';

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

describe('replay keeps the rules a game was opened under', () => {
  /** A game whose rules changed at version 2: each step counts 1 under the old rules, 2 under the new. */
  const counter = {
    ...games.shanghaien,
    id: 'counter',
    rulesVersion: 2,
    setup: ({ rulesVersion }: { rulesVersion?: number }) => ({ rules: rulesVersion ?? 2, total: 0 }),
    apply: (s: { rules: number; total: number }) => ({ ...s, total: s.total + (rulesOf(s) >= 2 ? 2 : 1) }),
  };
  const log = [
    { seat: 0, action: 'step' },
    { seat: 0, action: 'step' },
  ];

  it('replays a game opened under version 1 by the old rules, and a new game by the new ones', () => {
    expect(replay(counter, { seed: 's', options: {}, rulesVersion: 1 }, 2, log)).toEqual({ rules: 1, total: 2 });
    expect(replay(counter, { seed: 's', options: {}, rulesVersion: 2 }, 2, log)).toEqual({ rules: 2, total: 4 });
    expect(replay(counter, { seed: 's', options: {} }, 2, log)).toEqual({ rules: 2, total: 4 });
  });

  it('reads a state stored before states carried their version as version 1', () => {
    expect(rulesOf({})).toBe(1);
    expect(rulesOf({ rules: 3 })).toBe(3);
  });
});
