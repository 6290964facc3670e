/**
 * Runs the bot with a valid configuration: logs, database (migrated), Discord client; stops
 * cleanly on SIGINT/SIGTERM after the pending board posts are made.
 */
import { restApi, storeChoice, type Config } from './config.js';
import { createLogger, type Logger } from './logger.js';
import { settleWithin } from './shutdown.js';
import { Storage } from './db/storage.js';
import { GameService } from './service/game-service.js';
import { games, presenters } from './games/index.js';
import { createBot } from './discord/client.js';
import { discordFailure, isTokenRefused } from './discord/discord-failure.js';
import { WorkerThinker } from './ai/thinker.js';
import { workerUrl } from './worker-pool.js';
import { WorkerBoardRenderer } from './games/board-renderer.js';
import { DeadlineKeeper } from './service/deadlines.js';
import { BackupKeeper } from './db/backup.js';
import { openStore, type OpenedStore } from './db/open-store.js';
import { countingErrors } from './db/counted-dialect.js';
import { IdentifyStore } from './db/identify-store.js';
import { BotCounterStore } from './db/bot-counter-store.js';
import { ALL_GUILDS, type ShardScope } from './db/shard.js';
import { BotMetrics } from './ops/metrics.js';
import { startFields } from './ops/start-line.js';
import { startOps } from './ops/index.js';
import { FATAL_CLOSE_EXIT, type FatalCloseMessage } from './discord/fatal-close.js';
import { setBoardBurst } from './discord/rate-limit.js';
import { rateOwedGames } from './service/ratings.js';
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { KeeperFencing, LeaseKeeper } from './lease-keeper.js';
import { leaseStoreOn } from './db/pg/leases.js';

/** Sends a shard's manager the close it stops for (null: its token refused at login); `failed` when it cannot (then the shard says it itself). */
function tellManager(code: number | null, whatToDo: string, failed: () => void): void {
  const message: FatalCloseMessage = { harbourFatalClose: { code, whatToDo } };
  if (!process.send) failed();
  else process.send(message, undefined, undefined, (error) => error && failed());
}

/**
 * `shardSet`: the set of shards this process belongs to, whose manager holds the SQLite file's
 * lock (src/shards.ts); null for a bot in one process, which takes the lock itself. On
 * PostgreSQL nothing holds the database: several hosts share it, and this process acts for its
 * shard only under that shard's lease (src/lease-keeper.ts), which fences its writes.
 */
export async function run(config: Config, shard: ShardScope = ALL_GUILDS, shardSet: number | null = null): Promise<void> {
  const metrics = new BotMetrics();
  const base = createLogger(config.LOG_LEVEL, undefined, { format: config.LOG_FORMAT, onError: () => metrics.error() });
  const logger = shard.count > 1 ? base.child({ shard: shard.id }) : base;
  logger.info(startFields(config), 'starting');
  // SQLite: one bot per file, a second one stops here with one sentence (src/index.ts); a shard's
  // manager holds the lock for its set.
  const claims = shardSet === null;
  const choice = storeChoice(config);
  const fencing = choice.kind === 'postgres' ? new KeeperFencing(() => metrics.fenced()) : null;
  const database = await openStore({ choice, backupDir: config.BACKUP_DIR, logger, set: shardSet ?? 0, claim: claims, ...(fencing ? { fencing } : {}) });
  try {
    const lease = database.kind === 'postgres' && fencing ? (fencing.keeper = leaseKeeper(config, shard, database.database.pool, logger)) : null;
    await runOn(config, shard, database, claims, logger, metrics, lease);
  } catch (error) {
    // A start that fails leaves the database free for the next start and for `npm run restore`.
    await database.release();
    await database.close();
    throw error;
  }
}

/** This process's keeper of its shard's lease; told of its loss through `lost` once the bot runs. */
function leaseKeeper(config: Config, shard: ShardScope, pool: pg.Pool, logger: Logger): LeaseKeeper & { whenLost(stop: () => void): void } {
  let stop: (() => void) | null = null;
  let lost = false;
  const keeper = new LeaseKeeper({
    store: leaseStoreOn(pool),
    shard: shard.id,
    count: shard.count,
    // One id per process: a process started again is a new owner, with a new epoch.
    owner: `${hostname()}/${process.pid}/${randomBytes(4).toString('hex')}`,
    host: `${hostname()} pid ${process.pid}`,
    ttlMs: config.SHARD_LEASE_SECONDS * 1000,
    logger,
    onLost: () => {
      lost = true;
      stop?.();
    },
  });
  return Object.assign(keeper, {
    whenLost(then: () => void) {
      stop = then;
      if (lost) then();
    },
  });
}

