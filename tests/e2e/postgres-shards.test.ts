/**
 * A set of shards on PostgreSQL: each shard takes its shard's lease and serves its own guild. A
 * shard killed mid-game comes back (once its lease has run out) and the game goes on; a bot
 * started by hand on the same database with another shard count is refused; SIGTERM stops the
 * whole set, leaving nothing running and every lease given up for the next start.
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
  bot = new BotProcess({ ...discord.botEnv(), DATABASE_URL: url, DATABASE_POOL_SIZE: '3', SHARD_COUNT: 'auto', SHARD_LEASE_SECONDS: '5' });
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

  it('refuses a bot started by hand on the same database with another shard count; SIGTERM stops the set and gives up its leases', async () => {
    const stray = new BotProcess({ ...discord.botEnv(), DATABASE_URL: url });
    stray.start();
    expect(await stray.exited(30_000)).toBe(1);
    expect(stray.plainLines().join('\n')).toMatch(
      /^Cannot start: the database is in use by a host running 2 shards \(.+ holds shard [01]\), and this one was told SHARD_COUNT=1; every host of one bot needs the same SHARD_COUNT/m,
    );
    await discord.waitForShards(2, { timeoutMs: 10_000 });
    expect(await bot.stop()).toBe(0);
    expect(bot.leftovers()).toEqual([]);
    // Each shard gave its lease up on stopping: the next start takes them at once.
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const live = await client.query(`SELECT shard FROM shard_leases WHERE expires_at > (extract(epoch from clock_timestamp()) * 1000)::bigint`);
      expect(live.rows).toEqual([]);
      const all = await client.query<{ shard: number }>(`SELECT shard FROM shard_leases ORDER BY shard`);
      expect(all.rows.map((row) => row.shard)).toEqual([0, 1]);
    } finally {
      await client.end();
    }
  });
});
