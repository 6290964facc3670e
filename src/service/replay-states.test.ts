import { describe, expect, it, vi } from 'vitest';
import { playedGame } from '../../tests/support/played-game.js';
import { replay } from './action-log.js';
import { ReplayStates } from './replay-states.js';
import { storeForTests } from './test-access.js';

describe('states for replays', async () => {
  const { service, game, undos } = await playedGame('cartagena', { actions: 300, players: 3, variant: { version: 'jamaica' } });
  const log = await storeForTests(service).log.all(game.row.id);
  /** The state after `seq` as a full replay from the setup makes it. */
  const truth = (seq: number) =>
    replay(
      game.def,
      game.row,
      game.seats.length,
      log.filter((row) => row.seq <= seq),
    );

  it('rebuilds the state after any action, passing over moves taken back and the undos', async () => {
    expect(undos).toBeGreaterThan(3);
    const states = new ReplayStates(service, 4, 16);
    // Backwards and forwards, so that both the checkpoints and the walks between them are used.
    for (const seq of [0, 1, 2, game.row.version, 40, 17, 16, 15, 160, 161, 100, game.row.version - 1]) {
      expect(await states.after(game, seq), `after ${seq}`).toEqual(truth(seq));
    }
    expect(await states.after(game, game.row.version)).toBe(game.state);
    await expect(states.after(game, game.row.version + 1)).rejects.toThrow(RangeError);
    await expect(states.after(game, -1)).rejects.toThrow(RangeError);
  });

  it('reads and applies at most one spacing of actions per state once a game was walked through', async () => {
    const states = new ReplayStates(service, 4, 32);
    const slice = vi.spyOn(storeForTests(service).log, 'slice');
    await states.after(game, game.row.version - 1);
    expect(states.keptFor(game.row.id)).toBe(Math.floor((game.row.version - 1) / 32) + 1);
    for (const seq of [5, 250, 31, 64, 200, 133]) {
      slice.mockClear();
      await states.after(game, seq);
      const rows = slice.mock.settledResults.reduce((sum, result) => sum + (result.value as unknown[]).length, 0);
      expect(rows, `to ${seq}`).toBeLessThanOrEqual(31);
    }
    slice.mockRestore();
  });

  it('keeps the checkpoints of a few games only', async () => {
    const states = new ReplayStates(service, 1, 32);
    await states.after(game, 100);
    const other = await playedGame('shanghaien', { actions: 60, service });
    await states.after(other.game, 40);
    expect(states.keptFor(game.row.id)).toBe(0);
    expect(states.keptFor(other.game.row.id)).toBe(2);
  });
});
