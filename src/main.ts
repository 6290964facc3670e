/**
 * Runs the bot with a valid configuration: logs, database (migrated), Discord client; stops
 * cleanly on SIGINT/SIGTERM after the pending board posts are made.
 */
import type { Config } from './config.js';
import { createLogger } from './logger.js';
import { openDatabase } from './db/connection.js';
import { GameStore } from './db/store.js';
import { GameService } from './service/game-service.js';
import { games, presenters } from './games/index.js';
import { createBot } from './bot/client.js';
import { WorkerBoardRenderer } from './games/board-renderer.js';
import { SettingsStore } from './db/settings-store.js';
import { DeadlineKeeper } from './service/deadlines.js';

export async function run(config: Config): Promise<void> {
  const logger = createLogger(config.LOG_LEVEL);
  const boards = new WorkerBoardRenderer();
  const db = openDatabase(config.DATABASE_PATH);
  const service = new GameService(new GameStore(db), games);
  const settings = new SettingsStore(db);
  // A move made for an absent player ends where his game would post: when his turn is over.
  const keeper = new DeadlineKeeper(service, settings, (gameId, events) => presenters[gameId as keyof typeof presenters].postAfter(events));
  // The time the bot was away does not count against anyone's move.
  const away = keeper.resumeAfterDowntime();
  if (away > 0) logger.info({ awayMs: away }, 'deadlines extended by the time the bot was away');
  const { client, ctx, scheduler } = createBot({
    service,
    presenters,
    boards,
    logger,
    settings,
    keeper,
    schedulerIntervalMs: config.SCHEDULER_INTERVAL_MS,
    ...(config.DISCORD_API_BASE ? { apiBase: config.DISCORD_API_BASE } : {}),
    ...(config.DISCORD_DEV_GUILD_ID ? { devGuildId: config.DISCORD_DEV_GUILD_ID } : {}),
  });

  let stopping = false;
  async function stop(signal: string) {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping');
    await scheduler.stop();
    await Promise.race([ctx.announcer.idle(), new Promise((resolve) => setTimeout(resolve, 5000))]);
    await client.destroy();
    await boards.close();
    db.$client.close();
    process.exit(0);
  }
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('unhandledRejection', (error) => logger.error({ err: error }, 'unhandled rejection'));

  logger.info({ database: config.DATABASE_PATH, apiBase: config.DISCORD_API_BASE ?? 'discord.com' }, 'starting');
  try {
    await client.login(config.DISCORD_TOKEN);
  } catch (error) {
    logger.fatal({ err: error instanceof Error ? { name: error.name, message: error.message } : String(error) }, 'could not log in to Discord; check DISCORD_TOKEN');
    process.exit(1);
  }
}
