/**
 * Setting up a fake Discord: the options of `startFakeDiscord` and the guilds it creates (roles,
 * the owner, the bot's member and text channels).
 */
import type { FakeDiscordContext, ResolvedOptions } from './context.js';
import { ChannelKind, type GuildRecord, type UserRecord } from './model.js';
import { ALL_PERMISSIONS, EVERYONE_PERMISSIONS, MANAGER_PERMISSIONS, type PermissionInput } from './permissions.js';
import { resolveSharding, type ShardingOptions } from './shards.js';
import { defaultHeartbeatTimeout } from './gateway-heartbeats.js';
import { PostLedger } from './posts.js';
import { snowflake, snowflakeOnShard } from './snowflake.js';
import { Store } from './store.js';

export interface ChannelSpec {
  id?: string;
  name: string;
  topic?: string;
}

export interface GuildSpec {
  id?: string;
  name?: string;
  /** The guild's preferred locale (interaction `guild_locale`), default 'en-US'. */
  locale?: string;
  /** Text channels; default ['general', 'games']. The first one is the default channel. */
  channels?: Array<string | ChannelSpec>;
  /** Without `id`: make an id whose guild belongs to this `[shard_id, num_shards]`. */
  shard?: [number, number];
}

export interface FakeDiscordOptions {
  /** The token the bot must present (REST `Authorization: Bot <token>` and gateway IDENTIFY). */
  botToken: string;
  /** Application id = bot user id (like modern Discord apps). Default: a fresh snowflake. */
  applicationId?: string;
  botUsername?: string;
  /** Permissions of the bot's managed role. */
  botPermissions?: PermissionInput;
  /** Default: one guild "Test Server" with #general and #games. */
  guilds?: GuildSpec[];
  /** Lifetime of interaction tokens (webhook follow-ups/edits). Default 15 minutes. */
  interactionTokenTtlMs?: number;
  /** Deadline for the first answer to an interaction. Default 3000 ms. */
  ackDeadlineMs?: number;
  /** Refuse late callbacks with 404 "Unknown interaction" as Discord does. Default false (record only). */
  enforceAckDeadline?: boolean;
  /** heartbeat_interval sent in HELLO. Default 41250 ms. */
  heartbeatIntervalMs?: number;
  /**
   * A connection that sends no heartbeat for this long is closed with 4009 Session timed out and
   * its session ends, as Discord does to a zombie (a frozen process). Default 1.5 intervals plus
   * 5 s (gateway-heartbeats.ts); null never closes one.
   */
  heartbeatTimeoutMs?: number | null;
  /** Default timeout for waits and user actions. Default 10000 ms. */
  defaultTimeoutMs?: number;
  /** Port to listen on (default: a free one) and host (default 127.0.0.1). */
  port?: number;
  host?: string;
  /** Log every REST call and gateway payload. Also enabled by FAKE_DISCORD_VERBOSE=1. */
  verbose?: boolean;
  /**
   * Keep the bytes of uploaded files (default true: tests read the board images). The click
   * benchmark turns it off: megabytes of images a second kept in this process made its own
   * garbage collection stall the very clocks that time the bot's answers. Sizes, PNG dimensions
   * and Discord's upload limit still apply; the attachment's `bytes` are then empty.
   */
  keepUploadedBytes?: boolean;
  /**
   * Sharding rules and figures (see shards.ts): `recommendedShards` (GET /gateway/bot `shards`,
   * default 1), `maxConcurrency` (default 1), `maxGuildsPerShard` (4011 above it; default off),
   * `sessionStartLimit`, `identifyRateLimit`, `rejectMixedShardCounts`...
   */
  sharding?: ShardingOptions;
  /**
   * The privileged gateway intents enabled for the application in the developer portal, e.g.
   * `Intent.GuildMembers` (default none): an IDENTIFY asking for another is closed with 4014, as on
   * Discord; a session without GUILD_MEMBERS gets no GUILD_MEMBER_ADD/REMOVE.
   */
  privilegedIntents?: number;
}

