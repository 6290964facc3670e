/**
 * On PostgreSQL writes run side by side (a connection per transaction), so what SQLite got from
 * its one writer at a time must come from locks: games of one server and game finishing at the
 * same instant each rate their players from what the other rated (no rating lost: the players'
 * records, upserted first in the same write, already make them wait for each other, and the
 * ratings' own lock keeps it so should that order change), and one member's invitations sent at
 * once ping each person once (without the lock, the second fails on the first's row).
 */
import { describe, expect, it } from 'vitest';
import { nim } from '../ai/toy-games-testing.js';
import { testStore } from '../../tests/support/test-store.js';
import { GameService } from './game-service.js';
import { ratingBoard } from './standings.js';

const lobbyArgs = { guildId: 'g', channelId: 'c', hostName: 'Host', gameId: 'nim', options: { pile: 1 }, locale: 'en', timeLimitMs: null };

describe('writes side by side on PostgreSQL', () => {
  it('rates every game of many finishing at once between the same players', async () => {
    const service = new GameService(await testStore(), { nim }, () => 'seed');
    const GAMES = 12;
    const ids: number[] = [];
    for (let i = 0; i < GAMES; i++) {
      const lobby = await service.openLobby({ ...lobbyArgs, hostId: 'ann' });
      if (!lobby.ok) throw new Error(lobby.refusal);
      await service.join(lobby.value.id, 'bob', 'Bob');
      expect((await service.start(lobby.value.id, 'ann')).ok).toBe(true);
      ids.push(lobby.value.id);
    }
    // A pile of one: ann's first move takes it and wins. All twelve at once.
    const moves = await Promise.all(ids.map((id) => service.act(id, 'ann', 0, 0)));
    expect(moves.every((m) => m.ok && m.value.result !== null)).toBe(true);
    const board = await ratingBoard(service, 'g', 'nim', { limit: 10, withBots: false, viewerId: 'ann' });
    expect(board.top.map((s) => [s.playerId, s.played])).toEqual([
      ['ann', GAMES],
      ['bob', GAMES],
    ]);
  });

  it("pings each person once for one member's invitations sent at once", async () => {
    const service = new GameService(await testStore(), { nim }, () => 'seed');
    const claims = await Promise.all(Array.from({ length: 8 }, () => service.pingable('ann', ['bob', 'cas'])));
    expect(claims.flat().sort()).toEqual(['bob', 'cas']);
  });
});
