/**
 * The big server the e2e test and the bench build (tests/support/big-server.ts) is a database the
 * bot could have written: what the store writes as its games finish is what it holds,
 * its stored logs replay to their states, and nothing is owed to Discord.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBigServer, type BigServer } from '../support/big-server.js';
import { recordFinished } from '../support/finished-records.js';
import { inOneWrite } from '../support/one-write.js';
import { openDatabase } from '../../src/db/connection.js';
import { Storage } from '../../src/db/storage.js';
import { GameService } from '../../src/service/game-service.js';
import { games } from '../../src/games/index.js';

const GUILD = '900000000000000001';

describe('the big server', () => {
  const path = join(mkdtempSync(join(tmpdir(), 'harbour-big-')), 'games.sqlite');
  let built: BigServer;
  beforeAll(async () => {
    built = await buildBigServer(path, { guildId: GUILD, channelId: '900000000000000002', games: 1_200, members: 200, regulars: [{ id: '42', name: 'Anne' }] });
  }, 60_000);
  afterAll(() => rmSync(dirname(path), { recursive: true, force: true }));

  it('holds what the store writes as a game finishes: the players records, no seat left active', async () => {
    const db = new Database(path);
    try {
      const records = () => db.prepare('SELECT * FROM player_records ORDER BY guild_id, game_id, user_id').all();
      const written = records();
      expect(written.length).toBeGreaterThan(100);
      expect(db.prepare('SELECT count(*) AS n FROM seats WHERE active = 1').get()).toEqual({ n: 0 });
      // Play every game's ending again through the store's own rules, from nothing, in the order they finished.
      await inOneWrite(db, async () => {
        db.exec(`DELETE FROM player_records; UPDATE seats SET active = 1;`);
        const ids = db.prepare('SELECT id FROM games ORDER BY finished_at, id').pluck().all() as number[];
        for (const id of ids) await recordFinished(db, id);
      });
      expect(records()).toEqual(written);
      expect(db.prepare('SELECT count(*) AS n FROM seats WHERE active = 1').get()).toEqual({ n: 0 });
    } finally {
      db.close();
    }
  });

  it('has every game finished in one server, its players among the members, the first regular in many games, a bot at some tables', () => {
    const db = new Database(path, { readonly: true });
    try {
      expect(db.prepare('SELECT guild_id, status, count(*) AS n FROM games GROUP BY 1, 2').all()).toEqual([{ guild_id: GUILD, status: 'finished', n: 1_200 }]);
      const seats = db.prepare('SELECT user_id FROM seats').all() as { user_id: string }[];
      expect(seats).toHaveLength(built.seats);
      const members = new Set([...built.members, 'bot:1']);
      expect(seats.filter((s) => !members.has(s.user_id))).toEqual([]);
      expect(seats.filter((s) => s.user_id === '42').length).toBeGreaterThan(100);
      expect(seats.filter((s) => s.user_id === 'bot:1').length).toBeGreaterThan(50);
      expect(db.prepare('SELECT count(DISTINCT game_id) AS n FROM games').get()).toEqual({ n: Object.keys(games).length });
    } finally {
      db.close();
    }
  });

  it('owes Discord nothing, and the games with a stored log replay to their stored state and result', async () => {
    const db = openDatabase(path);
    try {
      const store = new Storage(db);
      expect(await store.posts.owing()).toEqual([]);
      const service = new GameService(store, games);
      for (const id of Object.values(built.withLog)) {
        const game = await service.load(id);
        expect(game?.row.version).toBeGreaterThan(0);
        expect(await store.log.actionsOf(id)).toHaveLength(game?.row.version as number);
        const replayed = await service.replay(id);
        expect(replayed).toEqual(game?.state);
        expect(game?.def.result(replayed)).toEqual(game?.row.result);
      }
    } finally {
      db.$client.close();
    }
  });
});
