import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/connection.js';
import { Storage } from '../db/storage.js';
import { knownSchema } from '../db/schema-version.js';
import { games } from '../games/index.js';
import { olderDatabase } from '../../tests/support/older-database.js';
import { recordFinished, writeFinished } from '../../tests/support/finished-records.js';
import { handleOf, onPostgres, testStore } from '../../tests/support/test-store.js';
import type { Dialect } from '../db/dialect.js';
import { GameService } from './game-service.js';
import { leaderboard, recordsOf } from './stats.js';

let finishedAt = Date.UTC(2026, 10, 26);

/** Writes a running game with its seats into an older SQLite file and finishes it with `ranking` (its triggers keep the records). */
async function finishInOlder(sqlite: Database.Database, gameId: string, ranking: number[][], users: string[], guildId = 'g'): Promise<void> {
  const { lastInsertRowid: id } = sqlite
    .prepare(
      `INSERT INTO games (guild_id, channel_id, host_id, game_id, options, seed, rules_version, status, created_at, updated_at) VALUES (?, 'c', ?, ?, '{}', 's', 1, 'running', 0, 0)`,
    )
    .run(guildId, users[0], gameId);
  users.forEach((user, seat) =>
    sqlite
      .prepare('INSERT INTO seats (game_id, seat, user_id, display_name, bot_level) VALUES (?, ?, ?, ?, ?)')
      .run(id, seat, user, user, user.startsWith('bot:') ? 'hard' : null),
  );
  const result = JSON.stringify({ scores: users.map(() => 0), ranking });
  sqlite.prepare(`UPDATE games SET status = 'finished', result = ?, finished_at = ? WHERE id = ?`).run(result, (finishedAt += 1000), id);
  await recordFinished(sqlite, Number(id));
}

/** Writes a running game with its seats and finishes it with `ranking`, with the records the store keeps. */
const finish = (h: Dialect, gameId: string, ranking: number[][], users: string[], guildId = 'g') =>
  writeFinished(h, { gameId, ranking, users, guildId, finishedAt: (finishedAt += 1000) });

async function service(): Promise<{ service: GameService; h: Dialect }> {
  const store = await testStore();
  return { service: new GameService(store, games), h: handleOf(store) };
}

