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
 * identifies again. Several sessions can be connected, one per `[shard_id, num_shards]` (see
 * shards.ts for the rules and the close codes): each dispatch goes to the session of its guild's
 * shard (shard 0 for DMs); two sessions of the same shard: the newest identified one gets it.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import type { FakeDiscordContext } from './context.js';
import { GatewayClose, Op, ZlibStream, type GatewayLogEntry, type GatewayPayload } from './gateway-protocol.js';
import { SessionRegistry, isOpen, type Connection, type Session } from './gateway-sessions.js';
import { apiGuildCreate, apiUser } from './payloads.js';
import { admitIdentify } from './gateway-identify.js';
import { IdentifyBudget, type SessionStartLimit, type ShardSessionInfo } from './shards.js';

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
}

export interface DisconnectOptions {
  code?: number;
  reason?: string;
  invalidate?: boolean;
  /** Only this shard's session (default: every shard). */
  shard?: number;
}

const BACKLOG_LIMIT = 2000;
const guildIdOf = (d: unknown): string | null => {
  const id = (d as { guild_id?: unknown } | null)?.guild_id;
  return typeof id === 'string' ? id : null;
};

export class Gateway {
  private readonly wss = new WebSocketServer({ noServer: true });
  private readonly sessions: SessionRegistry;
  private identifyCount = 0;
  private resumeCount = 0;
  /** An outage: connections are refused (see `setDown`). */
  private down = false;
  readonly budget: IdentifyBudget;
  readonly log: GatewayLogEntry[] = [];

  constructor(private readonly ctx: FakeDiscordContext) {
    this.budget = new IdentifyBudget(() => ctx.options.sharding);
    this.sessions = new SessionRegistry(() => [...ctx.store.guilds.keys()]);
    this.wss.on('connection', (socket, request) => this.onConnection(socket, request));
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
      identifyCount: this.identifyCount,
      resumeCount: this.resumeCount,
      lastClose: newest?.lastClose ?? null,
      shardCount: this.sessions.shardCount,
      shards: this.sessions.info(),
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
      if (this.dispatchTo(session, t, d, opts.intent)) sent = true;
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
        this.send(connection, { op: Op.InvalidSession, d: false, s: null, t: null });
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
    for (const session of this.sessions.all()) {
      if (session.invalidated && !session.connection) continue;
      session.invalidated = true;
      session.connection?.socket.close(GatewayClose.AuthenticationFailed, 'Authentication failed.');
    }
  }

  /** Ask the bot (or one shard) to reconnect and resume (op 7), as Discord does during maintenance. */
  requestReconnect(shard?: number): void {
    for (const session of this.sessions.live(shard)) {
      if (session.connection) this.send(session.connection, { op: Op.Reconnect, d: null, s: null, t: null });
    }
  }

  async close(): Promise<void> {
    for (const client of this.wss.clients) client.terminate();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }

  // ---- routing -----------------------------------------------------------------------------

  private dispatchTo(session: Session, t: string, d: unknown, intent?: number): boolean {
    if (session.invalidated) return false;
    if (intent !== undefined && (session.intents & intent) === 0) return false;
    session.seq += 1;
    session.backlog.push({ s: session.seq, t, d });
    if (session.backlog.length > BACKLOG_LIMIT) session.backlog.shift();
    const connection = session.connection;
    if (!connection || connection.socket.readyState !== WebSocket.OPEN) return false;
    this.send(connection, { op: Op.Dispatch, d, s: session.seq, t });
    return true;
  }

  // ---- connection handling -----------------------------------------------------------------