async function runOn(
  config: Config,
  shard: ShardScope,
  database: OpenedStore,
  claims: boolean,
  logger: Logger,
  metrics: BotMetrics,
  lease: ReturnType<typeof leaseKeeper> | null,
): Promise<void> {
  const boards = new WorkerBoardRenderer();
  // SQLite's backups are the bot's: shard 0 (or the only process) keeps them, which are the
  // whole file's. PostgreSQL's are its server's (pg_dump, the provider's).
  const keepsFile = shard.id === 0;
  const backupOptions = {
    databasePath: config.DATABASE_PATH,
    dir: config.BACKUP_DIR,
    intervalMs: keepsFile ? config.BACKUP_INTERVAL_HOURS * 3_600_000 : 0,
    keep: config.BACKUP_KEEP,
  };
  const backups = database.kind === 'sqlite' ? new BackupKeeper(database.db.$client, backupOptions, logger) : null;
  backups?.start();
  const store = new Storage(
    countingErrors(database.handle, (kind) => metrics.queryError(kind)),
    Date.now,
    shard,
  );
  const service = new GameService(store, games);
  // A move made for an absent player ends where his game would post: when his turn is over.
  const keeper = new DeadlineKeeper(service, store.settings, (gameId, events) => games[gameId as keyof typeof games].turnEnded(events));
  const thinker = new WorkerThinker(workerUrl('games/bot-worker', import.meta.url));
  setBoardBurst(config.BOARD_BURST);
  // Discord's limits are the bot's: identifies, invalid requests and requests against the global
  // limit counted for every process (src/discord/identify-throttler.ts, invalid-requests.ts, request-pressure.ts).
  const botCounters = new BotCounterStore(database.handle);
  const { client, ctx, scheduler, bots, pressure } = createBot({
    thinker,
    service,
    presenters,
    boards,
    logger,
    keeper,
    schedulerIntervalMs: config.SCHEDULER_INTERVAL_MS,
    memberEvents: config.DISCORD_MEMBER_EVENTS === 'on',
    ...(config.DISCORD_API_BASE ? { apiBase: config.DISCORD_API_BASE } : {}),
    ...(config.DISCORD_REST_PROXY ? { restProxy: config.DISCORD_REST_PROXY } : {}),
    identifySlots: new IdentifyStore(database.handle),
    botCounters,
    ...(config.DISCORD_DEV_GUILD_ID ? { devGuildId: config.DISCORD_DEV_GUILD_ID } : {}),
    onFatalClose: ({ shard: id, code, whatToDo }) => {
      if (claims) {
        logger.fatal({ shard: id, code }, whatToDo);
        void stop('gateway closed for good', 1);
        return;
      }
      // One of a set: its manager says what to do, once for the set, and stops the others instead
      // of starting this one again (src/shard-exits.ts); the exit code tells it, the message why.
      tellManager(code, whatToDo, () => logger.fatal({ shard: id, code }, whatToDo));
      void stop('gateway closed for good', FATAL_CLOSE_EXIT);
    },
    activity: metrics,
    // On PostgreSQL nothing goes out, not even an answer, unless this process holds its shard.
    ...(lease ? { acting: () => lease.holds() } : {}),
  });
  const ops = await startOps({ config, shard, metrics, logger, client, service, announcer: ctx.announcer, boards, thinker, database, lease, pressure });
  const waiting = new AbortController();

  let stopping = false;
  async function stop(signal: string, exitCode = 0) {
    if (stopping) return;
    stopping = true;
    waiting.abort();
    logger.info({ signal }, 'stopping');
    // Every step waits a bounded time: a host kills a bot that takes too long to stop (Docker
    // after 10 s), and then the steps after it (closing the database cleanly) would not run.
    // What is cut short is owed in the database and done after the next start.
    const settle = (step: string, work: Promise<unknown>, ms: number) => settleWithin(logger, step, work, ms);
    await settle('health and metrics', ops.close(), 500);
    bots.stop();
    await settle('reminders', scheduler.stop(), 1000);
    await settle('board posts', ctx.announcer.idle(), 4000);
    ctx.announcer.stop();
    pressure.stop();
    await settle('Discord connection', client.destroy(), 1000);
    // The next owner takes the shard at once rather than when the lease would have ended.
    if (lease) await settle('shard lease', lease.release(), 1000);
    // The board workers finish the board they draw (2 s at most, see WorkerBoardRenderer).
    await settle('workers', Promise.all([boards.close(), thinker.close()]), 2500);
    // A backup being made stops at its next step; the database is closed after it.
    await backups?.stop();
    await settle(
      'database',
      database.release().then(() => database.close()),
      1000,
    );
    process.exit(exitCode);
  }
  process.on('SIGINT', () => void stop('SIGINT'));
  // A shard whose manager is gone (killed) stops too: a new manager would start a second bot.
  if (!claims) process.once('disconnect', () => void stop('sharding manager gone'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  // Another host has the shard: this process stops at once; its manager starts it again, to wait for the lease.
  lease?.whenLost(() => void stop('shard lease lost', 1));
  process.on('unhandledRejection', (error) => logger.error({ err: error }, 'unhandled rejection'));
  // Through the logger, which writes an error without its request body or tokens; Node's own printer would not.
  process.on('uncaughtException', (error) => {
    logger.fatal({ err: error }, 'unexpected error; stopping');
    process.exit(1);
  });

  if (lease) {
    try {
      await lease.acquire(waiting.signal);
    } catch (error) {
      if (stopping) return;
      throw error;
    }
  }
  // Once, by the process that acts for shard 0 (SQLite: a bot in one process; a shard's manager did it).
  if (lease ? shard.id === 0 : claims) await rateOwedGames(store, logger);
  // The time the bot was away does not count against anyone's move.
  const downtime = await keeper.resumeAfterDowntime();
  if (downtime.awayMs > 0 || downtime.wallMs > 0) logger.info(downtime, 'deadlines extended by the time the bot was away');
  try {
    await client.login(config.DISCORD_TOKEN);
  } catch (error) {
    // A refused token or no network is one sentence; anything else keeps its error.
    const target = restApi(config);
    const failure = discordFailure(error, target?.api, target?.setting);
    // A shard whose token Discord refused stops its set as after a close for good: started again, it
    // would only be refused again, a 401 each time, which Discord counts toward banning the bot.
    if (!claims && failure && isTokenRefused(error)) {
      const whatToDo = `could not log in to Discord; ${failure}`;
      tellManager(null, whatToDo, () => logger.fatal(whatToDo));
      await stop('login failed', FATAL_CLOSE_EXIT);
      return;
    }
    if (failure) logger.fatal(`could not log in to Discord; ${failure}`);
    else logger.fatal({ err: error }, 'could not log in to Discord');
    await stop('login failed', 1);
  }
}
