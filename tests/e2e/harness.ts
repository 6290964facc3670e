import { afterAll, beforeAll } from 'vitest';
import { BotProcess, tempDatabasePath, type StartCommand } from './bot-process.js';
import { assertLogHygiene, secretsOf } from './log-hygiene.js';
import { startFakeDiscord, type FakeDiscord, type GuildSpec, type SimUser } from './server/index.js';
import { inDatabase } from './database-access.js';
import { seedGames } from './seed.js';

/** Moves a game's deadline in the bot's database, as if that time had come (or not yet). */
export function setDeadline(databasePath: string, id: number, at: number): void {
  return inDatabase(
    databasePath,
    (db) => {
      db.prepare('UPDATE games SET deadline_at = ? WHERE id = ?').run(at, id);
    },
    { readonly: false },
  );
}

/** Two servers, one for each of two shards, each with a channel for games. */
export const TWO_SHARD_GUILDS: GuildSpec[] = [
  { name: 'Shard zero', shard: [0, 2], channels: ['zero-games'] },
  { name: 'Shard one', shard: [1, 2], channels: ['one-games'] },
];

/** The local Discord, the real bot process connected to it with a fresh database, and some users. */
export interface Harness {
  discord: FakeDiscord;
  bot: BotProcess;
  users: SimUser[];
  /** The bot's token, which must never appear in its output. */
  token: string;
  /** The bot's database file, for tests that play the clock forward by editing it. */
  databasePath: string;
  /** Stops the bot and the server, then fails if the bot ever printed a secret (see log-hygiene.ts). */
  stop(): Promise<void>;
}

/** A user of the local Discord: his name, or his name and the language his client speaks. */
export type UserSpec = string | { username: string; locale: string };

/**
 * Starts a local Discord-compatible server and the bot against it, and waits until the bot is
 * online with its commands registered. `name` makes the bot token unique per test file.
 */
export async function startHarness(
  name: string,
  usernames: readonly UserSpec[],
  options: {
    env?: Record<string, string>;
    guildLocale?: string;
    userLocale?: string;
    guilds?: GuildSpec[];
    /** Writes the bot's database before it starts (it starts on a fresh one otherwise), knowing the local Discord's servers and users. */
    prepareDatabase?: (path: string, discord: FakeDiscord) => void | Promise<void>;
    /** How to start the bot: its build with plain Node by default (see BotProcess). */
    command?: StartCommand['command'];
    /** The privileged intents enabled for the application (the local Discord's option). */
    privilegedIntents?: number;
  } = {},
): Promise<Harness> {
  const token = `e2e-token.${name}.secret-part`;
  const guilds = options.guilds ?? (options.guildLocale ? [{ locale: options.guildLocale }] : undefined);
  const discord = await startFakeDiscord({
    botToken: token,
    ...(guilds ? { guilds } : {}),
    ...(options.privilegedIntents ? { privilegedIntents: options.privilegedIntents } : {}),
  });
  const env = options.env ?? {};
  const databasePath = tempDatabasePath();
  try {
    await options.prepareDatabase?.(databasePath, discord);
  } catch (error) {
    await discord.stop();
    throw error;
  }
  const bot = new BotProcess(
    { ...discord.botEnv(), DISCORD_DEV_GUILD_ID: discord.guild.id, DATABASE_PATH: databasePath, ...env },
    options.command ? { command: options.command } : {},
  );
  bot.start();
  await discord.waitForBotReady();
  await discord.waitForCommands(['game', 'games', 'rules', 'stats', 'leaderboard', 'profile', 'settings']);
  // Where the bot keeps its games: a test may choose the file itself. (On PostgreSQL there is no file to seed.)
  if (!env.DATABASE_URL) seedGames(env.DATABASE_PATH ?? databasePath);
  return {
    discord,
    bot,
    users: usernames.map((user) =>
      typeof user === 'string'
        ? discord.user(user, options.userLocale ? { locale: options.userLocale } : {})
        : discord.user(user.username, { locale: user.locale }),
    ),
    token,
    databasePath,
    async stop() {
      await bot.stop();
      // The output holds every line since the first start, restarts included.
      const secrets = secretsOf(discord, token);
      await discord.stop();
      assertLogHygiene(bot.output, secrets);
    },
  };
}

/** What startHarness takes, and what is done once the harness has stopped (dropping its database, removing or unmounting its folder). */
export type HarnessOptions = NonNullable<Parameters<typeof startHarness>[2]> & {
  /** Run after the bot and the local Discord stopped, also when the start or the stop failed. */
  afterStop?: () => void | Promise<void>;
};

/**
 * The harness of a test file, as nearly every e2e file has it: started before the file's tests and
 * stopped after them. Its fields are filled once the file's first beforeAll has run: read them in
 * tests and later hooks. Its users come in the order given. Options known only then (a database
 * made for the file, a folder mounted for it) come from a function, called in that beforeAll.
 */
export function useHarness<const U extends readonly UserSpec[]>(
  name: string,
  usernames: U,
  options?: HarnessOptions | (() => HarnessOptions | Promise<HarnessOptions>),
): Harness & { users: { [K in keyof U]: SimUser } } {
  const harness = {} as Harness & { users: { [K in keyof U]: SimUser } };
  let resolved: HarnessOptions | undefined;
  beforeAll(async () => {
    resolved = typeof options === 'function' ? await options() : options;
    Object.assign(harness, await startHarness(name, usernames, resolved));
  });
  afterAll(async () => {
    try {
      if ('stop' in harness) await harness.stop();
    } finally {
      await resolved?.afterStop?.();
    }
  });
  return harness;
}
