import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { olderDatabase } from '../../tests/support/older-database.js';
import { openDatabase } from './connection.js';
import { onPostgres, testStore } from '../../tests/support/test-store.js';
import { knownSchema } from './schema-version.js';
import { Storage, type NewLobby } from './storage.js';
import { NO_WAIT } from './wait-timing.js';

const lobby = (over: Partial<NewLobby> = {}): NewLobby => ({
  guildId: 'g',
  channelId: 'c',
  hostId: 'ann',
  hostName: 'Ann',
  gameId: 'shanghaien',
  options: {},
  locale: 'en',
  seed: 's',
  rulesVersion: 1,
  timeLimitMs: null,
  ...over,
});

/** A member's open games, by id. */
const openOf = async (store: Storage, userId: string, guildId = 'g') => (await store.openGames.activeGamesOf(guildId, userId)).map((g) => g.game.id);

describe("a member's open games", () => {
  it('are his lobbies and running games in the server, until they finish, are cancelled or expire, by whatever path', async () => {
    const store = await testStore();
    const waiting = (await store.createLobby(lobby())).id;
    const cancelled = (await store.createLobby(lobby())).id;
    const expired = (await store.createLobby(lobby({ lobbyExpiresAt: 5 }))).id;
    const played = (await store.createLobby(lobby())).id;
    const elsewhere = (await store.createLobby(lobby({ guildId: 'h' }))).id;
    await store.join(played, 'bob', 'Bob', 2);
    await store.join(waiting, 'bob', 'Bob', 2);
    await store.leave(waiting, 'bob'); // rewrites the lobby's seats
    await store.start(played, {}, NO_WAIT);
    expect((await openOf(store, 'ann')).sort()).toEqual([waiting, cancelled, expired, played].sort());
    expect(await openOf(store, 'ann', 'h')).toEqual([elsewhere]);
    expect(await openOf(store, 'bob')).toEqual([played]);

    await store.cancel(cancelled);
    expect(await store.lobbies.expire(expired, 10)).toBe(true);
    await store.commitAction(played, 0, {
      seat: 0,
      action: {},
      publicEvents: [],
      nextState: {},
      result: { scores: [1, 0], ranking: [[0], [1]] },
      wait: NO_WAIT,
    });
    expect(await openOf(store, 'ann')).toEqual([waiting]);
    expect(await openOf(store, 'bob')).toEqual([]);
    // The seats of ended games stay, for the records and the games' logs.
    expect((await store.seatsOf(played)).map((s) => [s.userId, s.active])).toEqual([
      ['ann', false],
      ['bob', false],
    ]);
  });

  // An upgrade of an older SQLite file (a PostgreSQL database starts at this schema).
  it.skipIf(onPostgres)('of games that ended before the upgrade are no longer open after it', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'harbour-open-')), 'games.sqlite');
    olderDatabase(path, knownSchema().version - 1, (sqlite) => {
      const game = sqlite.prepare(
        `INSERT INTO games (guild_id, channel_id, host_id, game_id, options, seed, rules_version, status, created_at, updated_at) VALUES ('g', 'c', 'ann', 'shanghaien', '{}', 's', 1, ?, 1, 1)`,
      );
      for (const status of ['lobby', 'running', 'finished', 'cancelled']) {
        const id = game.run(status).lastInsertRowid;
        sqlite.prepare(`INSERT INTO seats (game_id, seat, user_id, display_name) VALUES (?, 0, 'ann', 'Ann')`).run(id);
      }
    });
    const store = new Storage(openDatabase(path));
    expect((await openOf(store, 'ann')).sort()).toEqual([1, 2]);
  });
});

describe('the games of a place', () => {
  it("are the thread's game, or the open games of a channel played in without threads", async () => {
    const store = await testStore();
    const threaded = (await store.createLobby(lobby())).id;
    await store.start(threaded, {}, NO_WAIT);
    await store.setThread(threaded, 't1');
    const inChannel = (await store.createLobby(lobby())).id;
    await store.start(inChannel, {}, NO_WAIT);
    const ended = (await store.createLobby(lobby())).id;
    await store.cancel(ended);
    const otherChannel = (await store.createLobby(lobby({ channelId: 'd' }))).id;
    expect((await store.openGames.runningIn('t1')).map((g) => g.id)).toEqual([threaded]);
    expect((await store.openGames.runningIn('c')).map((g) => g.id).sort()).toEqual([inChannel]);
    expect((await store.openGames.runningIn('d')).map((g) => g.id)).toEqual([otherChannel]);
    await store.cancel(threaded);
    expect(await store.openGames.runningIn('t1')).toEqual([]);
  });
});
