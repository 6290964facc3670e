/**
 * Sharding as Discord does it (https://discord.com/developers/docs/events/gateway#sharding):
 *
 * - IDENTIFY may carry `shard: [shard_id, num_shards]`; without it a session is `[0, 1]`, all guilds.
 *   A guild belongs to shard `(guild_id >> 22) % num_shards`; DMs and guild-less events go to shard 0.
 *   READY lists, GUILD_CREATE is sent for, and every later event goes to, the guilds of the shard only.
 * - An invalid shard (id ≥ count, count < 1, not two integers) closes with 4010 Invalid Shard.
 *   Stricter than Discord by default: a `num_shards` differing from that of a session still connected
 *   is also 4010 (`rejectMixedShardCounts`). Discord allows mixed counts ("You can establish multiple
 *   sessions with the same [shard_id, num_shards], or sessions with different num_shards values")
 *   for rolling reshards, but for this project two counts at once is a configuration bug.
 * - "Each shard can only support a maximum of 2500 guilds": a session that would handle more than
 *   `maxGuildsPerShard` guilds (off by default) closes with 4011 Sharding Required.
 * - Identify concurrency: one IDENTIFY per rate-limit bucket (`shard_id % max_concurrency`) per
 *   5 s. Discord's docs: "If your app exceeds this limit, Discord will respond with an Opcode 9
 *   Invalid Session" (not a close code, not a queue). So does this server, at once and with
 *   `d: false`; discord.js then reconnects and identifies again after its own 5 s throttle. By
 *   default the window only applies to sharded sessions (num_shards > 1): Discord applies it to
 *   every IDENTIFY, but the e2e tests restart single-shard bots within seconds (`identifyRateLimit`).
 * - The session start limit (`total` IDENTIFYs per 24 h, RESUMEs free): "Upon hitting this limit,
 *   all active sessions for the app will be terminated, the bot token will be reset". An IDENTIFY
 *   with none remaining revokes the token here (every session closes with 4004; REST answers 401).
 * - "You can establish multiple sessions with the same [shard_id, num_shards]": each gets every
 *   event of its guilds, interactions included (each with a token of its own), as on Discord: a
 *   bot run twice answers twice. A session ends when its client closes with 1000/1001, when it
 *   stops heartbeating (4009, gateway-heartbeats.ts), or when the test invalidates it.
 */

export interface ShardingOptions {
  /** `shards` of GET /gateway/bot: the count Discord recommends. Default 1. */
  recommendedShards?: number;
  /** `session_start_limit.max_concurrency`: IDENTIFYs per bucket (`shard_id % max_concurrency`) per window. Default 1. */
  maxConcurrency?: number;
  /** The identify window. Default 5000 ms, as on Discord. */
  identifyIntervalMs?: number;
  /**
   * Which IDENTIFYs the window applies to: 'sharded' (default; only sessions with num_shards > 1),
   * 'all' (as Discord; single-shard restarts within 5 s get op 9 too) or 'off'.
   */
  identifyRateLimit?: 'sharded' | 'all' | 'off';
  /** `session_start_limit.total`: IDENTIFYs allowed per `sessionStartResetMs`. Default 1000. */
  sessionStartLimit?: number;
  /** Length of the session start window. Default 24 h. */
  sessionStartResetMs?: number;
  /** Close with 4011 when one session would handle more guilds than this (Discord: 2500). Default null (off). */
  maxGuildsPerShard?: number | null;
  /** Close with 4010 when num_shards differs from a connected session's. Default true (Discord allows it). */
  rejectMixedShardCounts?: boolean;
}

export type ShardingConfig = Required<Omit<ShardingOptions, 'maxGuildsPerShard'>> & { maxGuildsPerShard: number | null };

export function resolveSharding(options: ShardingOptions = {}, base?: ShardingConfig): ShardingConfig {
  const config: ShardingConfig = {
    recommendedShards: options.recommendedShards ?? base?.recommendedShards ?? 1,
    maxConcurrency: options.maxConcurrency ?? base?.maxConcurrency ?? 1,
    identifyIntervalMs: options.identifyIntervalMs ?? base?.identifyIntervalMs ?? 5000,
    identifyRateLimit: options.identifyRateLimit ?? base?.identifyRateLimit ?? 'sharded',
    sessionStartLimit: options.sessionStartLimit ?? base?.sessionStartLimit ?? 1000,
    sessionStartResetMs: options.sessionStartResetMs ?? base?.sessionStartResetMs ?? 86_400_000,
    maxGuildsPerShard: options.maxGuildsPerShard !== undefined ? options.maxGuildsPerShard : (base?.maxGuildsPerShard ?? null),
    rejectMixedShardCounts: options.rejectMixedShardCounts ?? base?.rejectMixedShardCounts ?? true,
  };
  const positive = (name: keyof ShardingConfig, value: number | null) => {
    if (value !== null && !(Number.isInteger(value) && value >= 1)) throw new Error(`sharding.${name} must be a positive integer, got ${value}`);
  };
  positive('recommendedShards', config.recommendedShards);
  positive('maxConcurrency', config.maxConcurrency);
  positive('sessionStartLimit', config.sessionStartLimit);
  positive('maxGuildsPerShard', config.maxGuildsPerShard);
  return config;
}

