import { beforeAll, describe, expect, it } from 'vitest';
import { testStore } from '../../tests/support/test-store.js';
import { games } from '../games/index.js';
import { GameService, type LoadedGame } from './game-service.js';
import { nim } from '../ai/toy-games-testing.js';
import { storeForTests } from './test-access.js';
import { LOBBY_REQUEST } from '../../tests/support/service-fixtures.js';

async function service() {
  let n = 0;
  return new GameService(await testStore(), games, () => `seed-${++n}`);
}

async function startedGame(svc: GameService, players = ['host', 'ann', 'bob']): Promise<LoadedGame> {
  const lobby = await svc.openLobby(LOBBY_REQUEST);
  if (!lobby.ok) throw new Error(lobby.refusal);
  for (const p of players.slice(1)) expect((await svc.join(lobby.value.id, p, p)).ok).toBe(true);
  const started = await svc.start(lobby.value.id, 'host');
  if (!started.ok) throw new Error(started.refusal);
  return started.value;
}

/** Plays the first legal action of whoever must act; returns the user id who acted. */
async function playFirst(svc: GameService, id: number, pick = 0): Promise<string> {
  const game = (await svc.load(id)) as LoadedGame;
  const seat = game.def.toAct(game.state)[0] as number;
  const user = game.seats[seat]?.userId as string;
  const legal = game.def.legalActions(game.state, seat);
  const outcome = await svc.act(id, user, game.row.version, pick % legal.length);
  expect(outcome.ok).toBe(true);
  return user;
}

describe('lobby', () => {
  it('starts a game for the seats it has as it starts, and two bots seated at once get names of their own, whatever else happens meanwhile', async () => {
    const svc = await service();
    const lobby = await svc.openLobby(LOBBY_REQUEST);
    if (!lobby.ok) throw new Error(lobby.refusal);
    const id = lobby.value.id;
    for (const p of ['ann', 'bob']) await svc.join(id, p, p);
    const [bram, femke] = await Promise.all([svc.addBot(id, 'host', 'easy', false), svc.addBot(id, 'host', 'easy', false)]);
    expect(bram.ok && femke.ok).toBe(true);
    expect(new Set((await svc.seatsOf(id)).map((s) => s.userId)).size).toBe(5);
    const [started] = await Promise.all([svc.start(id, 'host'), svc.leave(id, 'ann')]);
    if (!started.ok) throw new Error(started.refusal);
    expect(started.value.seats.map((s) => s.userId)).toEqual((await svc.seatsOf(id)).map((s) => s.userId));
    expect(await svc.replay(id)).toEqual(started.value.state);
  });

  it('seats players in joining order and refuses duplicates, strangers and a full table', async () => {
    const svc = await service();
    const lobby = await svc.openLobby(LOBBY_REQUEST);
    if (!lobby.ok) throw new Error();
    const id = lobby.value.id;
    expect(await svc.join(id, 'host', 'Host')).toEqual({ ok: false, refusal: 'already-joined' });
    for (const p of ['a', 'b', 'c', 'd']) expect((await svc.join(id, p, p)).ok).toBe(true);
    expect(await svc.join(id, 'e', 'e')).toEqual({ ok: false, refusal: 'lobby-full' });
    expect((await svc.leave(id, 'b')).ok).toBe(true);
    expect(await svc.leave(id, 'b')).toEqual({ ok: false, refusal: 'not-joined' });
    expect(await svc.leave(id, 'host')).toEqual({ ok: false, refusal: 'host-cannot-leave' });
    expect((await storeForTests(svc).seatsOf(id)).map((s) => [s.seat, s.userId])).toEqual([
      [0, 'host'],
      [1, 'a'],
      [2, 'c'],
      [3, 'd'],
    ]);
  });

  it('only the host starts, and only with enough players', async () => {
    const svc = await service();
    const lobby = await svc.openLobby(LOBBY_REQUEST);
    if (!lobby.ok) throw new Error();
    expect(await svc.start(lobby.value.id, 'host')).toEqual({ ok: false, refusal: 'not-enough-players' });
    await svc.join(lobby.value.id, 'ann', 'Ann');
    expect(await svc.start(lobby.value.id, 'ann')).toEqual({ ok: false, refusal: 'not-host' });
    expect((await svc.start(lobby.value.id, 'host')).ok).toBe(true);
    expect(await svc.join(lobby.value.id, 'late', 'Late')).toEqual({ ok: false, refusal: 'not-in-lobby' });
  });

  it('refuses unknown games and bad options', async () => {
    const svc = await service();
    expect(await svc.openLobby({ ...LOBBY_REQUEST, gameId: 'chess' })).toEqual({ ok: false, refusal: 'unknown-game' });
    expect(await svc.openLobby({ ...LOBBY_REQUEST, options: { version: 'hispaniola' } })).toEqual({ ok: false, refusal: 'bad-options' });
  });
});

