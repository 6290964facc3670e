import { describe, expect, it } from 'vitest';
import { testStore } from '../../tests/support/test-store.js';
import { games } from '../games/index.js';
import { GameService, type LoadedGame } from './game-service.js';
import { runningGame, toMove } from '../../tests/support/running-game.js';
import type { LeftGame } from './members.js';

async function setup(policy: 'auto-move' | 'remove' = 'auto-move') {
  const now = Date.UTC(2026, 10, 1);
  const clock = { now: () => now };
  const store = await testStore(clock.now);
  let n = 0;
  const service = new GameService(store, games, () => `seed-${n++}`, clock);
  await service.settings.updateGuild('g', { deadlinePolicy: policy });
  return { service, store };
}

/** A running game of these players (the first hosts), without a time limit. */
const running = (service: GameService, players: string[]) => runningGame(service, players, { timeLimitMs: null });
const notice = (left: LeftGame) => ({ text: `${left.seat.userId} left: ${left.rule}${left.cancelled ? `, cancelled (${left.cancelled})` : ''}`, mentions: [] });

describe('a player who left the server', () => {
  it('is played by the bot from now on (auto-move): the game waits for him no more, and the others hear it', async () => {
    const { service, store } = await setup('auto-move');
    const game = await running(service, ['ann', 'bob', 'cas']);
    const gone = toMove(game);
    expect(service.botsToAct(game)).toEqual([]);
    const left = await service.members.left('g', gone, notice);
    expect(left.map((l) => [l.seat.userId, l.rule, l.cancelled])).toEqual([[gone, 'stand-in', null]]);
    const after = (await service.load(game.row.id)) as LoadedGame;
    // His turn is the bot's now: the bot players' machinery moves for him at once.
    expect(service.botsToAct(after)).toEqual(after.def.toAct(after.state));
    expect(after.seats.find((s) => s.userId === gone)?.leftAt).not.toBeNull();
    expect((await service.posts.noticesOf(game.row.id)).map((n) => n.content)).toEqual([`${gone} left: stand-in`]);
    // Told again (another check, the member event): nothing more happens.
    expect(await service.members.left('g', gone, notice)).toEqual([]);
    expect(await service.posts.noticesOf(game.row.id)).toHaveLength(1);
    // Another server's departure is not this one's.
    expect(await service.members.left('h', toMove(after) === 'ann' ? 'bob' : 'ann', notice)).toEqual([]);
    expect((await store.get(game.row.id))?.status).toBe('running');
  });

  it('is taken out of the game at once where the server removes absent players', async () => {
    const { service } = await setup('remove');
    const game = await running(service, ['ann', 'bob', 'cas']);
    const gone = toMove(game);
    const [left] = await service.members.left('g', gone, notice);
    expect(left?.rule).toBe('removed');
    const after = (await service.load(game.row.id)) as LoadedGame;
    expect(after.seats.find((s) => s.userId === gone)?.resigned).toBe(true);
    expect(toMove(after)).not.toBe(gone);
    expect((await service.loggedActions(game.row.id)).map((a) => a.origin)).toEqual(['left']);
  });

  it('no longer has a say in the cancel vote: the vote he held up passes when the bot learns he left', async () => {
    const { service, store } = await setup('auto-move');
    const game = await running(service, ['ann', 'bob', 'cas']);
    const asked = await service.cancel(game.row.id, 'ann', false);
    expect(asked.ok && asked.value.needed.sort()).toEqual(['bob', 'cas']);
    await service.members.left('g', 'bob', notice);
    // Bob is not asked any more; Cas's agreement is the last one needed.
    expect(await service.mayCancel(game.row.id, 'bob', false)).toEqual({ ok: false, refusal: 'not-a-player' });
    const [left] = await service.members.left('g', 'cas', notice);
    expect(left?.cancelled).toBe('agreed');
    expect((await store.get(game.row.id))?.status).toBe('cancelled');
    expect((await service.posts.noticesOf(game.row.id)).map((n) => n.content)).toEqual(['bob left: stand-in', 'cas left: stand-in, cancelled (agreed)']);
  });

  it('a request to cancel needs only those still in the server', async () => {
    const { service, store } = await setup('auto-move');
    const game = await running(service, ['ann', 'bob']);
    await service.members.left('g', 'bob', notice);
    const asked = await service.cancel(game.row.id, 'ann', false);
    expect(asked.ok && asked.value).toMatchObject({ cancelled: true, needed: [] });
    expect((await store.get(game.row.id))?.status).toBe('cancelled');
  });

  it('a game nobody is left to play is cancelled', async () => {
    const { service, store } = await setup('auto-move');
    const game = await running(service, ['ann', 'bob']);
    await service.members.left('g', 'ann', notice);
    expect((await store.get(game.row.id))?.status).toBe('running');
    const [left] = await service.members.left('g', 'bob', notice);
    expect(left?.cancelled).toBe('nobody');
    expect((await store.get(game.row.id))?.status).toBe('cancelled');
  });

  it('back in the game, he has his seat again; what the bot played for him stands', async () => {
    const { service } = await setup('auto-move');
    const game = await running(service, ['ann', 'bob']);
    const gone = toMove(game);
    await service.members.left('g', gone, notice);
    expect(await service.members.back(game.row.id, gone === 'ann' ? 'bob' : 'ann')).toBeNull();
    expect((await service.members.back(game.row.id, gone))?.id).toBe(game.row.id);
    const after = (await service.load(game.row.id)) as LoadedGame;
    expect(after.seats.find((s) => s.userId === gone)).toMatchObject({ leftAt: null, standInUntil: null });
    expect(service.botsToAct(after)).toEqual([]);
    expect(await service.members.back(game.row.id, gone)).toBeNull();
  });

  it('whom to check: those the game waits for, and in a vote those who have not agreed; never the asker or the bots', async () => {
    const { service } = await setup('auto-move');
    const game = await running(service, ['ann', 'bob', 'cas']);
    const mover = toMove(game);
    expect(await service.members.toCheck(game.row.id, null, false)).toEqual([mover]);
    expect(await service.members.toCheck(game.row.id, mover, false)).toEqual([]);
    expect((await service.members.toCheck(game.row.id, 'ann', true)).sort()).toEqual(['bob', 'cas']);
    // One of them agrees: he is checked only if the game waits for him.
    const [voter, other] = mover === 'cas' ? ['cas', 'bob'] : ['bob', 'cas'];
    await service.cancel(game.row.id, voter, false);
    expect((await service.members.toCheck(game.row.id, 'ann', true)).sort()).toEqual(voter === mover ? ['bob', 'cas'] : [other]);
  });
});
