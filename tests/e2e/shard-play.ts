/**
 * What the end-to-end tests of shards share, on either store (shards.test.ts,
 * postgres-shards.test.ts, shard-ids.test.ts): the local Discord with a guild on each of two
 * shards, a timed game opened in a guild's channel, each shard's processes, a turn taken from the
 * panel through whichever process serves the guild now, and the checks when the bot has stopped.
 */
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'vitest';
import { RUNTIME_ENV } from '../../src/runtime-env.js';
import { dropTestDatabase } from '../support/postgres/database.js';
import type { BotProcess } from './bot-process.js';
import { TWO_SHARD_GUILDS } from './harness.js';
import { assertLogHygiene, secretsOf } from './log-hygiene.js';
import { choicesOf, makeChoice, nextBoardPost } from './play.js';
import { startFakeDiscord, type FakeDiscord, type FakeDiscordOptions, type SimUser, type StoredMessage } from './server/index.js';

/**
 * The local Discord with a guild on each of two shards (it recommends two), the bot's commands
 * registered globally, as `npm run deploy-commands` does for a bot in many servers.
 */
export function twoShardDiscord(botToken: string): Promise<FakeDiscord> {
  return shardedDiscord({ botToken, guilds: TWO_SHARD_GUILDS, sharding: { recommendedShards: 2 } });
}

/** The local Discord with these options (guilds on several shards), the bot's commands registered globally. */
export async function shardedDiscord(options: FakeDiscordOptions): Promise<FakeDiscord> {
  const discord = await startFakeDiscord(options);
  // Not execFileSync: the local Discord runs in this process and must answer meanwhile.
  await promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/discord/deploy-commands.ts'], {
    cwd: resolve(import.meta.dirname, '../..'),
    env: { PATH: process.env.PATH ?? '', ...RUNTIME_ENV, ...discord.botEnv() },
  });
  return discord;
}

/**
 * After a file's tests: the bot stopped, the local Discord stopped, and the bot's output checked
 * for the token and other secrets (and, on PostgreSQL, the database's password) before the
 * database of `url` is dropped.
 */
export async function endShardRun(run: { bot?: BotProcess; discord?: FakeDiscord; token: string; url?: string }): Promise<void> {
  const { bot, discord, token, url } = run;
  await bot?.stop();
  if (discord) {
    const secrets = secretsOf(discord, token);
    await discord.stop();
    const password = url ? decodeURIComponent(new URL(url).password) : '';
    if (bot && password) expect(bot.output.join('\n')).not.toContain(password);
    if (bot) assertLogHygiene(bot.output, secrets);
  }
  if (url) await dropTestDatabase(url);
}

/** Opens a Shanghaien game with a time limit in a channel (`host` hosts, `guest` joins): its thread and first post. */
export async function startShanghaienIn(
  discord: FakeDiscord,
  host: SimUser,
  guest: SimUser,
  channel: string,
): Promise<{ threadId: string; first: StoredMessage }> {
  const channelId = discord.channel(channel).id;
  const opened = await host.slash('game', { subcommand: 'new', channelId, options: { game: 'shanghaien', time_limit: '1d' } });
  let lobby = opened.message as StoredMessage;
  lobby = (await guest.click(lobby, { label: 'Join' })).message as StoredMessage;
  const started = await host.click(lobby, { label: 'Start' });
  const thread = await discord.waitForThread((th) => th.id === started.message?.id);
  return { threadId: thread.id, first: await nextBoardPost(discord, thread.id, undefined) };
}

/** The pid each start of a shard's process logged, newest last. */
export const shardPids = (bot: BotProcess, shard: number): number[] =>
  bot
    .logs()
    .filter((l) => l.msg === 'starting' && l.shard === shard && typeof l.pid === 'number')
    .map((l) => l.pid as number);

/** The player takes his turn from his panel, the first choice each time. */
export async function takeTurnFromPanel(player: SimUser, post: StoredMessage): Promise<void> {
  let panel = (await player.click(post, { prefix: 'panel:' })).message as StoredMessage;
  for (let step = 0; step < 8 && panel.content.includes("It's your turn"); step++) {
    const [choice] = choicesOf(panel);
    if (!choice) break;
    panel = (await makeChoice(player, panel, choice)).message as StoredMessage;
  }
}
