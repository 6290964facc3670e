import { describe, expect, it } from 'vitest';
import { testStore } from '../../tests/support/test-store.js';
import { games } from '../games/index.js';
import { GameService } from './game-service.js';
import { guildsLeft, pauseGuild, resumeGuild } from './guild-membership.js';
import { TIME_LIMITS } from './time-limits.js';
import { storeForTests } from './test-access.js';

const HOUR = 3_600_000;

async function running(guildId: string) {
  const clock = { at: Date.UTC(2026, 10, 26, 12), now: () => clock.at };
  const service = new GameService(await testStore(clock.now), games, undefined, clock);
  const start = async (guild: string) => {
    const lobby = await service.openLobby({
      guildId: guild,
      channelId: 'c',
      hostId: 'ann',
      hostName: 'ann',
      gameId: 'shanghaien',
      options: {},
      locale: 'en',
      timeLimitMs: TIME_LIMITS['1h'],
    });
    if (!lobby.ok) throw new Error(lobby.refusal);
    await service.join(lobby.value.id, 'bob', 'bob');
    const started = await service.start(lobby.value.id, 'ann');
    if (!started.ok) throw new Error(started.refusal);
    return started.value.row;
  };
  return { clock, service, game: await start(guildId), other: await start('other') };
}

describe("a server's games while the bot is not in it", () => {
  it('pause (no deadline falls due) and get the paused time back when it is added again', async () => {
    const { clock, service, game, other } = await running('g');
    expect(await pauseGuild(service, 'g')).toBe(1);
    expect(await pauseGuild(service, 'g')).toBe(0);
    clock.at += 3 * HOUR;
    // Only the other server's game is due.
    expect((await storeForTests(service).waits.dueDeadlines(clock.now())).map((r) => r.id)).toEqual([other.id]);
    expect(await resumeGuild(service, 'g')).toEqual([game.id]);
    expect((await storeForTests(service).get(game.id))?.deadlineAt).toBe((game.deadlineAt as number) + 3 * HOUR);
    expect((await storeForTests(service).waits.dueDeadlines(clock.now())).map((r) => r.id)).toEqual([other.id]);
    expect(await resumeGuild(service, 'g')).toEqual([]);
  });

  it('finds the servers of running games the bot is no longer in (removed while it was stopped)', async () => {
    const { service } = await running('g');
    expect((await guildsLeft(service, (id) => id === 'other')).sort()).toEqual(['g']);
    expect(await guildsLeft(service, () => true)).toEqual([]);
  });
});
