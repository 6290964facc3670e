/**
 * `npm run ratings:rebuild`: makes every rating again from the finished games' stored results, in
 * the order they finished (src/service/ratings.ts), after a change of the rating rules. The bot
 * must be stopped (it takes the database's lock, as the bot does); the database is brought up to
 * date first, with the copy an upgrade makes. All of it is one transaction: a failure changes nothing.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadRestoreConfig, type RestoreConfig } from './config.js';
import { errorLine, openDatabase } from './db/connection.js';
import { DatabaseLock } from './db/lock.js';
import { describeBot, recordedBotOn } from './db/run-marker.js';
import { Storage } from './db/storage.js';
import { rebuildRatings } from './service/ratings.js';

export interface RebuildOutcome {
  ok: boolean;
  message: string;
}

/** Rebuilds the ratings of the database of `config`, unless a bot runs on it. */
export async function rebuildRatingsOf(config: RestoreConfig): Promise<RebuildOutcome> {
  const path = config.DATABASE_PATH;
  const lock = DatabaseLock.tryAcquire(path);
  if (!lock)
    return {
      ok: false,
      message: `The bot is running on ${path} (${describeBot(recordedBotOn(path))}); stop it first, then run npm run ratings:rebuild again.`,
    };
  try {
    const db = openDatabase(path, { upgradeBackupDir: config.BACKUP_DIR });
    try {
      const started = performance.now();
      const { games } = await rebuildRatings(new Storage(db));
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      return { ok: true, message: `Ratings rebuilt from ${games} finished ${games === 1 ? 'game' : 'games'} in ${seconds} s (${path}).` };
    } finally {
      db.$client.close();
    }
  } catch (error) {
    return { ok: false, message: `Rebuilding the ratings failed (${errorLine(error)}); ${path} was left as it was.` };
  } finally {
    lock.release();
  }
}

async function main(): Promise<number> {
  let config: RestoreConfig;
  try {
    config = loadRestoreConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`Cannot rebuild the ratings: ${error.message}`);
    return 1;
  }
  const outcome = await rebuildRatingsOf(config);
  (outcome.ok ? console.log : console.error)(outcome.message);
  return outcome.ok ? 0 : 1;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main();
}