describe('acting', () => {
  it('refuses strangers, players out of turn, outdated versions and actions that do not exist, changing nothing', async () => {
    const svc = await service();
    const game = await startedGame(svc);
    const seat = game.def.toAct(game.state)[0] as number;
    const other = game.seats[(seat + 1) % 3]?.userId as string;
    const user = game.seats[seat]?.userId as string;
    expect(await svc.act(game.row.id, 'stranger', 0, 0)).toEqual({ ok: false, refusal: 'not-a-player' });
    expect(await svc.act(game.row.id, other, 0, 0)).toEqual({ ok: false, refusal: 'not-your-turn' });
    expect(await svc.act(game.row.id, user, 5, 0)).toEqual({ ok: false, refusal: 'stale' });
    expect(await svc.act(game.row.id, user, 0, 999)).toEqual({ ok: false, refusal: 'illegal' });
    const after = (await svc.load(game.row.id)) as LoadedGame;
    expect(after.row.version).toBe(0);
    expect(after.state).toEqual(game.state);
    expect(await storeForTests(svc).log.actionsOf(game.row.id)).toEqual([]);
  });

  it('lets only one of two clicks on the same version win', async () => {
    const svc = await service();
    const game = await startedGame(svc);
    const seat = game.def.toAct(game.state)[0] as number;
    const user = game.seats[seat]?.userId as string;
    expect((await svc.act(game.row.id, user, 0, 0)).ok).toBe(true);
    expect(await svc.act(game.row.id, user, 0, 0)).toEqual({ ok: false, refusal: 'stale' });
    expect(await storeForTests(svc).log.actionsOf(game.row.id)).toHaveLength(1);
  });

  it('stores public events with each action, without hidden cards', async () => {
    const svc = await service();
    const game = await startedGame(svc);
    for (let i = 0; i < 40; i++) await playFirst(svc, game.row.id, i * 5 + 1);
    for (const row of await storeForTests(svc).log.actionsOf(game.row.id)) {
      for (const e of row.publicEvents as { type: string; drew?: unknown[] }[]) if (e.type === 'back') expect(e.drew).toEqual([]);
    }
  });

  it('replaying the log from the seed reproduces the snapshot, through to the end and the stored result', async () => {
    const svc = await service();
    const game = await startedGame(svc);
    let turns = 0;
    let loaded = (await svc.load(game.row.id)) as LoadedGame;
    while (loaded.row.status === 'running' && turns < 5000) {
      await playFirst(svc, game.row.id, turns * 7 + 3);
      loaded = (await svc.load(game.row.id)) as LoadedGame;
      turns++;
    }
    expect(loaded.row.status).toBe('finished');
    expect(loaded.row.result).toEqual(loaded.def.result(loaded.state));
    expect(await svc.replay(game.row.id)).toEqual(loaded.state);
  });

  it('a resignation is logged and replays too; a finished game refuses further actions', async () => {
    const svc = await service();
    const game = await startedGame(svc, ['host', 'ann']);
    await playFirst(svc, game.row.id);
    expect((await svc.resign(game.row.id, 'ann')).ok).toBe(true);
    const loaded = (await svc.load(game.row.id)) as LoadedGame;
    expect(loaded.row.status).toBe('finished');
    expect(await svc.replay(game.row.id)).toEqual(loaded.state);
    expect(await svc.act(game.row.id, 'host', loaded.row.version, 0)).toEqual({ ok: false, refusal: 'not-running' });
  });

  it('a lobby is cancelled by its host or a server manager; others may not', async () => {
    const svc = await service();
    const lobby = await svc.openLobby(LOBBY_REQUEST);
    if (!lobby.ok) throw new Error(lobby.refusal);
    expect((await svc.join(lobby.value.id, 'ann', 'Ann')).ok).toBe(true);
    expect(await svc.cancel(lobby.value.id, 'ann', false)).toEqual({ ok: false, refusal: 'not-host' });
    const cancelled = await svc.cancel(lobby.value.id, 'host', false);
    expect(cancelled.ok && cancelled.value.cancelled).toBe(true);
    expect(await svc.cancel(lobby.value.id, 'host', false)).toEqual({ ok: false, refusal: 'not-running' });
  });

  it('a running game is cancelled when every player still in it agrees, or at once by a server manager', async () => {
    const svc = await service();
    const game = await startedGame(svc);
    const id = game.row.id;
    expect(await svc.cancel(id, 'stranger', false)).toEqual({ ok: false, refusal: 'not-a-player' });
    const first = await svc.cancel(id, 'ann', false);
    expect(first.ok && first.value).toMatchObject({ cancelled: false, agreed: ['ann'], needed: ['host', 'bob'] });
    expect(await svc.cancel(id, 'ann', false)).toEqual({ ok: false, refusal: 'already-agreed' });
    // A player who leaves no longer counts.
    expect((await svc.resign(id, 'bob')).ok).toBe(true);
    const last = await svc.cancel(id, 'host', false);
    expect(last.ok && last.value).toMatchObject({ cancelled: true, needed: [] });
    expect((await storeForTests(svc).get(id))?.status).toBe('cancelled');

    const other = await startedGame(svc);
    const byManager = await svc.cancel(other.row.id, 'someone', true);
    expect(byManager.ok && byManager.value.cancelled).toBe(true);
  });
});

