/**
 * Entry point. The configuration is checked before anything heavy is loaded, so that a bot
 * started without a token says at once what is missing and where to get it. A database file the
 * bot cannot use stops it the same way: one sentence naming the file, the problem and the backup
 * to put back; so does a PostgreSQL database it cannot use (unreachable, login refused, missing,
 * too old, held by another bot), named without its password.
 */
import { ConfigError, loadConfig, type Config } from './config.js';
import { ALL_GUILDS } from './db/shard.js';
import { shardOfProcess, shardSetOfProcess } from './shards.js';

let config: Config | null = null;
try {
  config = loadConfig();
  // Started by the sharding manager: one shard. Else one process for all, or the manager itself.
  const shard = shardOfProcess();
  if (shard === null && config.SHARD_COUNT !== 1) {
    const { runShards } = await import('./shards.js');
    await runShards(config);
  } else {
    const { run } = await import('./main.js');
    await run(config, shard ?? ALL_GUILDS, shard === null ? null : shardSetOfProcess());
  }
} catch (error) {
  console.error(`Cannot start: ${await explain(error, config)}`);
  process.exit(1);
}

/** The sentence for a start-up failure the user can put right; any other error is thrown as it is. */
async function explain(error: unknown, config: Config | null): Promise<string> {
  if (error instanceof ConfigError) return error.message;
  const { ShardIdsError } = await import('./shard-ids.js');
  if (error instanceof ShardIdsError) return error.message;
  const { ShardCountMismatch } = await import('./lease-keeper.js');
  if (error instanceof ShardCountMismatch) return error.message;
  // Already loaded by main.js when it threw.
  const { DatabaseHeldError } = await import('./db/claim.js');
  if (error instanceof DatabaseHeldError) return error.message;
  const { DatabaseUrlError } = await import('./database-url.js');
  const { DatabaseServerError } = await import('./db/pg/migrate.js');
  if (error instanceof DatabaseServerError || error instanceof DatabaseUrlError) return error.message;
  // Only a SQLite file is the bot's own to advise on (a full disk, a backup to put back).
  if (config?.DATABASE_URL) throw error;
  const { DatabaseFileError } = await import('./db/connection.js');
  const { databaseFolder, isDiskFull } = await import('./db/disk-full.js');
  // A write after opening (the run marker, the games' clocks) may be the first to find the disk full.
  if (config && !(error instanceof DatabaseFileError) && isDiskFull(error, databaseFolder(config.DATABASE_PATH)))
    error = DatabaseFileError.from(config.DATABASE_PATH, error);
  if (!(error instanceof DatabaseFileError) || !config) throw error;
  if (!error.restoreHelps) return `${error.message}; ${error.fix}`;
  const { restoreAdvice } = await import('./db/backup.js');
  return restoreAdvice(error, config.BACKUP_DIR, config.DATABASE_PATH);
}
