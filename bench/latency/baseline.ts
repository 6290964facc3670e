/**
 * The baseline: a bare discord.js bot (bare-bot.ts, its own process) on a fake Discord with the
 * same settings, clicked on the same schedule and in the same shape as our games: 20 messages
 * ("tables") with 3 users each, every table alternating a click answered by a new ephemeral reply
 * (like "Open my panel") and one answered by updating the message (like a move).
 */
import { startFakeDiscord, type FakeDiscordOptions, type SimUser } from '../../tests/e2e/server/index.js';
import { ChildBot } from './child.js';
import { openLoop, timedClick, type Sample } from './common.js';

export interface BaselineOptions {
  server: FakeDiscordOptions;
  tables: number;
  ratePerSecond: number;
  warmupMs: number;
  durationMs: number;
}

export interface BaselineResult {
  samples: Sample[];
  maxLagMs: number;
  wallMs: number;
  botCpuSeconds: number | null;
  problems: string[];
}

export async function measureBaseline(options: BaselineOptions): Promise<BaselineResult> {
  const discord = await startFakeDiscord(options.server);
  const bot = new ChildBot('bench/latency/bare-bot.mjs', { ...discord.botEnv(), DISCORD_DEV_GUILD_ID: discord.guild.id });
  try {
    bot.start();
    await bot.whileRunning(discord.waitForBotReady().then(() => discord.waitForCommands(['bench'])));

    const tables = await Promise.all(
      Array.from({ length: options.tables }, async (_, i) => {
        const users = ['a', 'b', 'c'].map((seat) => discord.user(`t${i}${seat}`));
        const posted = await (users[0] as SimUser).slash('bench');
        if (!posted.message) throw new Error('the bare bot did not answer /bench with a message');
        return { users, message: posted.message };
      }),
    );

    // Tick n: table n mod 20; each table's clicks alternate reply / update and rotate its users.
    const fire = (n: number): Promise<Sample> => {
      const table = tables[n % tables.length] as (typeof tables)[number];
      const round = Math.floor(n / tables.length);
      const user = table.users[round % table.users.length] as SimUser;
      const kind = round % 2 === 0 ? 'reply' : 'update';
      return timedClick(discord, kind, () => user.click(table.message, { label: kind === 'reply' ? 'Reply' : 'Update' })).then((r) => r.sample);
    };

    await openLoop(options.ratePerSecond, options.warmupMs, fire);
    const cpuBefore = bot.cpuSeconds();
    const run = await openLoop(options.ratePerSecond, options.durationMs, fire);
    const cpuAfter = bot.cpuSeconds();
    const problems = discord.interactionProblems().map((p) => `[${p.kind}] ${p.label}: ${p.detail}`);
    return {
      samples: run.samples,
      maxLagMs: run.maxLagMs,
      wallMs: run.wallMs,
      botCpuSeconds: cpuBefore !== null && cpuAfter !== null ? cpuAfter - cpuBefore : null,
      problems,
    };
  } finally {
    await bot.stop();
    await discord.stop();
  }
}