describe('more time', () => {
  it('is only ever more, and at most a week at once: the deadline never moves into the past', async () => {
    const svc = new GameService(await testStore(), games, () => 'seed', { now: () => 1_000_000 });
    const lobby = await svc.openLobby({ ...LOBBY_REQUEST, timeLimitMs: 3_600_000 });
    if (!lobby.ok) throw new Error(lobby.refusal);
    await svc.join(lobby.value.id, 'ann', 'Ann');
    expect((await svc.start(lobby.value.id, 'host')).ok).toBe(true);
    const before = (await storeForTests(svc).get(lobby.value.id))?.deadlineAt;
    const week = 7 * 24 * 3_600_000;
    for (const ms of [-48 * 3_600_000, 0, week + 1, Number.NaN, 1.5]) {
      expect(await svc.extend(lobby.value.id, 'host', ms, false)).toEqual({ ok: false, refusal: 'bad-options' });
    }
    expect((await storeForTests(svc).get(lobby.value.id))?.deadlineAt).toBe(before);
    const extended = await svc.extend(lobby.value.id, 'host', week, false);
    expect(extended.ok && extended.value.deadlineAt).toBe((before as number) + week);
  });
});

describe('resigning', () => {
  it('records the resignation and the seat in one write; a finished game cannot be left', async () => {
    const svc = await service();
    const game = await startedGame(svc, ['host', 'ann']);
    expect((await svc.mayResign(game.row.id, 'ann')).ok).toBe(true);
    expect(await svc.mayResign(game.row.id, 'stranger')).toEqual({ ok: false, refusal: 'not-a-player' });
    const outcome = await svc.resign(game.row.id, 'ann');
    expect(outcome.ok).toBe(true);
    expect((await storeForTests(svc).seatsOf(game.row.id)).find((s) => s.userId === 'ann')?.resigned).toBe(true);
    expect((await storeForTests(svc).get(game.row.id))?.status).toBe('finished');
    expect(await svc.mayResign(game.row.id, 'host')).toEqual({ ok: false, refusal: 'not-running' });
    expect(await svc.resign(game.row.id, 'host')).toEqual({ ok: false, refusal: 'not-running' });
  });
});

