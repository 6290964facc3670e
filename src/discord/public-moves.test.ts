import { describe, expect, it, vi } from 'vitest';
import { presenters } from '../games/index.js';
import { translator } from '../i18n/index.js';
import { inForce } from '../service/action-log.js';
import { playedGame } from '../../tests/support/played-game.js';
import { presentContext } from './views/present.js';
import { endOf, moveLines, publicMoves } from './public-moves.js';
import { storeForTests } from '../service/test-access.js';

describe("a game's public moves", () => {
  it('are the actions that stand and say something, up to what spectators may see, read again only as far as the game grew', async () => {
    const { service, game } = await playedGame('cartagena', { actions: 120, players: 3, variant: { version: 'jamaica' } });
    const ctx = { service, presenters };
    const pctx = { ...presentContext(ctx, game, 'en'), t: translator('en') };
    const expected = async (through: number) =>
      (await storeForTests(service).log.all(game.row.id))
        .filter((row) => row.seq <= through && inForce(row) && moveLines(row, presenters.cartagena, pctx).length > 0)
        .map((row) => row.seq);
    const early = await publicMoves(ctx, game);
    expect(early.through).toBe((await service.shownTo(game, null)).row.version);
    expect(early.seqs).toEqual(await expected(early.through));
    expect(early.closes.filter(Boolean).length).toBeGreaterThan(5);
    // The game goes on; only its new actions are read.
    let more = game;
    while (more.row.version < 300 && more.row.status === 'running') {
      const seat = more.def.toAct(more.state)[0] as number;
      const moved = await service.act(
        more.row.id,
        more.seats[seat]?.userId as string,
        more.row.version,
        more.row.version % more.def.legalActions(more.state, seat).length,
      );
      if (!moved.ok) throw new Error(moved.refusal);
      more = moved.value.game;
    }
    const slice = vi.spyOn(storeForTests(service).log, 'slice');
    const grown = await publicMoves(ctx, more);
    const read = slice.mock.settledResults.reduce((sum, result) => sum + (result.value as unknown[]).length, 0);
    slice.mockRestore();
    expect(grown.seqs.slice(0, early.seqs.length)).toEqual(early.seqs);
    expect(grown.seqs).toEqual(await expected(grown.through));
    expect(read).toBe(grown.through - early.through);
    expect(await publicMoves(ctx, more)).toBe(grown);
  });

  it('show the board after each move just before the next one, and the last after everything shown', async () => {
    const moves = { seqs: [2, 3, 7], closes: [false, true, false], through: 9 };
    expect([0, 1, 2, 3].map((n) => endOf(moves, n))).toEqual([1, 2, 6, 9]);
    expect(endOf({ seqs: [], closes: [], through: 0 }, 0)).toBe(0);
  });
});
