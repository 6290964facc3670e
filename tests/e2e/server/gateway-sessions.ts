/**
 * The gateway's sessions and where events go: every session ever identified (for RESUME), the
 * sessions an event of a guild goes to (every session of its shard that has not ended: on
 * Discord a bot run twice with the same shard gets every event twice), readiness per shard and per
 * guild, and what tests see of them.
 */
import { WebSocket } from 'ws';
import type { ZlibStream } from './gateway-protocol.js';
import { shardOf, type GatewaySessionInfo, type Peer, type ShardSessionInfo } from './shards.js';

export interface Connection {
  socket: WebSocket;
  zlibStream: ZlibStream | null;
  identifyCompress: boolean;
  session: Session | null;
  /** Keeps compressed sends in order. */
  sendQueue: Promise<void>;
  /** The client's end of the TCP connection. */
  peer: Peer | null;
  /** HELLO, then each heartbeat (op 1). */
  lastHeartbeatAt: number;
  /** Closes the connection with 4009 when no heartbeat comes in time (gateway-heartbeats.ts). */
  heartbeatTimer: NodeJS.Timeout | null;
}

export interface Session {
  id: string;
  shard: [number, number];
  seq: number;
  intents: number;
  connection: Connection | null;
  /** READY and every GUILD_CREATE (or RESUMED) were sent on the current connection. */
  ready: boolean;
  /** Ended: it gets no more events and cannot RESUME. */
  invalidated: boolean;
  /** Dispatches kept for RESUME. */
  backlog: Array<{ s: number; t: string; d: unknown }>;
  identifiedAt: number;
  resumeCount: number;
  lastClose: { at: number; code: number } | null;
  /** The client end of its latest connection, kept after it closed. */
  peer: Peer | null;
}

const keyOf = (shard: [number, number]) => `${shard[0]}/${shard[1]}`;
export const isOpen = (session: Session): boolean => session.connection?.socket.readyState === WebSocket.OPEN;
export const sessionReady = (session: Session): boolean => session.ready && !session.invalidated && isOpen(session);

export class SessionRegistry {
  private readonly sessions = new Map<string, Session>();
  /**
   * The newest identified session of each `[shard_id, num_shards]`: what status shows of a shard
   * even while it is down (older sessions of the shard show only while connected).
   */
  private readonly newestOf = new Map<string, Session>();
  /** The newest identified session (its num_shards is the bot's shard count). */
  newest: Session | null = null;

  constructor(private readonly guildIds: () => string[]) {}

  /**
   * A newly identified session. Older ones of its shard go on receiving events while they last.
   * With `dropOtherCounts`, sessions of another num_shards (all disconnected by then: a bot
   * restarted with a new count) end.
   */
  add(session: Session, dropOtherCounts: boolean): void {
    this.sessions.set(session.id, session);
    this.newestOf.set(keyOf(session.shard), session);
    this.newest = session;
    if (!dropOtherCounts) return;
    for (const other of this.sessions.values()) {
      if (other.shard[1] !== session.shard[1]) other.invalidated = true;
    }
    for (const [key, stale] of this.newestOf) {
      if (stale.shard[1] !== session.shard[1]) this.newestOf.delete(key);
    }
  }

  /** A session that may RESUME: known and not ended. */
  resumable(sessionId: unknown): Session | null {
    const session = typeof sessionId === 'string' ? this.sessions.get(sessionId) : undefined;
    return session && !session.invalidated ? session : null;
  }

  all(): Session[] {
    return [...this.sessions.values()];
  }

  /** Sessions that have not ended, optionally of one shard id. */
  live(shard?: number): Session[] {
    return this.all().filter((s) => !s.invalidated && (shard === undefined || s.shard[0] === shard));
  }

  /** A connected live session whose num_shards differs from `count`. */
  connectedWithOtherCount(count: number): Session | undefined {
    return this.live().find((s) => isOpen(s) && s.shard[1] !== count);
  }

  /**
   * The sessions an event of this guild (null: DM or guild-less, shard 0) goes to: every live one
   * of its shard. The connected ones get it now, the others keep it for RESUME.
   */
  targets(guildId: string | null): Session[] {
    return this.live().filter((s) => (guildId === null ? 0 : shardOf(guildId, s.shard[1])) === s.shard[0]);
  }

  get shardCount(): number {
    return this.newest?.shard[1] ?? 1;
  }

  /** Every shard id of the bot's shard count has a ready session. */
  allShardsReady(): boolean {
    const count = this.shardCount;
    const ready = this.live().filter((s) => s.shard[1] === count && sessionReady(s));
    return this.newest !== null && Array.from({ length: count }, (_, id) => id).every((id) => ready.some((s) => s.shard[0] === id));
  }

  anyReady(): boolean {
    return this.live().some(sessionReady);
  }

  /** Why an event of this guild (null: a DM) would reach no ready session, or null when it would. */
  notReadyFor(guildId: string | null): string | null {
    const targets = this.targets(guildId);
    if (targets.some(sessionReady)) return null;
    const count = this.shardCount;
    const where = count > 1 ? `shard ${guildId === null ? 0 : shardOf(guildId, count)} of ${count} (guild ${guildId ?? 'DM'})` : 'the bot';
    const session = targets.sort((a, b) => b.identifiedAt - a.identifiedAt)[0];
    return session
      ? `${where} is not connected (session ${session.id}${session.lastClose ? `, last close code ${session.lastClose.code}` : ''})`
      : `no session of ${where} is identified`;
  }

  /**
   * The sessions events are routed to, sorted by num_shards, shard id and age: the newest of each
   * shard (connected or not) and any older one still connected.
   */
  info(): ShardSessionInfo[] {
    const guilds = this.guildIds();
    const newest = new Set(this.newestOf.values());
    return this.live()
      .filter((s) => newest.has(s) || isOpen(s))
      .sort((a, b) => a.shard[1] - b.shard[1] || a.shard[0] - b.shard[0] || a.identifiedAt - b.identifiedAt)
      .map((s) => shardInfoOf(s, guilds));
  }

  /** Every session ever identified for this shard id (any num_shards), oldest first, ended ones included. */
  ofShard(shard: number): GatewaySessionInfo[] {
    const guilds = this.guildIds();
    return this.all()
      .filter((s) => s.shard[0] === shard)
      .sort((a, b) => a.identifiedAt - b.identifiedAt)
      .map((s) => ({
        ...shardInfoOf(s, guilds),
        invalidated: s.invalidated,
        peer: s.peer,
        lastHeartbeatAt: s.connection && isOpen(s) ? s.connection.lastHeartbeatAt : null,
      }));
  }

  /** One line per shard session for diagnostics: `[0, 2] ready; [1, 2] down (1006)`. */
  describe(): string {
    const shards = this.info();
    if (shards.length === 0) return 'none';
    return shards
      .map((s) => `[${s.shard.join(', ')}] ${s.ready ? 'ready' : s.connected ? 'connected' : `down${s.lastClose ? ` (${s.lastClose.code})` : ''}`}`)
      .join('; ');
  }
}

function shardInfoOf(s: Session, guilds: string[]): ShardSessionInfo {
  return {
    shard: [s.shard[0], s.shard[1]],
    sessionId: s.id,
    connected: isOpen(s),
    ready: sessionReady(s),
    guildIds: guilds.filter((g) => shardOf(g, s.shard[1]) === s.shard[0]),
    identifiedAt: s.identifiedAt,
    resumeCount: s.resumeCount,
    seq: s.seq,
    lastClose: s.lastClose,
  };
}
