/**
 * The pieces of one fake Discord instance, shared by the REST routes, the gateway, the
 * interaction tracker and the simulated users.
 */
import type { Gateway } from './gateway.js';
import type { InteractionTracker } from './interactions.js';
import type { UserRecord } from './model.js';
import type { PostLedger } from './posts.js';
import type { ShardingConfig } from './shards.js';
import type { Store } from './store.js';

export interface ResolvedOptions {
  botToken: string;
  applicationId: string;
  interactionTokenTtlMs: number;
  /** Discord's deadline for the first answer to an interaction (3 s). */
  ackDeadlineMs: number;
  /** Answer late callbacks with 404 "Unknown interaction" like Discord (default: accept, record). */
  enforceAckDeadline: boolean;
  heartbeatIntervalMs: number;
  /** A connection without a heartbeat this long is closed with 4009 (null: never). */
  heartbeatTimeoutMs: number | null;
  /** Per-file upload limit (Discord's default for bots: 10 MiB). */
  attachmentSizeLimit: number;
  /** Default timeout for the test library's waits. */
  defaultTimeoutMs: number;
  /** Log every REST request and gateway event to the console. */
  verbose: boolean;
  /** Keep uploaded files' bytes (see FakeDiscordOptions.keepUploadedBytes). */
  keepUploadedBytes: boolean;
  /** Shard rules and GET /gateway/bot figures (shards.ts); tests change them with `configureSharding`. */
  sharding: ShardingConfig;
  /** The privileged intents enabled on the application's Bot page (bits of Intent); others are refused with 4014. */
  privilegedIntents: number;
}

export interface FakeDiscordContext {
  readonly options: ResolvedOptions;
  readonly store: Store;
  readonly bot: UserRecord;
  /** http://127.0.0.1:PORT, known once the server listens. */
  origin: string;
  /** Set by `revokeBotToken()`: the bot's token no longer works (REST 401, gateway 4004). */
  botTokenRevoked: boolean;
  gateway: Gateway;
  interactions: InteractionTracker;
  /** The bot's message creates, by channel and nonce (posts.ts). */
  readonly posts: PostLedger;
  log: (message: string) => void;
}
