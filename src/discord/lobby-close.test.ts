import { describe, expect, it } from 'vitest';
import { testStore } from '../../tests/support/test-store.js';
import type { Client } from 'discord.js';
import { games, presenters } from '../games/index.js';
import { GameService } from '../service/game-service.js';
import { createLogger } from '../logger.js';
import { closeExpiredLobbies } from './lobby-close.js';
import { storeForTests } from '../service/test-access.js';

const HOUR = 60 * 60_000;

/** A service with `count` lobbies expiring in an hour, and a client whose edits are recorded (or fail). */
async function setup(count: number, failEdits = false) {
  const clock = { ms: 1_000_000_000_000, now: () => clock.ms };
  const service = new GameService(await testStore(() => clock.ms), games, () => 'seed', clock);
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const lobby = await service.openLobby({
      guildId: 'g',
      channelId: 'c',
      hostId: `host-${i}`,
      hostName: 'Host',
      gameId: 'cartagena',
      options: { version: 'jamaica' },
      locale: 'nl',
      timeLimitMs: null,
      limits: { maxOpen: 3, expiryMs: HOUR },
    });
    if (!lobby.ok) throw new Error(lobby.refusal);
    await storeForTests(service).setLobbyMessage(lobby.value.id, `m-${i}`);
    ids.push(lobby.value.id);
  }
  const edits: { messageId: string; content: string; components: unknown[] }[] = [];
  const channel = {
    isTextBased: () => true,
    messages: {
      edit: async (messageId: string, body: { content: string; components: unknown[] }) => {
        if (failEdits) throw new Error('Missing Access');
        edits.push({ messageId, ...body });
      },
    },
  };
  const client = { channels: { fetch: async () => channel } } as unknown as Client;
  const ctx = { client, service, presenters, logger: createLogger('silent') };
  return { ctx, clock, ids, edits, service };
}

describe('the lobby step of the scheduler', () => {
  it('closes lobbies past their time, a page per tick, and edits their messages without buttons', async () => {
    const { ctx, clock, ids, edits, service } = await setup(30);
    expect(await closeExpiredLobbies(ctx)).toEqual([]);
    clock.ms += HOUR;
    await Promise.all(await closeExpiredLobbies(ctx));
    expect(edits.length).toBe(25);
    expect(edits[0]?.content).toContain('Deze lobby is verlopen');
    expect(edits.every((e) => e.components.length === 0)).toBe(true);
    await Promise.all(await closeExpiredLobbies(ctx));
    expect(edits.length).toBe(30);
    const statuses = await Promise.all(ids.map(async (id) => (await storeForTests(service).get(id))?.status));
    expect(statuses.every((status) => status === 'cancelled')).toBe(true);
    expect(await closeExpiredLobbies(ctx)).toEqual([]);
  });

  it('keeps a lobby closed when its message cannot be edited (the edit is a courtesy)', async () => {
    const { ctx, clock, ids, service } = await setup(1, true);
    clock.ms += HOUR;
    await Promise.all(await closeExpiredLobbies(ctx));
    expect((await storeForTests(service).get(ids[0] as number))?.status).toBe('cancelled');
    expect(await service.join(ids[0] as number, 'late', 'Late')).toEqual({ ok: false, refusal: 'lobby-expired' });
  });
});