describe('a bot standing in for an absent player', () => {
  it("plays the planned moves where they are legal, and the game's safe move where not", async () => {
    let now = 1_000_000;
    const svc = new GameService(await testStore(), { nim }, () => 'seed', { now: () => now });
    const startNim = async () => {
      const lobby = await svc.openLobby({ ...LOBBY_REQUEST, gameId: 'nim', options: { pile: 10 }, timeLimitMs: 3_600_000 });
      if (!lobby.ok) throw new Error(lobby.refusal);
      await svc.join(lobby.value.id, 'ann', 'Ann');
      if (!(await svc.start(lobby.value.id, 'host')).ok) throw new Error('not started');
      return lobby.value.id;
    };
    const planned = await startNim();
    const unplayable = await startNim();
    now += 2 * 3_600_000;
    // Taking 3 is legal: it is played. Taking 5 is not: the game's safe move (the first legal, 1) is.
    expect((await svc.expire(planned, 'auto-move', () => true, new Map([[0, [3]]]))).ok).toBe(true);
    expect((await svc.expire(unplayable, 'auto-move', () => true, new Map([[0, [5]]]))).ok).toBe(true);
    expect((await storeForTests(svc).log.actionsOf(planned)).map((a) => [a.action, a.origin])).toEqual([[3, 'timeout']]);
    expect((await storeForTests(svc).log.actionsOf(unplayable)).map((a) => [a.action, a.origin])).toEqual([[1, 'timeout']]);
  });
});

describe('bot seats in a lobby', () => {
  const plain = { ...nim, id: 'plain', determinize: undefined };
  let svc: GameService;
  beforeAll(async () => {
    svc = new GameService(await testStore(), { nim, plain }, () => 'seed');
  });
  const open = async (gameId: string) => {
    const lobby = await svc.openLobby({ ...LOBBY_REQUEST, gameId, options: { pile: 10 } });
    if (!lobby.ok) throw new Error(lobby.refusal);
    return lobby.value.id;
  };

  it('the host seats a named bot and takes it out; nobody else may; a full table takes none', async () => {
    const id = await open('nim');
    expect(await svc.addBot(id, 'ann', 'easy', false)).toEqual({ ok: false, refusal: 'not-host' });
    const bot = await svc.addBot(id, 'host', 'hard', false);
    expect(bot.ok && [bot.value.userId, bot.value.displayName, bot.value.botLevel]).toEqual(['bot:1', 'Bot Bram', 'hard']);
    expect(await svc.addBot(id, 'host', 'easy', false)).toEqual({ ok: false, refusal: 'lobby-full' });
    expect(await svc.removeBot(id, 'host', 'host', false)).toEqual({ ok: false, refusal: 'not-a-bot' });
    expect((await svc.removeBot(id, 'host', 'bot:1', false)).ok).toBe(true);
    expect((await storeForTests(svc).seatsOf(id)).map((s) => s.userId)).toEqual(['host']);
  });

  it('a game whose bots cannot think offers none', async () => {
    expect(await svc.addBot(await open('plain'), 'host', 'normal', false)).toEqual({ ok: false, refusal: 'no-bots' });
  });

  it('a bot moves only in its own seat, at the current version, when it is its turn', async () => {
    const id = await open('nim');
    await svc.addBot(id, 'host', 'normal', false);
    const started = await svc.start(id, 'host');
    if (!started.ok) throw new Error(started.refusal);
    expect(svc.botsToAct(started.value)).toEqual([]);
    expect(await svc.actAsBot(id, 0, 0, 1)).toEqual({ ok: false, refusal: 'not-a-bot' });
    expect((await svc.act(id, 'host', 0, 0)).ok).toBe(true);
    const now = await svc.load(id);
    if (!now) throw new Error();
    expect(svc.botsToAct(now)).toEqual([1]);
    expect(await svc.actAsBot(id, 1, 0, 1)).toEqual({ ok: false, refusal: 'stale' });
    expect((await svc.actAsBot(id, 1, 1, 2)).ok).toBe(true);
    expect((await storeForTests(svc).log.actionsOf(id)).map((a) => a.origin)).toEqual(['player', 'bot']);
  });
});
