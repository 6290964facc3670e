/**
 * The measured bot as bench/memory.ts starts and reads it: built to dist/ and run by plain Node as
 * the Docker image runs it, its resident memory and peak (VmRSS, VmHWM), the processes it started,
 * and the bot on an empty database for comparison.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { startFakeDiscord, type FakeDiscord } from '../../tests/e2e/server/index.js';
import { builtBot, ChildBot } from '../latency/child.js';

export interface Reading {
  rssKiB: number;
  peakKiB: number;
}

/** Every process started by `pid`, at any depth (e.g. the esbuild service tsx starts). */
export function descendants(pid: number): number[] {
  const found: number[] = [];
  const visit = (p: number) => {
    let tasks: string[];
    try {
      tasks = readdirSync(`/proc/${p}/task`);
    } catch {
      return;
    }
    for (const task of tasks) {
      let children: number[] = [];
      try {
        children = readFileSync(`/proc/${p}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
      } catch {
        // the thread ended meanwhile
      }
      for (const child of children) {
        found.push(child);
        visit(child);
      }
    }
  };
  visit(pid);
  return found;
}

export const fileSize = (path: string) => {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
};

export const botEnv = (discord: FakeDiscord, databasePath: string) => ({
  ...discord.botEnv(),
  DISCORD_DEV_GUILD_ID: discord.guild.id,
  DATABASE_PATH: databasePath,
  LOG_LEVEL: 'info',
  NODE_ENV: 'production', // as the Docker image runs it
});

export function reading(bot: ChildBot): Reading {
  const m = bot.memoryKiB();
  if (!m) throw new Error(`cannot read the bot's memory (pid ${bot.pid}):\n${bot.tail()}`);
  return { rssKiB: m.rss, peakKiB: m.peak };
}

/** Starts the bot, waits until it is connected with its commands registered and has settled. */
export async function startBot(bot: ChildBot, discord: FakeDiscord): Promise<void> {
  bot.start();
  await bot.whileRunning(discord.waitForBotReady().then(() => discord.waitForCommands(['game', 'games', 'rules'])));
  // The start-up catch-up follows the command registration (with nothing to post here: every
  // stored game is marked as posted); give it a moment before reading.
  await new Promise((resolve) => setTimeout(resolve, 1500));
}

/** The bot on an empty database of its own (a SQLite file, or the PostgreSQL database of `databaseUrl`) and a fresh fake Discord: what it holds before any game. */
export async function measureEmpty(dataDir: string, databaseUrl?: string): Promise<Reading> {
  const discord = await startFakeDiscord({ botToken: 'bench-memory-empty.token' });
  const bot = new ChildBot(builtBot(), { ...botEnv(discord, join(dataDir, 'empty.sqlite')), ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
  try {
    await startBot(bot, discord);
    return reading(bot);
  } finally {
    await bot.stop();
    await discord.stop();
  }
}
