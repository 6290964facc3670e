/**
 * Close codes after which discord.js never reconnects (4010-4014, as 4004 for a reset token): the
 * bot stops with one line saying what to do and a non-zero exit, for a process manager to restart
 * it, instead of staying up deaf while its clock acts for players it cannot hear.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness.js';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness('gateway-close', ['anne']);
});

afterAll(async () => {
  await harness?.stop();
});

const cases: [number, RegExp][] = [
  [4010, /refused the shard .*close code 4010.*SHARD_COUNT/],
  [4011, /requires this bot to connect in shards .*close code 4011.*SHARD_COUNT=auto/],
  [4012, /gateway version .*close code 4012.*upgrade the bot/],
  [4013, /intents .*close code 4013.*upgrade the bot/],
  [4014, /privileged gateway intent \(close code 4014\)/],
];

describe('a gateway closed for good', () => {
  /** The harness starts the bot connected; each case ends it. */
  let connected = true;
  for (const [code, sentence] of cases) {
    it(`close code ${code} stops the bot with one line saying what to do`, async () => {
      const { discord, bot } = harness;
      if (!connected) {
        const identified = discord.botStatus.identifyCount;
        bot.start();
        await discord.waitForBotReady({ afterIdentifyCount: identified });
      }
      const before = bot.logs().length;
      discord.disconnectBot({ code });
      expect(await bot.exited(20_000)).toBe(1);
      connected = false;
      const fatal = bot
        .logs()
        .slice(before)
        .filter((line) => (line.level as number) >= 60);
      expect(fatal).toEqual([expect.objectContaining({ code, msg: expect.stringMatching(sentence) })]);
    });
  }
});
