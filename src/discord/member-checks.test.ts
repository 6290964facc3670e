import { EventEmitter } from 'node:events';
import { DiscordAPIError, type Client } from 'discord.js';
import { describe, expect, it, vi } from 'vitest';
import { testStore } from '../../tests/support/test-store.js';
import { games } from '../games/index.js';
import { createLogger } from '../logger.js';
import { GameService, type LoadedGame } from '../service/game-service.js';
import { CHECK_EVERY_MS, MemberChecks, watchMembers } from './member-checks.js';

const apiError = (code: number, status: number) =>
  new DiscordAPIError({ message: 'x', code }, code, status, 'GET', 'http://127.0.0.1/api/v10/guilds/g/members/u', { body: undefined });

/** A service with a running game of ann and bob in server g, without a time limit; a REST that knows who left. */
async function setup() {
  let now = Date.UTC(2026, 10, 1);
  const store = await testStore(() => now);
  let n = 0;
  const service = new GameService(store, games, () => `seed-${n++}`, { now: () => now });
  const lobby = await service.openLobby({
    guildId: 'g',
    channelId: 'c',
    hostId: 'ann',
    hostName: 'Ann',
    gameId: 'cartagena',
    options: { version: 'jamaica' },
    locale: 'nl',
    timeLimitMs: null,
  });
  if (!lobby.ok) throw new Error(lobby.refusal);
  await service.join(lobby.value.id, 'bob', 'Bob');
  const game = ((await service.start(lobby.value.id, 'ann')) as { ok: true; value: LoadedGame }).value;
  const gone = new Set<string>();
  const asked: string[] = [];
  const posted: number[] = [];
  const rest = {
    get: async (route: string) => {
      asked.push(route);
      const user = route.split('/').at(-1) as string;
      if (user === 'flaky') throw apiError(0, 500);
      if (gone.has(user)) throw apiError(10007, 404);
      return {};
    },
  };
  const checks = new MemberChecks({
    rest: rest,
    service,
    announcer: { post: async (id) => void posted.push(id) },
    logger: createLogger('silent'),
    now: () => now,
  });
  return { service, store, game, gone, asked, posted, checks, advance: (ms: number) => (now += ms) };
}

describe('member checks', () => {
  it('a member Discord no longer knows (10007) left: his game goes on without him and its thread is told, in its language', async () => {
    const { service, game, gone, asked, posted, checks } = await setup();
    gone.add('bob');
    expect(await checks.check('g', ['ann', 'bob'])).toEqual(['bob']);
    expect(asked).toEqual(['/guilds/g/members/ann', '/guilds/g/members/bob']);
    expect(posted).toEqual([game.row.id]);
    expect((await service.posts.noticesOf(game.row.id)).map((n) => n.content)).toEqual([
      '🚪 <@bob> heeft de server verlaten. De bot speelt vanaf nu voor die speler. Wie terugkomt, speelt met "Open mijn paneel" gewoon zelf weer verder.',
    ]);
  });

  it('asks about each member at most once in ten minutes, and learns nothing from other failures', async () => {
    const { gone, asked, checks, advance } = await setup();
    await checks.check('g', ['ann', 'flaky']);
    gone.add('ann');
    // Asked lately: not asked again, so nothing is learned yet.
    expect(await checks.check('g', ['ann', 'flaky'])).toEqual([]);
    expect(asked).toHaveLength(2);
    advance(CHECK_EVERY_MS);
    expect(await checks.check('g', ['ann', 'flaky'])).toEqual(['ann']);
    expect(asked).toHaveLength(4);
  });

  it("checks a game's players it waits for, or whose agreement a cancel vote needs, and waits for Discord only as long as told", async () => {
    const { game, asked, checks } = await setup();
    const mover = game.seats[game.def.toAct(game.state)[0] as number]?.userId as string;
    await checks.checkGame(game.row.id, 'g', mover, false);
    expect(asked).toEqual([]);
    await checks.checkGame(game.row.id, 'g', mover === 'ann' ? 'bob' : 'ann', false);
    expect(asked).toEqual([`/guilds/g/members/${mover}`]);
    const slow = new MemberChecks({
      rest: { get: () => new Promise(() => undefined) },
      service: (await setup()).service,
      announcer: { post: async () => undefined },
      logger: createLogger('silent'),
    });
    expect(await slow.checkGame(game.row.id, 'g', null, true, 20)).toEqual([]);
  });

  it('hears GUILD_MEMBER_REMOVE where the intent was granted', async () => {
    const { service, game, checks } = await setup();
    const client = new EventEmitter() as unknown as Client;
    watchMembers(client, checks);
    client.emit('raw', { t: 'GUILD_MEMBER_REMOVE', d: { guild_id: 'g', user: { id: 'ann' } } });
    client.emit('raw', { t: 'GUILD_MEMBER_REMOVE', d: { guild_id: 'g', user: null } });
    // The event is handled on its own (the gateway does not wait for the database): its write follows.
    await vi.waitFor(async () => expect((await service.load(game.row.id))?.seats.find((s) => s.userId === 'ann')?.leftAt).not.toBeNull());
    expect((await service.load(game.row.id))?.seats.find((s) => s.userId === 'bob')?.leftAt).toBeNull();
  });
});