/** The shard a guild's events go to: `(guild_id >> 22) % num_shards`. */
export function shardOf(guildId: string, shardCount: number): number {
  return Number((BigInt(guildId) >> 22n) % BigInt(shardCount));
}

/** IDENTIFY's `shard` field as `[id, count]`, or why it is invalid (close 4010). Absent means `[0, 1]`. */
export function parseShard(value: unknown): [number, number] | { invalid: string } {
  if (value === undefined || value === null) return [0, 1];
  if (!Array.isArray(value) || value.length !== 2 || !value.every((n) => Number.isInteger(n))) {
    return { invalid: `shard must be [shard_id, num_shards], got ${JSON.stringify(value)}` };
  }
  const [id, count] = value as [number, number];
  if (count < 1) return { invalid: `num_shards ${count} is below 1` };
  if (id < 0 || id >= count) return { invalid: `shard_id ${id} is not in 0..${count - 1}` };
  return [id, count];
}

/** What tests see of one shard's session (`discord.shardSessions()`). */
export interface ShardSessionInfo {
  shard: [number, number];
  sessionId: string;
  /** Its websocket is open. */
  connected: boolean;
  /** Identified or resumed on the open connection: it receives its guilds' events. */
  ready: boolean;
  /** The guilds whose events it gets, in store order. */
  guildIds: string[];
  identifiedAt: number;
  /** Times this session was resumed. */
  resumeCount: number;
  /** The last sequence number dispatched to it. */
  seq: number;
  lastClose: { at: number; code: number } | null;
}

/** One end of a TCP connection. */
export interface Peer {
  address: string;
  port: number;
}

/** Every session of a shard, ended ones included (`discord.sessionsOfShard(id)`). */
export interface GatewaySessionInfo extends ShardSessionInfo {
  /** Ended (closed with 1000/1001, timed out with 4009, invalidated): it gets nothing and cannot resume. */
  invalidated: boolean;
  /** The client end of its latest connection, e.g. the bot process's port (tests/e2e/hosts.ts finds the process). */
  peer: Peer | null;
  /** When its open connection last heartbeated (or got HELLO); null when it has none. */
  lastHeartbeatAt: number | null;
}

/** GET /gateway/bot's `session_start_limit`. */
export interface SessionStartLimit {
  total: number;
  remaining: number;
  reset_after: number;
  max_concurrency: number;
}

/** Counts IDENTIFYs: the daily session start budget and the per-bucket 5 s window. */
export class IdentifyBudget {
  private windowStart: number | null = null;
  private used = 0;
  /** Last successful IDENTIFY per rate-limit bucket. */
  private readonly lastByBucket = new Map<number, number>();

  constructor(private readonly config: () => ShardingConfig) {}

  sessionStartLimit(now = Date.now()): SessionStartLimit {
    this.roll(now);
    const { sessionStartLimit: total, sessionStartResetMs, maxConcurrency } = this.config();
    return {
      total,
      remaining: Math.max(0, total - this.used),
      reset_after: this.windowStart === null ? sessionStartResetMs : Math.max(0, this.windowStart + sessionStartResetMs - now),
      max_concurrency: maxConcurrency,
    };
  }

  /** No session start is left in the current window. */
  exhausted(now = Date.now()): boolean {
    return this.sessionStartLimit(now).remaining === 0;
  }

  /** How long ago the bucket of this shard last identified, when that is within the window (else null). */
  tooSoon(shard: [number, number], now = Date.now()): number | null {
    const { identifyRateLimit, identifyIntervalMs, maxConcurrency } = this.config();
    if (identifyRateLimit === 'off' || (identifyRateLimit === 'sharded' && shard[1] === 1)) return null;
    const last = this.lastByBucket.get(shard[0] % maxConcurrency);
    return last !== undefined && now - last < identifyIntervalMs ? now - last : null;
  }

  record(shard: [number, number], now = Date.now()): void {
    this.roll(now);
    if (this.windowStart === null) this.windowStart = now;
    this.used += 1;
    this.lastByBucket.set(shard[0] % this.config().maxConcurrency, now);
  }

  private roll(now: number): void {
    if (this.windowStart !== null && now - this.windowStart >= this.config().sessionStartResetMs) {
      this.windowStart = null;
      this.used = 0;
    }
  }
}
