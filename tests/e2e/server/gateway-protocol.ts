/**
 * The gateway's wire vocabulary: opcodes, close codes, intents, the payload envelope, the log kept
 * for diagnostics, and Discord's `compress=zlib-stream` transport.
 */
import zlib from 'node:zlib';

export const Op = {
  Dispatch: 0,
  Heartbeat: 1,
  Identify: 2,
  PresenceUpdate: 3,
  VoiceStateUpdate: 4,
  Resume: 6,
  Reconnect: 7,
  RequestGuildMembers: 8,
  InvalidSession: 9,
  Hello: 10,
  HeartbeatAck: 11,
} as const;

/** Close codes Discord uses for client mistakes. */
export const GatewayClose = {
  UnknownError: 4000,
  UnknownOpcode: 4001,
  DecodeError: 4002,
  NotAuthenticated: 4003,
  AuthenticationFailed: 4004,
  AlreadyAuthenticated: 4005,
  /** "Your session timed out. Reconnect and start a new one.": no heartbeat in time (gateway-heartbeats.ts). */
  SessionTimedOut: 4009,
  /** "You sent us an invalid shard when identifying." discord.js does not reconnect. */
  InvalidShard: 4010,
  /** "The session would have handled too many guilds - you are required to shard your connection." Not retried either. */
  ShardingRequired: 4011,
  InvalidApiVersion: 4012,
  /** "You sent an invalid intent for a Gateway Intent." discord.js does not reconnect. */
  InvalidIntents: 4013,
  /** "You sent a disallowed intent": a privileged intent not enabled for the application. Not retried. */
  DisallowedIntents: 4014,
} as const;

/** Which intent a dispatch needs (GUILDS = 1 << 0, GUILD_MEMBERS = 1 << 1, GUILD_MESSAGES = 1 << 9). */
export const Intent = { Guilds: 1 << 0, GuildMembers: 1 << 1, GuildMessages: 1 << 9 } as const;

/**
 * The privileged intents (GUILD_MEMBERS, GUILD_PRESENCES, MESSAGE_CONTENT): Discord refuses an
 * IDENTIFY asking for one that is not enabled on the application's Bot page (close 4014).
 */
export const PRIVILEGED_INTENTS = (1 << 1) | (1 << 8) | (1 << 15);
/** Every intent Discord defines (bits 0-21 and 24-25); any other bit is an invalid intent (close 4013). */
export const KNOWN_INTENTS = ((1 << 22) - 1) | (1 << 24) | (1 << 25);

export interface GatewayPayload {
  op: number;
  d: unknown;
  s: number | null;
  t: string | null;
}

/** One entry of the gateway log kept for diagnostics. */
export interface GatewayLogEntry {
  at: number;
  direction: 'in' | 'out';
  op: number;
  t: string | null;
  s: number | null;
  sessionId: string | null;
  /** The session's `[shard_id, num_shards]`, null before IDENTIFY/RESUME. */
  shard: [number, number] | null;
}

/**
 * Discord's `compress=zlib-stream` transport: one zlib context for the whole connection, each
 * payload flushed with Z_SYNC_FLUSH so it ends in 00 00 ff ff.
 */
export class ZlibStream {
  private readonly deflate = zlib.createDeflate();

  compress(text: string): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      const onData = (chunk: Buffer) => chunks.push(chunk);
      this.deflate.on('data', onData);
      this.deflate.once('error', reject);
      this.deflate.write(text);
      this.deflate.flush(zlib.constants.Z_SYNC_FLUSH, () => {
        this.deflate.off('data', onData);
        this.deflate.off('error', reject);
        resolve(Buffer.concat(chunks));
      });
    });
  }
}
