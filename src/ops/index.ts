/**
 * Operating the bot: counters for the metrics and the minute's log summary, and, with
 * HEALTH_PORT set, /healthz and /metrics, served by this process or, in a shard, handed to the
 * sharding manager that serves them for all shards (src/shards.ts).
 */
import { statSync } from 'node:fs';
import type { Client } from 'discord.js';
import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import type { ShardScope } from '../db/shard.js';
import type { GameService } from '../service/game-service.js';
import type { Announcer } from '../discord/announcer.js';
import type { RequestPressure } from '../discord/request-pressure.js';
import { gatewayProblem, gatewayShards } from '../discord/gateway.js';
import type { OpenedStore } from '../db/open-store.js';
import { postgresCheck, poolFigures } from '../db/pg/health.js';
import { databaseCheck, healthOf, type Check } from './health.js';
import { serveOps } from './http.js';
import type { BotMetrics } from './metrics.js';
import { answerManager } from './shard-link.js';
import type { LeaseKeeper, LeaseState } from '../lease-keeper.js';
import { startSummaries, SUMMARY_INTERVAL_MS } from './summary.js';

export interface OpsParts {
  config: Pick<Config, 'HEALTH_PORT' | 'HEALTH_HOST'>;
  shard: ShardScope;
  metrics: BotMetrics;
  logger: Logger;
  client: Client;
  service: GameService;
  announcer: Announcer;
  boards: { queueLength: number };
  thinker: { queueLength: number };
  /** The database the bot opened: SQLite's file or PostgreSQL's server (src/db/open-store.ts). */
  database: OpenedStore;
  /** This process's shard lease (PostgreSQL); null on SQLite. */
  lease: LeaseKeeper | null;
  /** The requests counted against Discord's global limit. */
  pressure?: Pick<RequestPressure, 'rate'>;
}

/** Starts counting and, with HEALTH_PORT, serving; `close` stops both (when the bot stops). */
export async function startOps(parts: OpsParts): Promise<{ close(): Promise<void> }> {
  const { config, shard, metrics, logger, client, service, database: store } = parts;
  service.afterCommit((_, change) => {
    if (change === 'action') metrics.move();
  });
  parts.announcer.afterPost(() => metrics.post());
  // HARBOUR_SUMMARY_MS is internal: the end-to-end tests shorten the minute with it.
  const stopSummaries = startSummaries(() => metrics.totals(), logger, Number(process.env.HARBOUR_SUMMARY_MS) || SUMMARY_INTERVAL_MS);
  if (config.HEALTH_PORT === undefined) return { close: async () => stopSummaries() };

  metrics.watch({
    gateway: () => gatewayShards(client),
    guilds: () => client.guilds.cache.size,
    runningGames: () => service.countRunning(),
    postsOwed: () => parts.announcer.postsOwed,
    boardQueue: () => parts.boards.queueLength,
    botQueue: () => parts.thinker.queueLength,
    // The file is the same for every shard: shard 0 (or the only process) reports it.
    databaseBytes: () => (store.kind === 'sqlite' && shard.id === 0 && store.where !== ':memory:' ? databaseBytes(store.where) : null),
    ...(store.kind === 'postgres' ? { pool: () => poolFigures(store.database.pool) } : {}),
    ...(parts.lease ? { lease: () => (parts.lease as LeaseKeeper).state() } : {}),
    ...(parts.pressure ? { globalRequests: parts.pressure.rate } : {}),
  });
  const database = databaseCheckOf(store);
  const lease = parts.lease;
  // Waiting for another host's lease, the shard is not connected on purpose: a standby is healthy.
  const gateway = () => (lease && lease.state().state === 'waiting' ? null : gatewayProblem(client));
  const checks = { gateway, database, ...(lease ? { lease: () => leaseProblem(lease.state()) } : {}) };
  const health = async () => ({ ...(await healthOf(checks)), ...(lease ? { notes: [leaseNote(lease.state())] } : {}) });
  // A shard of a set is asked by its manager, which alone listens on the port.
  if (shard.count > 1 && process.send) {
    answerManager({ health, metrics: () => metrics.json() });
    return { close: async () => stopSummaries() };
  }
  const server = await serveOps(
    { health: async () => health(), metrics: async () => ({ contentType: metrics.registry.contentType, body: await metrics.text() }) },
    { host: config.HEALTH_HOST, port: config.HEALTH_PORT },
    logger,
  );
  return {
    async close() {
      stopSummaries();
      await server?.close();
    },
  };
}

/** A lease lost is a problem (the process is stopping); held or waiting is not. */
function leaseProblem(lease: LeaseState): string | null {
  return lease.state === 'lost' ? `lost shard ${lease.shard}'s lease (epoch ${lease.epoch ?? '?'}): stopping` : null;
}

/** What /healthz says of the lease: "shard 2: held (epoch 5, renewed 3 s ago)", "shard 2: standby (host-b holds it)". */
function leaseNote(lease: LeaseState): string {
  if (lease.state === 'held') return `shard ${lease.shard}: held (epoch ${lease.epoch}, renewed ${Math.round((lease.ageMs ?? 0) / 1000)} s ago)`;
  if (lease.state === 'waiting') return `shard ${lease.shard}: standby (${lease.holder ?? 'another host'} holds it)`;
  return `shard ${lease.shard}: lost (epoch ${lease.epoch ?? '?'})`;
}

/** Whether the database takes a write: SQLite's file, or PostgreSQL's server (it answers and takes a write). */
function databaseCheckOf(store: OpenedStore): Check {
  return store.kind === 'sqlite' ? databaseCheck(store.db.$client) : postgresCheck(store.database);
}

function databaseBytes(path: string): { main: number; wal: number } {
  const size = (file: string) => statSync(file, { throwIfNoEntry: false })?.size ?? 0;
  return { main: size(path), wal: size(`${path}-wal`) };
}
