/**
 * A click made on an earlier panel (docs/decisions.md, "A click on an earlier panel"): when the game
 * moved on since, the Discord layer's judge says which choice, on the game as it is, means what the
 * clicked one meant; the service plays it against the version it read, which the store checks again.
 */
import { describe, expect, it, vi } from 'vitest';
import { indexOfAction } from '../engine/index.js';
import { CHOOSERS as PLAYERS, choosingGame as choosing } from '../../tests/support/choosing-game.js';
import { GameService, type LoadedGame, type SameChoice } from './game-service.js';
import { games } from '../games/index.js';
import { storeForTests } from './test-access.js';

/** A judge that finds the same action among the legal ones (the Discord layer's compares what the panel said too). */
function sameAction(game: LoadedGame, seat: number, index: number, calls: number[] = []): SameChoice {
  const action = game.def.legalActions(game.state, seat)[index];
  return async (now, at) => {
    calls.push(now.row.version);
    const found = indexOfAction(now.def.legalActions(now.state, at), action);
    return found < 0 ? null : found;
  };
}

const lastIndex = (game: LoadedGame, seat: number) => game.def.legalActions(game.state, seat).length - 1;

describe('a click made on an earlier panel', () => {
  it("is played when the judge finds its choice after the others' secret choices, at the version read", async () => {
    const { svc, game } = await choosing();
    const v = game.row.version;
    expect((await svc.act(game.row.id, 'bart', v, 0)).ok).toBe(true);
    const calls: number[] = [];
    const played = await svc.act(game.row.id, 'anne', v, lastIndex(game, 0), sameAction(game, 0, lastIndex(game, 0), calls));
    expect(played.ok && played.value.seq).toBe(v + 2);
    expect(calls).toEqual([v + 1]);
    const log = await storeForTests(svc).log.actionsOf(game.row.id);
    expect(log.at(-1)).toMatchObject({ seq: v + 2, seat: 0, action: game.def.legalActions(game.state, 0).at(-1) });
  });

  it('is refused as stale, changing nothing, without a judge (a panel from before meanings) or when the judge finds none', async () => {
    const { svc, game } = await choosing();
    const v = game.row.version;
    expect((await svc.act(game.row.id, 'bart', v, 0)).ok).toBe(true);
    expect(await svc.act(game.row.id, 'anne', v, 0)).toEqual({ ok: false, refusal: 'stale' });
    expect(await svc.act(game.row.id, 'anne', v, 0, async () => null)).toEqual({ ok: false, refusal: 'stale' });
    const after = (await svc.load(game.row.id)) as LoadedGame;
    expect(after.row.version).toBe(v + 1);
    expect(await storeForTests(svc).log.actionsOf(game.row.id)).toHaveLength(v + 1);
  });

  it('is refused as stale once its player has no choice to make, without asking the judge', async () => {
    const { svc, game } = await choosing();
    const v = game.row.version;
    expect((await svc.act(game.row.id, 'anne', v, 0)).ok).toBe(true);
    const calls: number[] = [];
    expect(await svc.act(game.row.id, 'anne', v, 1, sameAction(game, 0, 1, calls))).toEqual({ ok: false, refusal: 'stale' });
    expect(calls).toEqual([]);
  });

  it('three clicks on panels of the same version, made at once, are all played: a write that lost the race is read and judged again', async () => {
    const { svc, game } = await choosing();
    const v = game.row.version;
    const outcomes = await Promise.all(PLAYERS.map((user, seat) => svc.act(game.row.id, user, v, 0, sameAction(game, seat, 0))));
    expect(outcomes.map((o) => o.ok)).toEqual([true, true, true]);
    const log = await storeForTests(svc).log.actionsOf(game.row.id);
    expect(
      log
        .slice(-3)
        .map((entry) => entry.seat)
        .sort(),
    ).toEqual([0, 1, 2]);
    expect(await svc.replay(game.row.id)).toEqual(((await svc.load(game.row.id)) as LoadedGame).state);
  });

  it('made at once without judges, only one wins and the others are told the game moved on', async () => {
    const { svc, game } = await choosing();
    const v = game.row.version;
    const outcomes = await Promise.all(PLAYERS.map((user) => svc.act(game.row.id, user, v, 0)));
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(outcomes.filter((o) => !o.ok)).toEqual([
      { ok: false, refusal: 'stale' },
      { ok: false, refusal: 'stale' },
    ]);
  });
});

describe('a click on the game as this process last saw it', () => {
  /** The same database through a service of its own: another process's, which this one's never hears of. */
  const otherProcess = (svc: GameService) => new GameService(storeForTests(svc), games);

  it('is made without reading the game again when the panel was shown, or the move before made, by this process', async () => {
    const { svc, game } = await choosing();
    const reads = vi.spyOn(storeForTests(svc), 'getWithSeats');
    const first = await svc.act(game.row.id, 'anne', game.row.version, 0);
    expect(first.ok).toBe(true);
    const shown = (await svc.load(game.row.id)) as LoadedGame;
    expect((await svc.act(game.row.id, 'bart', shown.row.version, 0)).ok).toBe(true);
    // Both clicks came on a game this process had: the one read was the panel's.
    expect(reads).toHaveBeenCalledTimes(1);
    expect(await svc.replay(game.row.id)).toEqual(((await svc.load(game.row.id)) as LoadedGame).state);
  });

  it('is judged on the game read when another process moved it meanwhile, as any click is', async () => {
    const { svc, game } = await choosing();
    const v = game.row.version;
    expect((await otherProcess(svc).act(game.row.id, 'bart', v, 0)).ok).toBe(true);
    // No judge: the game moved on, so refused as stale, and nothing written.
    expect(await svc.act(game.row.id, 'anne', v, 0)).toEqual({ ok: false, refusal: 'stale' });
    // With one: found on the game as read, and played after the other's move.
    const played = await svc.act(game.row.id, 'anne', v, lastIndex(game, 0), sameAction(game, 0, lastIndex(game, 0)));
    expect(played.ok && played.value.seq).toBe(v + 2);
    expect(await storeForTests(svc).log.actionsOf(game.row.id)).toHaveLength(v + 2);
  });

  it('is refused as the game read says when it was cancelled at the same version elsewhere', async () => {
    const { svc, game } = await choosing();
    const cancelled = await otherProcess(svc).cancel(game.row.id, 'anne', true);
    expect(cancelled.ok).toBe(true);
    expect(((await otherProcess(svc).load(game.row.id)) as LoadedGame).row.version).toBe(game.row.version);
    expect(await svc.act(game.row.id, 'bart', game.row.version, 0)).toEqual({ ok: false, refusal: 'not-running' });
    expect(await storeForTests(svc).log.actionsOf(game.row.id)).toHaveLength(game.row.version);
  });
});