describe('statistics of finished games', () => {
  it("counts a user's games, wins and places per game (tied seats share a place and skip the ones they take)", async () => {
    const { service: s, h } = await service();
    await finish(h, 'cartagena', [[0], [1], [2]], ['ann', 'bob', 'cas']);
    await finish(h, 'cartagena', [[2], [0], [1]], ['ann', 'bob', 'cas']);
    await finish(h, 'shanghaien', [[0, 1]], ['bob', 'ann']);
    await finish(h, 'halunken', [[0], [1], [2]], ['bob', 'cas', 'dirk']);
    await finish(h, 'halunken', [[0, 1], [2], [3]], ['ann', 'bob', 'cas', 'dirk']);
    await finish(h, 'cartagena', [[0], [1]], ['ann', 'bob'], 'another server');
    expect(await recordsOf(s, 'g', 'ann')).toEqual([
      { gameId: 'cartagena', played: 2, wins: 1, places: [1, 1] },
      { gameId: 'shanghaien', played: 1, wins: 1, places: [1] },
      { gameId: 'halunken', played: 1, wins: 1, places: [1] },
    ]);
    expect(await recordsOf(s, 'g', 'dirk')).toEqual([{ gameId: 'halunken', played: 2, wins: 0, places: [0, 0, 1, 1] }]);
    expect(await recordsOf(s, 'g', 'nobody')).toEqual([]);
  });

  it('ranks a leaderboard by wins, then average place, then games played, as far as asked', async () => {
    const { service: s, h } = await service();
    await finish(h, 'cartagena', [[0], [1], [2]], ['ann', 'bob', 'cas']);
    await finish(h, 'cartagena', [[1], [0], [2]], ['ann', 'bob', 'cas']);
    await finish(h, 'cartagena', [[0], [1]], ['bob', 'dirk']);
    await finish(h, 'shanghaien', [[0], [1]], ['cas', 'ann']);
    expect((await leaderboard(s, 'g', 'cartagena', 10)).map((r) => [r.userId, r.played, r.wins, r.averagePlace])).toEqual([
      ['bob', 3, 2, 4 / 3],
      ['ann', 2, 1, 1.5],
      ['dirk', 1, 0, 2],
      ['cas', 2, 0, 3],
    ]);
    expect((await leaderboard(s, 'g', 'cartagena', 2)).map((r) => r.userId)).toEqual(['bob', 'ann']);
  });

  it('bots count for the people who played them, and are not ranked themselves', async () => {
    const { service: s, h } = await service();
    await finish(h, 'shanghaien', [[1], [0]], ['anne', 'bot:1']);
    expect(await leaderboard(s, 'g', 'shanghaien', 10)).toEqual([{ userId: 'anne', played: 1, wins: 0, averagePlace: 2, againstBots: { played: 1, wins: 0 } }]);
    expect(await recordsOf(s, 'g', 'anne')).toEqual([{ gameId: 'shanghaien', played: 1, wins: 0, places: [0, 1] }]);
    expect(await recordsOf(s, 'g', 'bot:1')).toEqual([]);
  });

  it('a game that ends by a resignation counts like any other', async () => {
    const { service: s } = await service();
    const lobby = await s.openLobby({
      guildId: 'g',
      channelId: 'c',
      hostId: 'ann',
      hostName: 'ann',
      gameId: 'shanghaien',
      options: {},
      locale: 'en',
      timeLimitMs: null,
    });
    if (!lobby.ok) throw new Error(lobby.refusal);
    await s.join(lobby.value.id, 'bob', 'bob');
    await s.start(lobby.value.id, 'ann');
    expect((await s.resign(lobby.value.id, 'ann')).ok).toBe(true);
    expect((await s.gameRow(lobby.value.id))?.status).toBe('finished');
    expect((await leaderboard(s, 'g', 'shanghaien', 10)).map((r) => [r.userId, r.wins])).toEqual([
      ['bob', 1],
      ['ann', 0],
    ]);
  });

  // An upgrade of an older SQLite file.
  it.skipIf(onPostgres)('the records of games finished before the upgrade are counted when the database is upgraded', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'harbour-stats-')), 'games.sqlite');
    olderDatabase(path, knownSchema().version - 1);
    // Filled as the older version left it, before this version opens it (the records' writes await).
    const older = new Database(path);
    try {
      await finishInOlder(older, 'cartagena', [[0], [1], [2]], ['ann', 'bob', 'cas']);
      await finishInOlder(older, 'cartagena', [[2], [0, 1]], ['ann', 'bob', 'cas']);
      await finishInOlder(older, 'shanghaien', [[1], [0]], ['ann', 'bot:1']);
    } finally {
      older.close();
    }
    const s = new GameService(new Storage(openDatabase(path)), games);
    expect(await recordsOf(s, 'g', 'ann')).toEqual([
      { gameId: 'cartagena', played: 2, wins: 1, places: [1, 1] },
      { gameId: 'shanghaien', played: 1, wins: 0, places: [0, 1] },
    ]);
    expect((await leaderboard(s, 'g', 'cartagena', 10)).map((r) => [r.userId, r.played, r.wins, r.averagePlace])).toEqual([
      ['ann', 2, 1, 1.5],
      ['cas', 2, 1, 2],
      ['bob', 2, 0, 2],
    ]);
    expect((await leaderboard(s, 'g', 'shanghaien', 10))[0]?.againstBots).toEqual({ played: 1, wins: 0 });
  });
});

describe('places', () => {
  it('no game seats more than five, the places the records count', () => {
    for (const def of Object.values(games)) expect(def.maxSeats, def.id).toBeLessThanOrEqual(5);
  });
});
