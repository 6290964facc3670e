/**
 * More than one shard: this process only runs discord.js's ShardingManager, which starts one
 * process per shard (this same program, told its shard through SHARDS and SHARD_COUNT) and starts
 * a shard again when it dies; the others go on. Every shard opens the same database (SQLite's file
 * in WAL mode, or PostgreSQL's server) and looks after its own guilds' games (src/db/shard.ts).
 * SQLite: the manager holds the one-bot-per-file lock for the whole set. PostgreSQL: several hosts
 * may each run a manager for some of the shards (SHARD_IDS); each shard acts under its lease. A shard whose gateway Discord closed
 * for good is not started again: the manager stops the whole set (src/shard-exits.ts).
 */
import type { ChildProcess } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { REST, Routes, ShardingManager } from 'discord.js';
import { restApi, storeChoice, type Config } from './config.js';
import { createLogger } from './logger.js';
import { ALL_GUILDS, type ShardScope } from './db/shard.js';
import { workerUrl } from './worker-pool.js';
import { openStore } from './db/open-store.js';
import { Storage } from './db/storage.js';
import { rateOwedGames } from './service/ratings.js';
import { startFields } from './ops/start-line.js';
import { serveOps } from './ops/http.js';
import { shardEndpoints } from './ops/shard-link.js';
import { watchShardExits } from './shard-exits.js';
import { shardsOfHost } from './shard-ids.js';

/** The environment variable that tells a shard its set (SQLite; see src/db/claim.ts). */
const SHARD_SET = 'HARBOUR_SHARD_SET';

/** The shard this process was started as by the manager; null when it was started by hand. */
export function shardOfProcess(env: NodeJS.ProcessEnv = process.env): ShardScope | null {
  if (env.SHARDING_MANAGER !== 'true' || env.SHARDS === undefined || env.SHARD_COUNT === undefined) return null;
  const shards = JSON.parse(env.SHARDS) as number | number[];
  const id = Array.isArray(shards) ? shards[0] : shards;
  const count = Number(env.SHARD_COUNT);
  if (!Number.isInteger(id) || !Number.isInteger(count) || (id as number) < 0 || (id as number) >= count) return ALL_GUILDS;
  return { id: id as number, count };
}

/** The set of shards this process was started in by the manager. */
export function shardSetOfProcess(env: NodeJS.ProcessEnv = process.env): number {
  return Number(env[SHARD_SET] ?? 0);
}

/** Discord's recommended number of shards for this bot (GET /gateway/bot), through the configured API (or the REST proxy). */
async function recommendedShards(config: Config): Promise<number> {
  const target = restApi(config);
  const rest = new REST(target ? { api: target.api } : {}).setToken(config.DISCORD_TOKEN);
  const answer = (await rest.get(Routes.gatewayBot())) as { shards?: number };
  return Math.max(1, answer.shards ?? 1);
}

export async function runShards(config: Config): Promise<void> {
  const logger = createLogger(config.LOG_LEVEL, undefined, { format: config.LOG_FORMAT });
  logger.info(startFields(config), 'starting the sharding manager');
  // The database is upgraded once, here, before any shard opens it. SQLite: the manager holds the
  // file for the whole set, and the shards learn their set from the environment they inherit.
  // PostgreSQL: hosts share the database; each shard takes its own lease (src/lease-keeper.ts).
  const set = randomInt(1, 2 ** 47);
  const choice = storeChoice(config);
  const database = await openStore({ choice, backupDir: config.BACKUP_DIR, logger, set, claim: true });
  process.env[SHARD_SET] = String(set);
  // PostgreSQL: shard 0's owner does it, once for every host.
  if (choice.kind === 'sqlite') await rateOwedGames(new Storage(database.handle), logger);
  const totalShards = config.SHARD_COUNT === 'auto' ? await recommendedShards(config) : config.SHARD_COUNT;
  // This host's shards; the others are other hosts' (each identifies its own only).
  const shardList = shardsOfHost(config.SHARD_IDS, totalShards, storeChoice(config).kind);
  // Shards run as this process does: the built JavaScript, or the sources through tsx.
  const entry = workerUrl('index', import.meta.url);
  const fromSources = entry.pathname.endsWith('.ts');
  const manager = new ShardingManager(fileURLToPath(entry), {
    totalShards,
    shardList,
    mode: 'process',
    respawn: true,
    token: config.DISCORD_TOKEN,
    execArgv: [...(fromSources ? ['--import', 'tsx'] : []), ...process.execArgv.filter((arg) => arg.startsWith('--max-old-space-size'))],
  });
  let stopping = false;
  manager.on('shardCreate', (shard) => {
    logger.info({ shard: shard.id, of: totalShards }, 'shard starting');
    // A shard started while the set stops (manager.spawn starts them one after another) goes at once.
    shard.on('spawn', () => {
      if (stopping) shard.process?.kill('SIGTERM');
    });
    watchShardExits(manager, shard, logger, (whatToDo, code) => {
      if (stopping) return;
      // The one line for the set, as a bot in one process says it (src/discord/fatal-close.ts).
      logger.fatal({ shard: shard.id, code }, whatToDo);
      stop('gateway closed for good', 1);
    });
  });
  function stop(signal: string, exitCode = 0) {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping every shard');
    // Each shard stops cleanly on SIGTERM (its posts, its database); none is started again.
    manager.respawn = false;
    for (const shard of manager.shards.values()) shard.process?.kill('SIGTERM');
    const exit = () => {
      void database
        .release()
        .then(() => database.close())
        .finally(() => process.exit(exitCode));
    };
    // Ends when every shard has ended (each within its own bounded stop), or after 20 s.
    const running = (shard: { process: ChildProcess | null }) => shard.process !== null && shard.process.exitCode === null && shard.process.signalCode === null;
    void Promise.all([...manager.shards.values()].filter(running).map((shard) => once(shard.process as ChildProcess, 'exit'))).then(exit);
    setTimeout(exit, 20_000).unref();
  }
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  logger.info({ shards: totalShards, here: shardList.length === totalShards ? 'all' : shardList }, 'starting shards');
  // The manager alone listens; it asks each shard (src/ops/shard-link.ts).
  if (config.HEALTH_PORT !== undefined)
    await serveOps(shardEndpoints(manager.shards, shardList), { host: config.HEALTH_HOST, port: config.HEALTH_PORT }, logger);
  await manager.spawn({ amount: totalShards, timeout: -1 });
}
