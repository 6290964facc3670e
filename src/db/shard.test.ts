import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openDatabase } from './connection.js';
import { Storage } from './storage.js';
import { games } from './schema.js';
import { handleOf, onPostgres, testStore } from '../../tests/support/test-store.js';
import { inShard, shardKeyOf, shardOfGuild } from './shard.js';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { olderDatabase } from '../../tests/support/older-database.js';
import { testLobby } from '../../tests/support/store-fixtures.js';

/** Migrations 0000 to 0017: games without their shard key. */
const BEFORE_SHARD_KEYS = 18;

/** A snowflake of a guild on shard `shard` of `count`: its timestamp bits carry the rest. */
const guildOn = (shard: number, count: number, n = 1) => String(((BigInt(n) * BigInt(count) + BigInt(shard)) << 22n) | 12345n);

describe('shards', () => {
  it('puts a guild on shard (id >> 22) % count, as Discord does', async () => {
    expect(shardOfGuild('81384788765712384', 1)).toBe(0);
    expect(shardOfGuild('81384788765712384', 2)).toBe(Number((81384788765712384n >> 22n) % 2n));
    expect(shardOfGuild(guildOn(3, 5), 5)).toBe(3);
    expect(shardOfGuild('not-a-snowflake', 4)).toBe(0);
  });

  it('the SQL condition agrees with the rule for any snowflake', async () => {
    const store = await testStore();
    const { db, t } = handleOf(store);
    await fc.assert(
      fc.asyncProperty(fc.bigInt({ min: 1n << 22n, max: (1n << 63n) - 1n }), fc.integer({ min: 2, max: 16 }), async (snowflake, count) => {
        const lobby = await store.createLobby(testLobby({ guildId: String(snowflake) }));
        const shard = shardOfGuild(String(snowflake), count);
        for (let id = 0; id < count; id++) {
          const found = (await db.select({ id: t.games.id }).from(t.games).where(inShard({ id, count }, t.games))).some((r) => r.id === lobby.id);
          expect(found).toBe(id === shard);
        }
        await db.delete(t.games).where(eq(t.games.id, lobby.id));
      }),
      { numRuns: 60 },
    );
  });

  // An upgrade of an older SQLite file (a PostgreSQL database starts with the key stored).
  it.skipIf(onPostgres)('gives the games written before their shard key was stored the key the shift in SQL gave them', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'harbour-shard-')), 'games.sqlite');
    const guilds = [guildOn(0, 3), guildOn(1, 3, 9), guildOn(2, 3, 4), '9223372036854775807', 'not-a-snowflake'];
    olderDatabase(path, BEFORE_SHARD_KEYS, (sqlite) => {
      const insert = sqlite.prepare(
        `INSERT INTO games (guild_id, channel_id, host_id, game_id, options, seed, rules_version, created_at, updated_at) VALUES (?, 'c', 'h', 'cartagena', '{}', 's', 1, 0, 0)`,
      );
      for (const guildId of guilds) insert.run(guildId);
    });
    const db = openDatabase(path);
    const rows = db.select({ id: games.id, guildId: games.guildId, shardKey: games.shardKey }).from(games).all();
    expect(rows.map((r) => r.shardKey)).toEqual(guilds.map(shardKeyOf));
    for (let id = 0; id < 3; id++) {
      const found = db
        .select({ guildId: games.guildId })
        .from(games)
        .where(inShard({ id, count: 3 }))
        .all()
        .map((r) => r.guildId);
      expect(found).toEqual(guilds.filter((g) => shardOfGuild(g, 3) === id));
    }
  });

  it('a shard’s store looks after its own guilds’ games only: deadlines, reminders, posts owed, notices, bots, downtime', async () => {
    const all = await testStore(() => 1000);
    const h = handleOf(all);
    const open = async (guildId: string) => {
      const lobby = await all.createLobby(testLobby({ guildId, timeLimitMs: 60_000 }));
      await all.join(lobby.id, 'bot:1', 'Bot Bram', 5, 'normal');
      await all.start(lobby.id, {}, { waitingSince: 0, deadlineAt: 500, reminderAt: 250 });
      await all.notices.add(lobby.id, 'more time', []);
      return lobby.id;
    };
    const [a, b] = [await open(guildOn(0, 2)), await open(guildOn(1, 2, 7))];
    const shards = [0, 1].map((id) => new Storage(h, () => 1000, { id, count: 2 }));
    const ids = (rows: { id: number }[]) => rows.map((r) => r.id);
    for (const [shard, mine] of [
      [0, a],
      [1, b],
    ] as const) {
      const store = shards[shard] as Storage;
      expect(ids(await store.waits.dueDeadlines(1000))).toEqual([mine]);
      expect(ids(await store.waits.dueReminders(1000))).toEqual([mine]);
      expect(await store.posts.owing()).toEqual([mine]);
      expect(await store.openGames.runningWithBots()).toEqual([mine]);
      expect((await store.notices.pending()).map((n) => n.gameId)).toEqual([mine]);
      // Any game can still be read and played by id: the shard only limits what it takes up unasked.
      expect((await store.get(a))?.id).toBe(a);
    }
    expect(ids(await all.waits.dueDeadlines(1000))).toEqual([a, b]);
    // Time given back after a shard was down goes to its own games only.
    expect(await (shards[1] as Storage).waits.extendAllWaits(100)).toBe(1);
    expect([(await all.get(a))?.deadlineAt, (await all.get(b))?.deadlineAt]).toEqual([500, 600]);
  });
});
