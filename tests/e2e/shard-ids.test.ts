/**
 * A host that runs part of the shards (SHARD_COUNT over every host, SHARD_IDS its own, on
 * PostgreSQL): it identifies its own shard only, serves that shard's server, and never opens a
 * session for a shard another host runs. SIGTERM stops it, leaving nothing running.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BotProcess } from './bot-process.js';
import { endShardRun, startShanghaienIn, twoShardDiscord } from './shard-play.js';
import type { FakeDiscord } from './server/index.js';
import { createTestDatabase } from '../support/postgres/database.js';

const token = 'e2e-token.shard-ids.secret-part';
let discord: FakeDiscord;
let bot: BotProcess;
let url: string;

beforeAll(async () => {
  discord = await twoShardDiscord(token);
  url = await createTestDatabase();
  bot = new BotProcess({ ...discord.botEnv(), DATABASE_URL: url, DATABASE_POOL_SIZE: '3', SHARD_COUNT: '2', SHARD_IDS: '1' });
  bot.start();
  await discord.waitFor(() => (discord.shardSessions().some((s) => s.shard[0] === 1 && s.shard[1] === 2 && s.ready) ? true : null), {
    what: 'shard 1 of 2 ready',
    timeoutMs: 60_000,
  });
});

afterAll(() => endShardRun({ bot, discord, token, url }));

describe('a host given part of the shards', () => {
  it("identifies its own shard only and serves that shard's server", async () => {
    const one = await startShanghaienIn(discord, discord.user('anne'), discord.user('marc'), 'one-games');
    expect(one.first.content).toMatch(/your move\./);
    // Shard 0 is another host's: no session for it, however long this host has run.
    expect(discord.shardSessions().map((s) => s.shard)).toEqual([[1, 2]]);
    const started = bot.logs().find((line) => line.msg === 'starting shards');
    expect(started).toMatchObject({ shards: 2, here: [1] });
    expect(bot.logs().filter((l) => (l.level as number) >= 50)).toEqual([]);
    discord.assertInteractionsHealthy();
  });

  it('stops on SIGTERM with nothing left running', async () => {
    expect(await bot.stop()).toBe(0);
    expect(bot.leftovers()).toEqual([]);
  });
});