/** Create a guild with its roles, owner, bot member and text channels. */
export function createGuild(store: Store, bot: UserRecord, spec: GuildSpec, botPermissions: bigint): GuildRecord {
  const id = spec.id ?? (spec.shard ? snowflakeOnShard(spec.shard[0], spec.shard[1]) : snowflake());
  const owner = store.addUser({ id: snowflake(), username: 'guild-owner', globalName: 'Owner', bot: false, locale: 'en-US' });
  const roleIds = { everyone: id, bot: snowflake(), manager: snowflake(), admin: snowflake() };
  const guild: GuildRecord = {
    id,
    name: spec.name ?? 'Test Server',
    ownerId: owner.id,
    preferredLocale: spec.locale ?? 'en-US',
    roleIds,
    roles: [
      { id: roleIds.everyone, name: '@everyone', permissions: EVERYONE_PERMISSIONS, position: 0, managed: false },
      { id: roleIds.manager, name: 'Manager', permissions: MANAGER_PERMISSIONS, position: 1, managed: false },
      { id: roleIds.admin, name: 'Admin', permissions: ALL_PERMISSIONS, position: 2, managed: false },
      { id: roleIds.bot, name: bot.username, permissions: botPermissions, position: 3, managed: true, botId: bot.id },
    ],
  };
  store.guilds.set(id, guild);
  const now = Date.now();
  store.addMember({ userId: owner.id, guildId: id, roleIds: [], joinedAt: now, nick: null });
  store.addMember({ userId: bot.id, guildId: id, roleIds: [roleIds.bot], joinedAt: now, nick: null });
  const channels = spec.channels?.length ? spec.channels : ['general', 'games'];
  channels.forEach((entry, position) => {
    const c = typeof entry === 'string' ? { name: entry } : entry;
    store.addChannel({
      id: c.id ?? snowflake(),
      type: ChannelKind.GuildText,
      guildId: id,
      name: c.name,
      parentId: null,
      position,
      topic: c.topic ?? null,
      lastMessageId: null,
      createdAt: now,
    });
  });
  return guild;
}

/** The options with defaults filled in, the store and the bot user; gateway and tracker come next. */
export function createContext(options: FakeDiscordOptions): FakeDiscordContext {
  const resolved: ResolvedOptions = {
    botToken: options.botToken,
    applicationId: options.applicationId ?? snowflake(),
    interactionTokenTtlMs: options.interactionTokenTtlMs ?? 15 * 60_000,
    ackDeadlineMs: options.ackDeadlineMs ?? 3000,
    enforceAckDeadline: options.enforceAckDeadline ?? false,
    heartbeatIntervalMs: options.heartbeatIntervalMs ?? 41_250,
    heartbeatTimeoutMs: options.heartbeatTimeoutMs !== undefined ? options.heartbeatTimeoutMs : defaultHeartbeatTimeout(options.heartbeatIntervalMs ?? 41_250),
    attachmentSizeLimit: 10 * 1024 * 1024,
    defaultTimeoutMs: options.defaultTimeoutMs ?? 10_000,
    verbose: options.verbose ?? process.env.FAKE_DISCORD_VERBOSE === '1',
    keepUploadedBytes: options.keepUploadedBytes ?? true,
    sharding: resolveSharding(options.sharding),
    privilegedIntents: options.privilegedIntents ?? 0,
  };
  const store = new Store();
  const bot: UserRecord = store.addUser({
    id: resolved.applicationId,
    username: options.botUsername ?? 'TestBot',
    globalName: null,
    bot: true,
    locale: 'en-US',
  });
  return {
    options: resolved,
    store,
    bot,
    origin: '',
    botTokenRevoked: false,
    posts: new PostLedger(),
    log: (message: string) => {
      if (resolved.verbose) console.log(`[fake-discord] ${message}`);
    },
  } as FakeDiscordContext;
}
