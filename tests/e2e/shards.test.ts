/**
 * The bot in shards: SHARD_COUNT=auto asks the local Discord (which recommends two), the
 * ShardingManager runs one process per shard, and each shard answers its own guild and keeps its
 * games' deadlines and reminders: nothing is sent twice, nothing is missed. A shard killed
 * mid-game is started again and its game goes on; a shard whose gateway Discord closed for good is
 * not, and the whole set stops.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BotProcess, tempDatabasePath } from './bot-process.js';
import { gameNumber, mentionedUsers, nextBoardPost } from './play.js';
import { endShardRun, shardPids, startShanghaienIn, takeTurnFromPanel, twoShardDiscord } from './shard-play.js';
import type { FakeDiscord, SimUser } from './server/index.js';
import { fatalClose } from '../../src/discord/fatal-close.js';
import { recordedBotOn } from '../../src/db/run-marker.js';
import { inDatabase } from './database-access.js';

const token = 'e2e-token.shards.secret-part';
let discord: FakeDiscord;
let bot: BotProcess;
let databasePath: string;
let anne: SimUser;
let marc: SimUser;

beforeAll(async () => {
  discord = await twoShardDiscord(token);
  databasePath = tempDatabasePath();
  bot = new BotProcess({ ...discord.botEnv(), DATABASE_PATH: databasePath, SHARD_COUNT: 'auto', SCHEDULER_INTERVAL_MS: '200' });
  bot.start();
  await discord.waitForShards(2, { timeoutMs: 60_000 });
  anne = discord.user('anne');
  marc = discord.user('marc');
});

afterAll(() => endShardRun({ bot, discord, token }));

function timeHasCome(gameId: number, column: 'reminder_at' | 'deadline_at'): void {
  return inDatabase(
    databasePath,
    (db) => {
      db.prepare(`UPDATE games SET ${column} = ? WHERE id = ?`).run(Date.now() - 1000, gameId);
    },
    { readonly: false },
  );
}

describe('shards', () => {
  it('two shards in two processes: each guild is served by its own, a killed shard comes back, deadlines and reminders are kept once', async () => {
    expect(discord.botStatus.shardCount).toBe(2);
    const zero = await startShanghaienIn(discord, anne, marc, 'zero-games');
    const one = await startShanghaienIn(discord, anne, marc, 'one-games');
    expect(zero.first.content).toMatch(/your move\./);
    expect(one.first.content).toMatch(/your move\./);

    // Shard 1's process dies mid-game; the manager starts it again and its game goes on.
    const [pid] = shardPids(bot, 1);
    expect(pid).toBeDefined();
    process.kill(pid as number, 'SIGKILL');
    await discord.waitFor(() => (shardPids(bot, 1).length >= 2 ? true : null), { what: 'shard 1 started again', timeoutMs: 60_000 });
    await discord.waitForShards(2, { timeoutMs: 60_000 });
    const [player] = mentionedUsers(one.first, [anne, marc]) as [SimUser];
    // Through the new process: the player takes his turn from his panel, first choice each time.
    await takeTurnFromPanel(player, one.first);
    const after = await nextBoardPost(discord, one.threadId, one.first);
    expect(after.content).toMatch(/your move\./);

    // A reminder in shard 1's guild, a deadline in shard 0's: each once.
    timeHasCome(gameNumber(one.first), 'reminder_at');
    await discord.waitFor(() => discord.messages(one.threadId).find((m) => m.content.includes('half of your time')) ?? null, {
      what: 'the reminder',
      timeoutMs: 15_000,
    });
    timeHasCome(gameNumber(zero.first), 'deadline_at');
    const moved = await nextBoardPost(discord, zero.threadId, zero.first);
    expect(moved.content).toMatch(/time ran out/);
    // Long enough for a second shard to have sent them too, had it owned these games.
    await new Promise((r) => setTimeout(r, 1500));
    expect(discord.messages(one.threadId).filter((m) => m.content.includes('half of your time'))).toHaveLength(1);
    expect(discord.messages(zero.threadId).filter((m) => m.content.includes('time ran out'))).toHaveLength(1);
    // Only the shard of the game's guild took up its deadline.
    const ranOut = bot.logs().filter((l) => l.msg === 'time ran out' && l.game === gameNumber(zero.first));
    expect(ranOut.map((l) => l.shard)).toEqual([0]);
    expect(bot.logs().filter((l) => (l.level as number) >= 50)).toEqual([]);
    discord.assertInteractionsHealthy();
  });

  it('a bot started by hand on the same file, outside the set, refuses; the set stops as one, leaving nothing running', async () => {
    const stray = new BotProcess({ ...discord.botEnv(), DATABASE_PATH: databasePath });
    stray.start();
    expect(await stray.exited(30_000)).toBe(1);
    expect(stray.logs().map((line) => line.msg)).toEqual(['starting']);
    expect(stray.plainLines()).toHaveLength(1);
    expect(stray.plainLines()[0]).toMatch(
      new RegExp(`^Cannot start: another bot is running on the database ${databasePath} \\(process ${bot.pid}, running since [\\d-]+ [\\d:]+ UTC\\)`),
    );
    await discord.waitForShards(2, { timeoutMs: 10_000 });

    expect(await bot.stop()).toBe(0);
    expect(bot.leftovers()).toEqual([]);
  });

  it('a gateway closed for good in one shard stops the whole set, with one line saying what to do; no shard is started again', async () => {
    // A set of its own, alone on the local Discord (the one above stopped; this is for running this test alone).
    await bot.stop();
    const path = tempDatabasePath();
    const set = new BotProcess({ ...discord.botEnv(), DATABASE_PATH: path, SHARD_COUNT: '2' });
    const before = discord.botStatus.identifyCount;
    set.start();
    try {
      await discord.waitFor(() => (discord.botStatus.identifyCount >= before + 2 ? true : null), { what: 'both shards to identify', timeoutMs: 60_000 });
      await discord.waitForShards(2, { timeoutMs: 60_000 });
      const identified = discord.botStatus.identifyCount;

      // The token was reset, as Discord tells one shard: 4004, after which discord.js never reconnects.
      discord.disconnectBot({ shard: 1, code: 4004 });
      expect(await set.exited(30_000), set.output.slice(-20).join('\n')).toBe(1);
      expect(set.leftovers()).toEqual([]);
      // Said once, by the manager, for the whole set.
      const sentence = fatalClose(4004) as string;
      expect(set.output.filter((line) => line.includes(sentence))).toHaveLength(1);
      const fatal = set.logs().filter((line) => (line.level as number) >= 60);
      expect(fatal).toEqual([expect.objectContaining({ shard: 1, code: 4004, msg: sentence })]);
      // Shard 1 was not started again: it started once, and nothing identified after the close.
      expect(set.logs().filter((line) => line.msg === 'starting' && line.shard === 1)).toHaveLength(1);
      expect(discord.botStatus.identifyCount).toBe(identified);
      // Shard 0 was stopped as on SIGTERM, and the manager let the database go.
      expect(
        set
          .logs()
          .filter((line) => line.msg === 'stopping')
          .map((line) => [line.shard, line.signal]),
      ).toEqual(
        expect.arrayContaining([
          [1, 'gateway closed for good'],
          [0, 'SIGTERM'],
        ]),
      );
      expect(recordedBotOn(path)).toBeNull();
    } finally {
      await set.stop();
    }
  });

  it('a set whose token Discord refuses stops at once, instead of starting its shard again and again', async () => {
    discord.revokeBotToken();
    const set = new BotProcess({ ...discord.botEnv(), DATABASE_PATH: tempDatabasePath(), SHARD_COUNT: '2' });
    const since = Date.now();
    set.start();
    try {
      expect(await set.exited(30_000), set.output.slice(-20).join('\n')).toBe(1);
      expect(set.leftovers()).toEqual([]);
      const fatal = set.logs().filter((line) => (line.level as number) >= 60);
      expect(fatal).toEqual([expect.objectContaining({ shard: 0, msg: expect.stringMatching(/^could not log in to Discord; check DISCORD_TOKEN/) })]);
      expect(set.output.filter((line) => line.includes('could not log in to Discord'))).toHaveLength(1);
      // Shard 0 tried once; shard 1, due 5.5 s later, never started.
      expect(
        set
          .logs()
          .filter((line) => line.msg === 'starting')
          .map((line) => line.shard),
      ).toEqual([0]);
      expect(discord.restLog.filter((r) => r.at >= since && r.status === 401)).toHaveLength(1);
    } finally {
      await set.stop();
      discord.restoreBotToken();
    }
  });
});
