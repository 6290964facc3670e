/**
 * The gateway's sessions and where events go: every session ever identified (for RESUME), the
 * one each `[shard_id, num_shards]` routes to (the newest identified), readiness per shard and
 * per guild, and what tests see of them.
 */
import { WebSocket } from 'ws';
import type { ZlibStream } from './gateway-protocol.js';
import { shardOf, type ShardSessionInfo } from './shards.js';

export interface Connection {
  socket: WebSocket;
  zlibStream: ZlibStream | null;
  identifyCompress: boolean;
  session: Session | null;
  /** Keeps compressed sends in order. */
  sendQueue: Promise<void>;
}

export interface Session {
  id: string;
  shard: [number, number];
  seq: number;
  intents: number;
  connection: Connection | null;
  /** READY and every GUILD_CREATE (or RESUMED) were sent on the current connection. */
  ready: boolean;
  invalidated: boolean;
  /** Dispatches kept for RESUME. */
  backlog: Array<{ s: number; t: string; d: unknown }>;
  identifiedAt: number;
  resumeCount: number;
  lastClose: { at: number; code: number } | null;
}

const keyOf = (shard: [number, number]) => `${shard[0]}/${shard[1]}`;
export const isOpen = (session: Session): boolean => session.connection?.socket.readyState === WebSocket.OPEN;
export const sessionReady = (session: Session): boolean => session.ready && !session.invalidated && isOpen(session);

export class SessionRegistry {
  private readonly sessions = new Map<string, Session>();
  /** The session each `[shard_id, num_shards]` routes to: the newest identified one. */
  private readonly current = new Map<string, Session>();
  /** The newest identified session (its num_shards is the bot's shard count). */
  newest: Session | null = null;

  constructor(private readonly guildIds: () => string[]) {}

  /**
   * A newly identified session takes over its shard. With `dropOtherCounts`, sessions of another
   * num_shards (all disconnected by then: a bot restarted with a new count) can no longer resume.
   */
  add(session: Session, dropOtherCounts: boolean): void {
    this.sessions.set(session.id, session);
    this.current.set(keyOf(session.shard), session);
    this.newest = session;
    if (!dropOtherCounts) return;
    for (const [key, stale] of this.current) {
      if (stale.shard[1] !== session.shard[1]) {
        stale.invalidated = true;
        this.current.delete(key);
      }
    }
  }

  /** A session that may RESUME: known, not invalidated, still the one its shard routes to. */
  resumable(sessionId: unknown): Session | null {
    const session = typeof sessionId === 'string' ? this.sessions.get(sessionId) : undefined;
    if (!session || session.invalidated || this.current.get(keyOf(session.shard)) !== session) return null;
    return session;
  }

  all(): Session[] {
    return [...this.sessions.values()];
  }

  /** Current (routed-to, not invalidated) sessions, optionally of one shard id. */
  live(shard?: number): Session[] {
    return [...this.current.values()].filter((s) => !s.invalidated && (shard === undefined || s.shard[0] === shard));
  }

  /** A connected current session whose num_shards differs from `count`. */
  connectedWithOtherCount(count: number): Session | undefined {
    return this.live().find((s) => isOpen(s) && s.shard[1] !== count);
  }

  /** The sessions an event of this guild (null: DM or guild-less, shard 0) goes to. */
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
    const session = targets[0];
    return session
      ? `${where} is not connected (session ${session.id}${session.lastClose ? `, last close code ${session.lastClose.code}` : ''})`
      : `no session of ${where} is identified`;
  }

  /** The sessions events are routed to, sorted by num_shards and shard id. */
  info(): ShardSessionInfo[] {
    const guilds = this.guildIds();
    return this.live()
      .sort((a, b) => a.shard[1] - b.shard[1] || a.shard[0] - b.shard[0])
      .map((s) => ({
        shard: [s.shard[0], s.shard[1]],
        sessionId: s.id,
        connected: isOpen(s),
        ready: sessionReady(s),
        guildIds: guilds.filter((g) => shardOf(g, s.shard[1]) === s.shard[0]),
        identifiedAt: s.identifiedAt,
        resumeCount: s.resumeCount,
        seq: s.seq,
        lastClose: s.lastClose,
      }));
  }

  /** One line per shard for diagnostics: `[0, 2] ready; [1, 2] down (1006)`. */
  describe(): string {
    const shards = this.info();
    if (shards.length === 0) return 'none';
    return shards
      .map((s) => `[${s.shard.join(', ')}] ${s.ready ? 'ready' : s.connected ? 'connected' : `down${s.lastClose ? ` (${s.lastClose.code})` : ''}`}`)
      .join('; ');
  }
}