  private onConnection(socket: WebSocket, request: IncomingMessage): void {
    const query = new URL(request.url ?? '/', 'http://local').searchParams;
    const connection: Connection = {
      socket,
      zlibStream: query.get('compress') === 'zlib-stream' ? new ZlibStream() : null,
      identifyCompress: false,
      session: null,
      sendQueue: Promise.resolve(),
    };
    this.ctx.log(`gateway: connection ${request.url ?? ''}`);

    const version = query.get('v');
    if (version !== null && version !== '10') {
      socket.close(GatewayClose.InvalidApiVersion, 'Invalid API version');
      console.warn(`[fake-discord] gateway: client asked for API v${version}; only v10 is implemented`);
      return;
    }
    const encoding = query.get('encoding') ?? 'json';
    if (encoding !== 'json') {
      console.warn(`[fake-discord] gateway: encoding "${encoding}" is not implemented (json only)`);
      socket.close(GatewayClose.DecodeError, 'Only JSON encoding is supported');
      return;
    }

    socket.on('message', (data, isBinary) => this.onMessage(connection, data, isBinary));
    socket.on('close', (code) => this.onClose(connection, code));
    socket.on('error', (error) => this.ctx.log(`gateway: socket error ${error.message}`));
    this.send(connection, { op: Op.Hello, d: { heartbeat_interval: this.ctx.options.heartbeatIntervalMs }, s: null, t: null });
  }

  private onMessage(connection: Connection, data: RawData, isBinary: boolean): void {
    let payload: GatewayPayload;
    try {
      const text = Array.isArray(data) ? Buffer.concat(data).toString('utf8') : Buffer.from(data as ArrayBuffer).toString('utf8');
      payload = JSON.parse(text) as GatewayPayload;
    } catch {
      connection.socket.close(GatewayClose.DecodeError, `Could not decode ${isBinary ? 'binary' : 'text'} payload`);
      return;
    }
    this.record('in', payload, connection.session);

    switch (payload.op) {
      case Op.Heartbeat:
        this.send(connection, { op: Op.HeartbeatAck, d: null, s: null, t: null });
        return;
      case Op.Identify:
        this.identify(connection, (payload.d ?? {}) as Record<string, unknown>);
        return;
      case Op.Resume:
        this.resume(connection, (payload.d ?? {}) as Record<string, unknown>);
        return;
      case Op.PresenceUpdate:
      case Op.VoiceStateUpdate:
      case Op.RequestGuildMembers:
        if (!connection.session) connection.socket.close(GatewayClose.NotAuthenticated, 'Not authenticated.');
        return; // accepted and ignored
      default:
        console.warn(`[fake-discord] gateway: unknown opcode ${payload.op}`);
        connection.socket.close(GatewayClose.UnknownOpcode, 'Unknown opcode.');
    }
  }

  private identify(connection: Connection, d: Record<string, unknown>): void {
    const { store, bot, options } = this.ctx;
    if (connection.session && d.token === options.botToken && !this.ctx.botTokenRevoked) {
      connection.socket.close(GatewayClose.AlreadyAuthenticated, 'Already authenticated.');
      return;
    }
    const admission = admitIdentify(this.ctx, this.sessions, this.budget, d);
    if (admission.kind !== 'accept') {
      console.warn(`[fake-discord] gateway: ${admission.warning}`);
      if (admission.kind === 'invalid-session') {
        this.send(connection, { op: Op.InvalidSession, d: false, s: null, t: null });
      } else if (admission.kind === 'close') {
        connection.socket.close(admission.code, admission.reason);
      } else {
        this.ctx.botTokenRevoked = true;
        this.closeForRevokedToken();
        connection.socket.close(GatewayClose.AuthenticationFailed, 'Authentication failed.');
        store.notify({ kind: 'gateway-updated' });
      }
      return;
    }
    const { shard, guilds } = admission;
    const session: Session = {
      id: randomBytes(16).toString('hex'),
      shard,
      seq: 0,
      intents: typeof d.intents === 'number' ? d.intents : 0,
      connection,
      ready: false,
      invalidated: false,
      backlog: [],
      identifiedAt: Date.now(),
      resumeCount: 0,
      lastClose: null,
    };
    this.budget.record(shard);
    connection.session = session;
    connection.identifyCompress = d.compress === true && connection.zlibStream === null;
    this.sessions.add(session, options.sharding.rejectMixedShardCounts);
    this.identifyCount += 1;

    this.dispatchTo(session, 'READY', {
      v: 10,
      user: { ...apiUser(bot), verified: true, mfa_enabled: false, email: null },
      guilds: guilds.map((g) => ({ id: g.id, unavailable: true })),
      session_id: session.id,
      resume_gateway_url: this.url,
      shard,
      application: { id: options.applicationId, flags: 0 },
    });
    for (const guild of guilds) this.dispatchTo(session, 'GUILD_CREATE', apiGuildCreate(store, guild, bot.id));
    session.ready = true;
    this.ctx.log(`gateway: session ${session.id} identified as shard [${shard.join(', ')}] (intents ${session.intents}, ${guilds.length} guilds)`);
    store.notify({ kind: 'gateway-updated' });
  }

