/**
 * Identifies spaced for the whole bot through the database (src/discord/identify-throttler.ts): a set
 * of two shard processes on one SQLite file, with Discord's max_concurrency 1 (one bucket). Both
 * processes are killed at once, so the manager starts both again at the same moment: each
 * process's own throttler (discord.js's) would let both identify together, and the local Discord,
 * like Discord, answers the second with INVALID_SESSION (op 9). Through the database's slot the
 * second waits its turn: two identifies, 5 s apart, none refused.
 *
 * Two hosts (SHARD_IDS=0 and SHARD_IDS=1 of SHARD_COUNT=2) on one PostgreSQL database take their
 * slots from the same row, which the unit tests show with two pools (src/db/identify-store.pg.test.ts,
 * src/discord/identify-throttler.test.ts). An end-to-end run of two such hosts waits for the shard
 * leases, which let a second host onto the database; it belongs beside their tests.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BotProcess, tempDatabasePath } from './bot-process.js';
import { endShardRun, shardPids, twoShardDiscord } from './shard-play.js';
import type { FakeDiscord } from './server/index.js';

const token = 'e2e-token.identify-spacing.secret-part';
let discord: FakeDiscord;
let bot: BotProcess;

/** What the local Discord warned of (it runs in this process): refused identifies among them. */
const warnings: string[] = [];

beforeAll(async () => {
  discord = await twoShardDiscord(token);
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => void warnings.push(args.map(String).join(' ')));
  bot = new BotProcess({ ...discord.botEnv(), DATABASE_PATH: tempDatabasePath(), SHARD_COUNT: '2' });
  bot.start();
  await discord.waitForShards(2, { timeoutMs: 60_000 });
});

afterEach(() => {
  expect(bot.logs().filter((l) => (l.level as number) >= 50)).toEqual([]);
});

afterAll(async () => {
  vi.restoreAllMocks();
  await endShardRun({ bot, discord, token });
});

const refused = () => warnings.filter((w) => w.includes('answering INVALID_SESSION'));

describe("identify spacing (max_concurrency 1, the local Discord's default)", () => {
  it('two shard processes started at the same moment identify one after the other, 5 s apart, none refused', async () => {
    const before = discord.botStatus.identifyCount;
    const refusedBefore = refused().length;
    const pids = [0, 1].map((shard) => shardPids(bot, shard).at(-1) as number);
    const killedAt = Date.now();
    for (const pid of pids) process.kill(pid, 'SIGKILL');
    await discord.waitFor(() => (shardPids(bot, 0).length >= 2 && shardPids(bot, 1).length >= 2 ? true : null), {
      what: 'both shards started again',
      timeoutMs: 60_000,
    });
    await discord.waitFor(() => (discord.botStatus.identifyCount >= before + 2 ? true : null), { what: 'both shards to identify', timeoutMs: 60_000 });
    const sessions = await discord.waitForShards(2, { timeoutMs: 60_000 });

    expect(refused().slice(refusedBefore)).toEqual([]);
    expect(discord.botStatus.identifyCount).toBe(before + 2);
    const identified = sessions.map((s) => s.identifiedAt).sort((a, b) => a - b) as [number, number];
    expect(identified[0]).toBeGreaterThan(killedAt);
    expect(identified[1] - identified[0]).toBeGreaterThanOrEqual(5000);
    // The one that waited said so, naming its bucket (the first too, had the last identify before the kill been within 5 s).
    const waited = bot.logs().filter((l) => l.msg === 'waiting for the identify slot of its bucket' && (l.time as number) >= killedAt);
    expect(waited.length).toBeGreaterThanOrEqual(1);
    for (const line of waited) expect(line).toMatchObject({ bucket: 0, waitMs: expect.any(Number) });
  });
});
