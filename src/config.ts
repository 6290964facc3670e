import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { z } from 'zod';
import { DatabaseUrlError, parsePostgresUrl } from './database-url.js';
import { parseShardIds, ShardIdsError, shardsOfHost } from './shard-ids.js';

const schema = z.object({
  DISCORD_TOKEN: z.string().min(1),
  DISCORD_APPLICATION_ID: z.string().regex(/^\d+$/).optional(),
  /** Commands are registered to this server at start (instant), handy for development. */
  DISCORD_DEV_GUILD_ID: z.string().regex(/^\d+$/).optional(),
  DATABASE_PATH: z.string().min(1).default('./data/games.sqlite'),
  /**
   * A PostgreSQL database instead of the SQLite file: postgres://user:password@host:5432/database.
   * When set it wins over DATABASE_PATH. Its own sentence when unusable (src/database-url.ts).
   */
  DATABASE_URL: z
    .string()
    .superRefine((url, ctx) => {
      try {
        parsePostgresUrl(url);
      } catch (error) {
        if (!(error instanceof DatabaseUrlError)) throw error;
        ctx.addIssue({ code: 'custom', message: `${error.message}.` });
      }
    })
    .optional(),
  /** Connections to PostgreSQL the bot keeps open at most (the one that holds its lock is one more). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `json`: one JSON line each (for machines); `pretty`: readable lines (`npm run dev`; needs the dev dependency pino-pretty). */
  LOG_FORMAT: z.enum(['json', 'pretty']).default('json'),
  /** Another Discord-compatible API, e.g. the local test server: http://127.0.0.1:PORT/api */
  DISCORD_API_BASE: z
    .url({ protocol: /^https?$/ })
    // URL() reads `http:/x` as http://x/: the address must be written out in full.
    .regex(/^https?:\/\/[^/?#\s]/i)
    .optional(),
  /**
   * The REST proxy every process of the bot shares (discord.js's @discordjs/proxy), so that together
   * they keep Discord's global limit: the bot's REST goes there instead of to the API (it wins over
   * DISCORD_API_BASE, which the proxy itself is pointed at). Written as the proxy's address; its
   * `/api` is added when the path is left out (proxyApiBase).
   */
  DISCORD_REST_PROXY: z
    .url({ protocol: /^https?$/ })
    .regex(/^https?:\/\/[^/?#\s]/i)
    .transform((url, ctx) => {
      const base = proxyApiBase(url);
      if (base === null) {
        ctx.addIssue({ code: 'custom', message: help.DISCORD_REST_PROXY as string });
        return z.NEVER;
      }
      return base;
    })
    .optional(),
  /** How many boards a member may have drawn on demand in a row (/game board, replays) before one every 10 s (the tests page replays faster). */
  BOARD_BURST: z.coerce.number().int().min(1).max(1_000_000).default(5),
  /** How often reminders and deadlines are checked, in ms (30 s; the tests use less). */
  SCHEDULER_INTERVAL_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  /** Hours between backups of the database (fractions allowed; 0: no backups). */
  BACKUP_INTERVAL_HOURS: z.coerce.number().min(0).max(8784).default(24),
  /** Default: a `backups` folder beside the database (./data/backups), so each database's backups stay with it. */
  BACKUP_DIR: z.string().min(1).optional(),
  /** How many backups are kept; older ones are deleted. */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(10_000).default(7),
  /** Shards, one process each: a number, or `auto` for Discord's recommendation. 1: one process, no manager. */
  SHARD_COUNT: z.union([z.literal('auto'), z.coerce.number().int().min(1).max(1024)]).default(1),
  /** The shards this host runs, of SHARD_COUNT over every host (`0-3`, `4,5`); all of them by default. */
  SHARD_IDS: z
    .string()
    .transform((text, ctx) => {
      const ids = parseShardIds(text);
      if (typeof ids === 'string') {
        ctx.addIssue({ code: 'custom', message: ids });
        return z.NEVER;
      }
      return ids;
    })
    .optional(),
  /**
   * `on`: ask Discord for the Server Members intent (privileged: enable it on the application's Bot
   * page first), so that the bot hears at once when a player leaves the server. `off` (the default):
   * it finds out when it checks (src/discord/member-checks.ts).
   */
  DISCORD_MEMBER_EVENTS: z.enum(['on', 'off']).default('off'),
  /** Serve /healthz and /metrics on this port (0: any free one, logged); unset: not served. */
  /**
   * PostgreSQL: how long a shard's lease lasts unrenewed (renewed every third of it). After a
   * host's crash its shards start elsewhere within this time; shorter means more renewals.
   */
  SHARD_LEASE_SECONDS: z.coerce.number().int().min(5).max(600).default(30),
  HEALTH_PORT: z.coerce.number().int().min(0).max(65_535).optional(),
  /** The address they are served on: this machine only by default (the container sets 0.0.0.0). */
  HEALTH_HOST: z.string().min(1).default('127.0.0.1'),
});

type WithBackupDir<T> = Omit<T, 'BACKUP_DIR'> & { BACKUP_DIR: string };
export type Config = WithBackupDir<z.infer<typeof schema>>;

/** What to tell a user for each setting that is missing or wrong. */
const help: Record<string, string> = {
  DISCORD_TOKEN:
    'DISCORD_TOKEN is not set. Create an application at https://discord.com/developers/applications, open "Bot", press "Reset Token" and put the token in .env as DISCORD_TOKEN=... (see README.md).',
  DISCORD_APPLICATION_ID: 'DISCORD_APPLICATION_ID must be the numeric "Application ID" from the General Information page of your application.',
  DISCORD_DEV_GUILD_ID: 'DISCORD_DEV_GUILD_ID must be a numeric server id (enable Developer Mode in Discord, right-click the server, Copy Server ID).',
  LOG_LEVEL: 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent.',
  LOG_FORMAT: 'LOG_FORMAT must be json (the default) or pretty.',
  DISCORD_API_BASE:
    'DISCORD_API_BASE must be an http:// or https:// address with a host, such as http://127.0.0.1:8080/api; leave it unset to use Discord itself.',
  DATABASE_POOL_SIZE: 'DATABASE_POOL_SIZE must be how many connections to PostgreSQL the bot may keep open: a whole number from 1 to 100 (default 10).',
  DISCORD_REST_PROXY:
    'DISCORD_REST_PROXY must be the address of the REST proxy, an http:// or https:// address with a host and no query, such as http://rest-proxy:8080 (its path, if any, ending in /api); leave it unset to send requests to Discord directly.',
  BOARD_BURST: 'BOARD_BURST must be how many boards a member may ask for in a row before one every 10 seconds: a whole number from 1 to 1000000 (default 5).',
  SCHEDULER_INTERVAL_MS: 'SCHEDULER_INTERVAL_MS must be a number of milliseconds between 100 and 600000.',
  BACKUP_INTERVAL_HOURS: 'BACKUP_INTERVAL_HOURS must be the number of hours between backups, such as 24 or 0.5, at most 8784 (a year); 0 turns backups off.',
  BACKUP_DIR: 'BACKUP_DIR must be the folder the backups go to, such as ./data/backups (the default: a backups folder beside the database).',
  BACKUP_KEEP: 'BACKUP_KEEP must be how many backups to keep: a whole number, at least 1.',
  SHARD_COUNT: 'SHARD_COUNT must be a number of shards from 1 to 1024, or auto for the number Discord recommends (1 runs the bot in one process).',
  DISCORD_MEMBER_EVENTS:
    'DISCORD_MEMBER_EVENTS must be on (ask for the Server Members intent, which must be enabled on the Bot page of the application) or off (the default).',
  SHARD_LEASE_SECONDS: "SHARD_LEASE_SECONDS must be a whole number of seconds from 5 to 600 (30 by default): how long a shard's lease lasts unrenewed.",
  HEALTH_PORT: 'HEALTH_PORT must be a port number from 1 to 65535 (or 0 for any free port); leave it empty to serve no health check or metrics.',
  HEALTH_HOST: 'HEALTH_HOST must be the address to serve health and metrics on, such as 127.0.0.1 (the default) or 0.0.0.0 (every interface).',
};

export class ConfigError extends Error {}

/** Reads .env (if present) and the environment; throws ConfigError naming each bad setting. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, envFile = '.env'): Config {
  const config = withBackupDir(parse(schema, env, envFile));
  // The ids are numbers of a count: a host given ids must be told how many shards there are in all.
  if (config.SHARD_IDS !== undefined && env.SHARD_COUNT === undefined) {
    throw new ConfigError('SHARD_IDS needs SHARD_COUNT, the number of shards over every host (or auto for the number Discord recommends).');
  }
  // With `auto`, the manager checks them once Discord has said how many (src/shards.ts).
  if (typeof config.SHARD_COUNT === 'number') {
    try {
      shardsOfHost(config.SHARD_IDS, config.SHARD_COUNT, storeChoice(config).kind);
    } catch (error) {
      if (error instanceof ShardIdsError) throw new ConfigError(error.message);
      throw error;
    }
  }
  return config;
}

/** Where the bot keeps its data: DATABASE_URL when it is set, else the SQLite file at DATABASE_PATH. */
export type StoreChoice = { kind: 'postgres'; url: string; poolSize: number } | { kind: 'sqlite'; path: string };

export function storeChoice(config: Pick<Config, 'DATABASE_PATH' | 'DATABASE_URL' | 'DATABASE_POOL_SIZE'>): StoreChoice {
  return config.DATABASE_URL
    ? { kind: 'postgres', url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE }
    : { kind: 'sqlite', path: config.DATABASE_PATH };
}

/**
 * The base a REST proxy's clients use: discord.js's proxy takes requests under `/api` (and
 * `/api/v10`) and sends them on to Discord under the same route. A bare address gets `/api`; a path
 * that ends in `/api` is kept (a proxy behind a prefix); anything else, or a query, is refused (null).
 */
export function proxyApiBase(address: string): string | null {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  if (url.search || url.hash) return null;
  const path = url.pathname.replace(/\/+$/, '');
  if (path !== '' && !path.endsWith('/api')) return null;
  url.pathname = path === '' ? '/api' : path;
  return url.toString();
}

/**
 * Where the bot's REST requests go, and the setting that says so: the shared proxy when there is
 * one (it sends them on to Discord, or to DISCORD_API_BASE's API if it is pointed there), else
 * DISCORD_API_BASE, else Discord itself (no base, no setting).
 */
export function restApi(
  config: Pick<Config, 'DISCORD_API_BASE' | 'DISCORD_REST_PROXY'>,
): { api: string; setting: 'DISCORD_REST_PROXY' | 'DISCORD_API_BASE' } | null {
  if (config.DISCORD_REST_PROXY) return { api: config.DISCORD_REST_PROXY, setting: 'DISCORD_REST_PROXY' };
  if (config.DISCORD_API_BASE) return { api: config.DISCORD_API_BASE, setting: 'DISCORD_API_BASE' };
  return null;
}

/** What `npm run restore` needs: where the database is (it refuses PostgreSQL), and no Discord token. */
const restoreSchema = schema.pick({ DATABASE_PATH: true, DATABASE_URL: true, BACKUP_DIR: true });
export type RestoreConfig = WithBackupDir<z.infer<typeof restoreSchema>>;

export function loadRestoreConfig(env: NodeJS.ProcessEnv = process.env, envFile = '.env'): RestoreConfig {
  return withBackupDir(parse(restoreSchema, env, envFile));
}

function withBackupDir<T extends { DATABASE_PATH: string; BACKUP_DIR?: string | undefined }>(config: T): WithBackupDir<T> {
  return { ...config, BACKUP_DIR: config.BACKUP_DIR ?? `${dirname(config.DATABASE_PATH)}/backups` };
}

function parse<S extends z.ZodType>(wanted: S, env: NodeJS.ProcessEnv, envFile: string): z.infer<S> {
  if (env === process.env && existsSync(envFile)) process.loadEnvFile(envFile);
  // An empty value (`SHARD_COUNT=` in .env.example, passed on by docker-compose's env_file) means
  // "not set", also for the libraries that read the environment themselves (discord.js reads
  // SHARD_COUNT as Number('') = 0 shards).
  for (const name of Object.keys(schema.shape)) if (env[name] === '') delete env[name];
  const parsed = wanted.safeParse(env);
  if (parsed.success) return parsed.data;
  const names = [...new Set(parsed.error.issues.map((i) => String(i.path[0])))];
  // A setting checked by code of its own (DATABASE_URL) says what is wrong in its own sentence.
  const own = (name: string) => parsed.error.issues.find((i) => i.code === 'custom' && i.path[0] === name)?.message;
  throw new ConfigError(names.map((n) => own(n) ?? help[n] ?? `${n} is not valid.`).join('\n'));
}
