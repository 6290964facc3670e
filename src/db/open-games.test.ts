import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { olderDatabase } from '../../tests/support/older-database.js';
import { openDatabase } from './connection.js';
import { knownSchema } from './schema-version.js';
import { GameStore, type NewLobby } from './store.js';
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
const openOf = (store: GameStore, userId: string, guildId = 'g') => store.openGames.activeGamesOf(guildId, userId).map((g) => g.game.id);

describe("a member's open games", () => {
  it('are his lobbies and running games in the server, until they finish, are cancelled or expire, by whatever path', () => {
    const store = new GameStore(openDatabase(':memory:'));
    const waiting = store.createLobby(lobby()).id;
    const cancelled = store.createLobby(lobby()).id;
    const expired = store.createLobby(lobby({ lobbyExpiresAt: 5 })).id;
    const played = store.createLobby(lobby()).id;
    const elsewhere = store.createLobby(lobby({ guildId: 'h' })).id;
    store.join(played, 'bob', 'Bob', 2);
    store.join(waiting, 'bob', 'Bob', 2);
    store.leave(waiting, 'bob'); // rewrites the lobby's seats
    store.start(played, {}, NO_WAIT);
    expect(openOf(store, 'ann').sort()).toEqual([waiting, cancelled, expired, played].sort());
    expect(openOf(store, 'ann', 'h')).toEqual([elsewhere]);
    expect(openOf(store, 'bob')).toEqual([played]);

    store.cancel(cancelled);
    expect(store.lobbies.expire(expired, 10)).toBe(true);
    store.commitAction(played, 0, { seat: 0, action: {}, publicEvents: [], nextState: {}, result: { scores: [1, 0], ranking: [[0], [1]] }, wait: NO_WAIT });
    expect(openOf(store, 'ann')).toEqual([waiting]);
    expect(openOf(store, 'bob')).toEqual([]);
    // The seats of ended games stay, for the records and the games' logs.
    expect(store.seatsOf(played).map((s) => [s.userId, s.active])).toEqual([
      ['ann', false],
      ['bob', false],
    ]);
  });

  it('of games that ended before the upgrade are no longer open after it', () => {
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
    const store = new GameStore(openDatabase(path));
    expect(openOf(store, 'ann').sort()).toEqual([1, 2]);
  });
});

describe('the games of a place', () => {
  it("are the thread's game, or the open games of a channel played in without threads", () => {
    const store = new GameStore(openDatabase(':memory:'));
    const threaded = store.createLobby(lobby()).id;
    store.start(threaded, {}, NO_WAIT);
    store.setThread(threaded, 't1');
    const inChannel = store.createLobby(lobby()).id;
    store.start(inChannel, {}, NO_WAIT);
    const ended = store.createLobby(lobby()).id;
    store.cancel(ended);
    const otherChannel = store.createLobby(lobby({ channelId: 'd' })).id;
    expect(store.openGames.runningIn('t1').map((g) => g.id)).toEqual([threaded]);
    expect(store.openGames.runningIn('c').map((g) => g.id).sort()).toEqual([inChannel]);
    expect(store.openGames.runningIn('d').map((g) => g.id)).toEqual([otherChannel]);
    store.cancel(threaded);
    expect(store.openGames.runningIn('t1')).toEqual([]);
  });
});
