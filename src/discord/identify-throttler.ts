/**
 * When a shard may IDENTIFY, for the whole bot: Discord allows one IDENTIFY per bucket (shard id %
 * max_concurrency, from GET /gateway/bot) every 5 s, whichever process or host sends it, and
 * answers one too soon with INVALID_SESSION (the shard then waits and tries again). discord.js's
 * own throttler spaces the shards of one process only; this one takes the bucket's slot in the
 * database every process shares (../db/identify-store.ts) and waits for it. If the database
 * cannot give a slot, the shard falls back on discord.js's throttler for this process (a slot
 * missed costs an INVALID_SESSION and a retry, never the session).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { SimpleIdentifyThrottler, type IIdentifyThrottler } from 'discord.js';
import { isBusy } from '../service/database-errors.js';
import type { Logger } from '../logger.js';

/**
 * Discord's 5 s, and half a second for what lies between the slot and Discord's gateway: the
 * hosts' connections to the database and to Discord are not equally fast.
 */
export const IDENTIFY_SPACING_MS = 5_500;

/** What this needs of the store. */
export interface IdentifySlots {
  takeSlot(bucket: number, spacingMs: number): Promise<number>;
}

/** What this needs of @discordjs/ws's WebSocketManager. */
export interface GatewayInfoSource {
  fetchGatewayInformation(): Promise<{ session_start_limit: { max_concurrency: number } }>;
}

/** Tries of a slot that found the database busy, before falling back. */
const BUSY_TRIES = 3;

export class DatabaseIdentifyThrottler implements IIdentifyThrottler {
  private fallback: SimpleIdentifyThrottler | null = null;

  constructor(
    private readonly slots: IdentifySlots,
    private readonly maxConcurrency: number,
    private readonly logger: Logger,
    private readonly spacingMs = IDENTIFY_SPACING_MS,
  ) {}

  async waitForIdentify(shardId: number, signal: AbortSignal): Promise<void> {
    signal.throwIfAborted();
    const bucket = shardId % Math.max(1, this.maxConcurrency);
    let waitMs: number;
    try {
      waitMs = await this.take(bucket);
    } catch (error) {
      this.logger.warn(
        { err: error, shard: shardId, bucket },
        "could not take the identify slot from the database; spacing this process's identifies by itself",
      );
      this.fallback ??= new SimpleIdentifyThrottler(this.maxConcurrency);
      return this.fallback.waitForIdentify(shardId, signal);
    }
    if (waitMs > 0) {
      this.logger.info({ shard: shardId, bucket, waitMs }, 'waiting for the identify slot of its bucket');
      await sleep(waitMs, undefined, { signal });
    }
  }

  private async take(bucket: number): Promise<number> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.slots.takeSlot(bucket, this.spacingMs);
      } catch (error) {
        if (attempt >= BUSY_TRIES || !isBusy(error)) throw error;
        await sleep(50 * attempt);
      }
    }
  }
}

/**
 * discord.js's `ws.buildIdentifyThrottler`: the throttler of the bot's buckets, once Discord has
 * said how many there are.
 */
export function identifyThrottlerOf(
  slots: IdentifySlots,
  logger: Logger,
  spacingMs = IDENTIFY_SPACING_MS,
): (manager: GatewayInfoSource) => Promise<IIdentifyThrottler> {
  return async (manager) => {
    const info = await manager.fetchGatewayInformation();
    return new DatabaseIdentifyThrottler(slots, info.session_start_limit.max_concurrency, logger, spacingMs);
  };
}
