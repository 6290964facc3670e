/**
 * A set of shards on PostgreSQL: the manager holds the one-bot lock for its set and records the
 * set; each shard opens the database without the lock, checks that it is its set's, and serves its
 * own guild. A shard killed mid-game comes back and the game goes on; a bot started by hand on the
 * same database is refused; SIGTERM stops the whole set, leaving nothing running and the
 * database free for the next start.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BotProcess } from './bot-process.js';
import { mentionedUsers, nextBoardPost } from './play.js';
import { endShardRun, shardPids, startShanghaienIn, takeTurnFromPanel, twoShardDiscord } from './shard-play.js';
import type { FakeDiscord, SimUser } from './server/index.js';
import { createTestDatabase } from '../support/postgres/database.js';

const token = 'e2e-token.postgres-shards.secret-part';
let discord: FakeDiscord;
let bot: BotProcess;
let url: string;
let anne: SimUser;
let marc: SimUser;

beforeAll(async () => {
  discord = await twoShardDiscord(token);
  url = await createTestDatabase();
  bot = new BotProcess({ ...discord.botEnv(), DATABASE_URL: url, DATABASE_POOL_SIZE: '3', SHARD_COUNT: 'auto' });
  bot.start();
  await discord.waitForShards(2, { timeoutMs: 60_000 });
  anne = discord.user('anne');
  marc = discord.user('marc');
});

afterAll(() => endShardRun({ bot, discord, token, url }));

describe('shards on PostgreSQL', () => {
  it('each guild is served by its own shard, and a killed shard comes back to its game', async () => {
    const zero = await startShanghaienIn(discord, anne, marc, 'zero-games');
    const one = await startShanghaienIn(discord, anne, marc, 'one-games');
    expect(zero.first.content).toMatch(/your move\./);
    expect(one.first.content).toMatch(/your move\./);
    const [pid] = shardPids(bot, 1);
    process.kill(pid as number, 'SIGKILL');
    await discord.waitFor(() => (shardPids(bot, 1).length >= 2 ? true : null), { what: 'shard 1 started again', timeoutMs: 60_000 });
    await discord.waitForShards(2, { timeoutMs: 60_000 });
    const [player] = mentionedUsers(one.first, [anne, marc]) as [SimUser];
    await takeTurnFromPanel(player, one.first);
    expect((await nextBoardPost(discord, one.threadId, one.first)).content).toMatch(/your move\./);
    expect(bot.logs().filter((l) => (l.level as number) >= 50)).toEqual([]);
    discord.assertInteractionsHealthy();
  });

  it('refuses a bot started by hand on the same database; SIGTERM stops the set and frees the database', async () => {
    const stray = new BotProcess({ ...discord.botEnv(), DATABASE_URL: url });
    stray.start();
    expect(await stray.exited(30_000)).toBe(1);
    expect(stray.plainLines().join('\n')).toMatch(/is in use by another bot/);
    await discord.waitForShards(2, { timeoutMs: 10_000 });
    expect(await bot.stop()).toBe(0);
    expect(bot.leftovers()).toEqual([]);
    // The lock went with the manager, and its record of the set with it.
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const held = await client.query(`SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND granted AND objid = 2 AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`);
      expect(held.rowCount).toBe(0);
      const recorded = await client.query(`SELECT key FROM bot_state WHERE key LIKE 'running%'`);
      expect(recorded.rows).toEqual([]);
    } finally {
      await client.end();
    }
  });
});