  private resume(connection: Connection, d: Record<string, unknown>): void {
    const session = this.sessions.resumable(d.session_id);
    if (d.token !== this.ctx.options.botToken || this.ctx.botTokenRevoked) {
      connection.socket.close(GatewayClose.AuthenticationFailed, 'Authentication failed.');
      return;
    }
    if (!session) {
      this.send(connection, { op: Op.InvalidSession, d: false, s: null, t: null });
      return;
    }
    const previous = session.connection;
    if (previous && previous !== connection && previous.socket.readyState === WebSocket.OPEN) {
      previous.socket.close(GatewayClose.UnknownError, 'Session resumed elsewhere');
    }
    session.connection = connection;
    connection.session = session;
    const seq = typeof d.seq === 'number' ? d.seq : 0;
    for (const missed of session.backlog.filter((e) => e.s > seq)) {
      this.send(connection, { op: Op.Dispatch, d: missed.d, s: missed.s, t: missed.t });
    }
    this.dispatchTo(session, 'RESUMED', {});
    session.ready = true;
    session.resumeCount += 1;
    this.resumeCount += 1;
    this.ctx.log(`gateway: session ${session.id} [${session.shard.join(', ')}] resumed from seq ${seq}`);
    this.ctx.store.notify({ kind: 'gateway-updated' });
  }

  private onClose(connection: Connection, code: number): void {
    const session = connection.session;
    this.ctx.log(`gateway: connection closed with ${code}`);
    if (!session || session.connection !== connection) return;
    session.connection = null;
    session.ready = false;
    session.lastClose = { at: Date.now(), code };
    // A client closing with 1000/1001 ends its session (Discord will not let it resume).
    if (code === 1000 || code === 1001) session.invalidated = true;
    this.ctx.store.notify({ kind: 'gateway-updated' });
  }

  // ---- sending -----------------------------------------------------------------------------

  private send(connection: Connection, payload: GatewayPayload): void {
    this.record('out', payload, connection.session);
    const json = JSON.stringify(payload);
    const { socket } = connection;
    if (connection.zlibStream) {
      const stream = connection.zlibStream;
      connection.sendQueue = connection.sendQueue
        .then(() => stream.compress(json))
        .then((bytes) => {
          if (socket.readyState === WebSocket.OPEN) socket.send(bytes);
        })
        .catch((error: unknown) => this.ctx.log(`gateway: compression failed ${String(error)}`));
      return;
    }
    if (socket.readyState !== WebSocket.OPEN) return;
    socket.send(connection.identifyCompress ? zlib.deflateSync(json) : json);
  }

  private record(direction: 'in' | 'out', payload: GatewayPayload, session: Session | null): void {
    if (payload.op === Op.Heartbeat || payload.op === Op.HeartbeatAck) return;
    this.log.push({ at: Date.now(), direction, op: payload.op, t: payload.t, s: payload.s, sessionId: session?.id ?? null, shard: session?.shard ?? null });
    if (this.log.length > 500) this.log.shift();
    if (this.ctx.options.verbose) {
      const shard = session && session.shard[1] > 1 ? ` [${session.shard.join(',')}]` : '';
      console.log(`[fake-discord] gateway${shard} ${direction} op=${payload.op}${payload.t ? ` ${payload.t}` : ''}${payload.s ? ` s=${payload.s}` : ''}`);
    }
  }
}
