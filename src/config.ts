import { existsSync } from 'node:fs';
import { z } from 'zod';

const schema = z.object({
  DISCORD_TOKEN: z.string().min(1),
  DISCORD_APPLICATION_ID: z.string().regex(/^\d+$/).optional(),
  /** Commands are registered to this server at start (instant), handy for development. */
  DISCORD_DEV_GUILD_ID: z.string().regex(/^\d+$/).optional(),
  DATABASE_PATH: z.string().min(1).default('./data/games.sqlite'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Another Discord-compatible API, e.g. the local test server: http://127.0.0.1:PORT/api */
  DISCORD_API_BASE: z.url().optional(),
  /** How often reminders and deadlines are checked, in ms (30 s; the tests use less). */
  SCHEDULER_INTERVAL_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
});

export type Config = z.infer<typeof schema>;

/** What to tell a user for each setting that is missing or wrong. */
const help: Record<string, string> = {
  DISCORD_TOKEN:
    'DISCORD_TOKEN is not set. Create an application at https://discord.com/developers/applications, open "Bot", press "Reset Token" and put the token in .env as DISCORD_TOKEN=... (see README.md).',
  DISCORD_APPLICATION_ID: 'DISCORD_APPLICATION_ID must be the numeric "Application ID" from the General Information page of your application.',
  DISCORD_DEV_GUILD_ID: 'DISCORD_DEV_GUILD_ID must be a numeric server id (enable Developer Mode in Discord, right-click the server, Copy Server ID).',
  LOG_LEVEL: 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent.',
  DISCORD_API_BASE: 'DISCORD_API_BASE must be a URL such as http://127.0.0.1:8080/api.',
  SCHEDULER_INTERVAL_MS: 'SCHEDULER_INTERVAL_MS must be a number of milliseconds between 100 and 600000.',
};

export class ConfigError extends Error {}

/** Reads .env (if present) and the environment; throws ConfigError naming each bad setting. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, envFile = '.env'): Config {
  if (env === process.env && existsSync(envFile)) process.loadEnvFile(envFile);
  const blanksRemoved = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(blanksRemoved);
  if (parsed.success) return parsed.data;
  const names = [...new Set(parsed.error.issues.map((i) => String(i.path[0])))];
  throw new ConfigError(names.map((n) => help[n] ?? `${n} is not valid.`).join('\n'));
}
