/**
 * The Discord gateway (API v10, JSON encoding) on the same port as the REST API.
 *
 * How discord.js finds it: the Client's WebSocketManager (@discordjs/ws) calls REST
 * `GET /gateway/bot` and connects to `${url}?v=10&encoding=json` from that answer; reconnects
 * with RESUME go to READY's `resume_gateway_url`. Both point here (`ws://127.0.0.1:PORT/gateway`).
 * discord.js only asks for `compress=zlib-stream` when the optional `zlib-sync` package is
 * installed (it is not); both zlib-stream and identify-level compression are implemented anyway.
 *
 * Protocol: HELLO (op 10) on connect; heartbeats (op 1) get op 11; IDENTIFY (op 2) with the bot
 * token gets READY plus one GUILD_CREATE per guild of its shard; RESUME (op 6) replays missed
 * dispatches of a known session or answers INVALID_SESSION (op 9, d=false) so discord.js
 * identifies again. A connection without heartbeats is closed with 4009 and its session ends
 * (gateway-heartbeats.ts). Several sessions can be connected (see shards.ts for the rules and the
 * close codes): each dispatch goes to every session of its guild's shard (shard 0 for DMs), also
 * to two of the same shard, as on Discord; an interaction then carries a token of its own in each.
 *
 * This file is the gateway as the server and the tests see it: its status, where each dispatch
 * goes, and the outages, drops and reconnect requests tests cause. Each connection's handshake,
 * heartbeats, resume and sending are in gateway-connections.ts; the sessions in gateway-sessions.ts.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { FakeDiscordContext } from './context.js';
import { GatewayClose, Op, type GatewayLogEntry } from './gateway-protocol.js';
import { SessionRegistry, isOpen } from './gateway-sessions.js';
import { GatewayConnections } from './gateway-connections.js';
import { IdentifyBudget, type GatewaySessionInfo, type SessionStartLimit, type ShardSessionInfo } from './shards.js';

export { GatewayClose, Intent, type GatewayLogEntry } from './gateway-protocol.js';

export interface GatewayStatus {
  /**
   * The bot is fully connected: every shard of its shard count (that of the newest IDENTIFY; 1
   * for an unsharded bot) has a session that is identified, connected and got its guilds.
   */
  ready: boolean;
  /** The newest identified session. */
  sessionId: string | null;
  /** How many times a bot identified (1 after the first start, 2 after a restart... one per shard). */
  identifyCount: number;
  /** How many times a bot resumed a session after a dropped connection. */
  resumeCount: number;
  /** How the newest identified session's connection last closed. */
  lastClose: { at: number; code: number } | null;
  /** num_shards of the newest IDENTIFY (1 before any). */
  shardCount: number;
  /** The sessions events are routed to, by shard. */
  shards: ShardSessionInfo[];
  /** Connections closed with 4009 because they stopped heartbeating. */
  heartbeatTimeouts: number;
}

export interface DisconnectOptions {
  code?: number;
  reason?: string;
  invalidate?: boolean;
  /** Only this shard's session (default: every shard). */
  shard?: number;
}

const guildIdOf = (d: unknown): string | null => {
  const id = (d as { guild_id?: unknown } | null)?.guild_id;
  return typeof id === 'string' ? id : null;
};

export class Gateway {
  private readonly wss = new WebSocketServer({ noServer: true });
  private readonly sessions: SessionRegistry;
  private readonly connections: GatewayConnections;
  /** An outage: connections are refused (see `setDown`). */
  private down = false;
  readonly budget: IdentifyBudget;

  constructor(private readonly ctx: FakeDiscordContext) {
    this.budget = new IdentifyBudget(() => ctx.options.sharding);
    this.sessions = new SessionRegistry(() => [...ctx.store.guilds.keys()]);
    this.connections = new GatewayConnections(ctx, this.sessions, this.budget, () => this.url);
    this.wss.on('connection', (socket, request) => this.connections.accept(socket, request));
  }

  /** The payloads sent and received, heartbeats left out (the newest 500), for diagnostics. */
  get log(): readonly GatewayLogEntry[] {
    return this.connections.log;
  }

  /** The URL handed out by GET /gateway/bot and in READY.resume_gateway_url. */
  get url(): string {
    return `${this.ctx.origin.replace(/^http/, 'ws')}/gateway`;
  }

  /** GET /gateway/bot's answer. */
  botInfo(): { url: string; shards: number; session_start_limit: SessionStartLimit } {
    return { url: this.url, shards: this.ctx.options.sharding.recommendedShards, session_start_limit: this.budget.sessionStartLimit() };
  }

  status(): GatewayStatus {
    const newest = this.sessions.newest;
    return {
      ready: this.sessions.allShardsReady(),
      sessionId: newest?.id ?? null,
      identifyCount: this.connections.identifyCount,
      resumeCount: this.connections.resumeCount,
      lastClose: newest?.lastClose ?? null,
      shardCount: this.sessions.shardCount,
      shards: this.sessions.info(),
      heartbeatTimeouts: this.connections.heartbeats.timeouts,
    };
  }

