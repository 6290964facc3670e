import { describe, expect, it } from 'vitest';
import { testStore } from '../../tests/support/test-store.js';
import { games } from '../games/index.js';
import { GameService } from './game-service.js';

const DAY = 24 * 60 * 60_000;
const DEFAULT = { defaultLimitMs: 2 * DAY };

/** Starts a Shanghaien lobby of Anne with `guests` people or one bot, its time per move `limitMs`. */
async function startWith(guest: 'person' | 'bot', limitMs: number | null) {
  const service = new GameService(await testStore(), games, () => 'seed');
  const lobby = await service.openLobby({
    guildId: 'g',
    channelId: 'c',
    hostId: 'anne',
    hostName: 'Anne',
    gameId: 'shanghaien',
    options: {},
    locale: 'en',
    timeLimitMs: limitMs,
  });
  if (!lobby.ok) throw new Error(lobby.refusal);
  if (guest === 'person') await service.join(lobby.value.id, 'bert', 'Bert');
  else await service.addBot(lobby.value.id, 'anne', 'easy', false);
  const started = await service.start(lobby.value.id, 'anne', DEFAULT);
  if (!started.ok) throw new Error(started.refusal);
  return started.value.row;
}

describe('starting a game of one person against bots', () => {
  it('has no time per move when its lobby had the server default: nobody waits for him', async () => {
    const row = await startWith('bot', DEFAULT.defaultLimitMs);
    expect(row.timeLimitMs).toBeNull();
    expect(row.deadlineAt).toBeNull();
    expect(row.reminderAt).toBeNull();
  });

  it('keeps a time limit the host chose, and any game between people', async () => {
    expect((await startWith('bot', DAY)).timeLimitMs).toBe(DAY);
    expect((await startWith('bot', DAY)).deadlineAt).not.toBeNull();
    expect((await startWith('person', DEFAULT.defaultLimitMs)).timeLimitMs).toBe(DEFAULT.defaultLimitMs);
  });
});