  /** Every shard of the bot is ready (see GatewayStatus.ready). */
  isReady(): boolean {
    return this.sessions.allShardsReady();
  }

  /** Some shard session is connected and ready. */
  anyReady(): boolean {
    return this.sessions.anyReady();
  }

  /** Why an event of this guild (null: a DM) would reach no ready session, or null when it would. */
  notReadyFor(guildId: string | null): string | null {
    return this.sessions.notReadyFor(guildId);
  }

  /** The sessions events are routed to, sorted by num_shards and shard id. */
  shardSessions(): ShardSessionInfo[] {
    return this.sessions.info();
  }

  /** Every session of a shard id, ended ones included, oldest first. */
  sessionsOfShard(shard: number): GatewaySessionInfo[] {
    return this.sessions.ofShard(shard);
  }

  describeShards(): string {
    return this.sessions.describe();
  }

  /** Take over an HTTP upgrade request for the gateway path; false when the path is not ours. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    const path = new URL(request.url ?? '/', 'http://local').pathname.replace(/\/+$/, '');
    if (path !== '/gateway' && path !== '') return false;
    if (this.down) {
      socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return true;
    }
    this.wss.handleUpgrade(request, socket, head, (ws) => this.wss.emit('connection', ws, request));
    return true;
  }

  /**
   * Send a dispatch (op 0) to the session of the guild's shard (the guild is `guildId`, else
   * `d.guild_id`; none means shard 0, like DMs). Returns false when no session got it: none, it
   * lacks the needed intent, or it is disconnected (then it is kept for RESUME).
   */
  dispatch(t: string, d: unknown, options?: number | { intent?: number; guildId?: string | null }): boolean {
    const opts = typeof options === 'number' ? { intent: options } : (options ?? {});
    const guildId = opts.guildId !== undefined ? opts.guildId : guildIdOf(d);
    let sent = false;
    for (const session of this.sessions.targets(guildId)) {
      if (this.connections.dispatchTo(session, t, d, opts.intent)) sent = true;
    }
    return sent;
  }

  /**
   * Send a dispatch whose data differs per session (an interaction's token): `make` is called once
   * for each session that gets it, now or kept for RESUME, with that session's id and shard.
   * Returns the ids of the sessions it was sent to now.
   */
  dispatchEach(t: string, make: (session: { id: string; shard: [number, number] }) => unknown, options: { guildId: string | null }): string[] {
    const sent: string[] = [];
    for (const session of this.sessions.targets(options.guildId)) {
      if (this.connections.dispatchTo(session, t, make({ id: session.id, shard: [session.shard[0], session.shard[1]] }))) sent.push(session.id);
    }
    return sent;
  }

  /**
   * Drop the bot's connections (or one shard's) from the server side. With a resumable code
   * (default 4000) discord.js reconnects and RESUMEs; with `invalidate` it gets INVALID_SESSION
   * and identifies again.
   */
  disconnect(options: DisconnectOptions = {}): void {
    for (const session of this.sessions.live(options.shard)) {
      const connection = session.connection;
      if (!connection) continue;
      if (options.invalidate) {
        session.invalidated = true;
        this.connections.send(connection, { op: Op.InvalidSession, d: false, s: null, t: null });
      } else {
        connection.socket.close(options.code ?? GatewayClose.UnknownError, options.reason ?? 'Disconnected by the test');
      }
    }
  }

  /**
   * Cut one shard's connection like a crash or a network failure: the TCP connection ends without
   * a close frame (the client sees 1006) and the session stays resumable. Throws when the shard has
   * no connected session.
   */
  killShard(shard: number): ShardSessionInfo {
    const sessions = this.sessions.live(shard).filter(isOpen);
    if (sessions.length === 0) {
      throw new Error(`killShard(${shard}): no connected session of shard ${shard} (sessions: ${this.describeShards()})`);
    }
    const info = this.sessions.info().find((s) => s.sessionId === sessions[0]?.id) as ShardSessionInfo;
    for (const session of sessions) session.connection?.socket.terminate();
    return info;
  }

  /**
   * An outage (true) or its end (false). While down, every connection is cut like a network
   * failure (1006; the sessions stay resumable) and new ones are refused with HTTP 503.
   */
  setDown(down: boolean): void {
    this.down = down;
    if (down) for (const session of this.sessions.all()) session.connection?.socket.terminate();
    this.ctx.store.notify({ kind: 'gateway-updated' });
  }

  /** The token was revoked or reset: end every session and close with 4004, which discord.js does not retry. */
  closeForRevokedToken(): void {
    this.connections.closeForRevokedToken();
  }

  /** Ask the bot (or one shard) to reconnect and resume (op 7), as Discord does during maintenance. */
  requestReconnect(shard?: number): void {
    for (const session of this.sessions.live(shard)) {
      if (session.connection) this.connections.send(session.connection, { op: Op.Reconnect, d: null, s: null, t: null });
    }
  }

  async close(): Promise<void> {
    for (const client of this.wss.clients) client.terminate();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }
}
