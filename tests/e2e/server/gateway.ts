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
 * token gets READY plus one GUILD_CREATE per guild; RESUME (op 6) replays missed dispatches of a
 * known session or answers INVALID_SESSION (op 9, d=false) so discord.js identifies again.
 * Dispatches always go to the newest identified session.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import type { FakeDiscordContext } from './context.js';
import { apiGuildCreate, apiUser } from './payloads.js';

const Op = {
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
  InvalidApiVersion: 4012,
} as const;

/** Which intent a dispatch needs (GUILDS = 1 << 0, GUILD_MESSAGES = 1 << 9). */
export const Intent = { Guilds: 1 << 0, GuildMessages: 1 << 9 } as const;

interface GatewayPayload {
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
}

interface Connection {
  socket: WebSocket;
  zlibStream: ZlibStream | null;
  identifyCompress: boolean;
  session: Session | null;
  /** Keeps compressed sends in order. */
  sendQueue: Promise<void>;
}

interface Session {
  id: string;
  seq: number;
  intents: number;
  connection: Connection | null;
  /** READY and every GUILD_CREATE were sent on the current connection. */
  ready: boolean;
  invalidated: boolean;
  /** Dispatches kept for RESUME. */
  backlog: Array<{ s: number; t: string; d: unknown }>;
  identifiedAt: number;
  lastClose: { at: number; code: number } | null;
}

export interface GatewayStatus {
  /** A bot session is identified, connected and got its guilds. */
  ready: boolean;
  sessionId: string | null;
  /** How many times a bot identified (1 after the first start, 2 after a restart...). */
  identifyCount: number;
  /** How many times a bot resumed a session after a dropped connection. */
  resumeCount: number;
  lastClose: { at: number; code: number } | null;
}

const BACKLOG_LIMIT = 2000;

export class Gateway {
  private readonly wss = new WebSocketServer({ noServer: true });
  private readonly sessions = new Map<string, Session>();
  private current: Session | null = null;
  private identifyCount = 0;
  private resumeCount = 0;
  readonly log: GatewayLogEntry[] = [];

  constructor(private readonly ctx: FakeDiscordContext) {
    this.wss.on('connection', (socket, request) => this.onConnection(socket, request));
  }

  /** The URL handed out by GET /gateway/bot and in READY.resume_gateway_url. */
  get url(): string {
    return `${this.ctx.origin.replace(/^http/, 'ws')}/gateway`;
  }

  status(): GatewayStatus {
    const session = this.current;
    return {
      ready: this.isReady(),
      sessionId: session?.id ?? null,
      identifyCount: this.identifyCount,
      resumeCount: this.resumeCount,
      lastClose: session?.lastClose ?? null,
    };
  }

  isReady(): boolean {
    const session = this.current;
    return Boolean(session && session.ready && !session.invalidated && session.connection?.socket.readyState === WebSocket.OPEN);
  }

  /** Take over an HTTP upgrade request for the gateway path; false when the path is not ours. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    const path = new URL(request.url ?? '/', 'http://local').pathname.replace(/\/+$/, '');
    if (path !== '/gateway' && path !== '') return false;
    this.wss.handleUpgrade(request, socket, head, (ws) => this.wss.emit('connection', ws, request));
    return true;
  }

  /**
   * Send a dispatch (op 0) to the current bot session. Returns false when there is no session, the
   * session lacks the needed intent, or it is disconnected (then it is kept for RESUME).
   */
  dispatch(t: string, d: unknown, intent?: number): boolean {
    const session = this.current;
    if (!session || session.invalidated) return false;
    if (intent !== undefined && (session.intents & intent) === 0) return false;
    session.seq += 1;
    session.backlog.push({ s: session.seq, t, d });
    if (session.backlog.length > BACKLOG_LIMIT) session.backlog.shift();
    const connection = session.connection;
    if (!connection || connection.socket.readyState !== WebSocket.OPEN) return false;
    this.send(connection, { op: Op.Dispatch, d, s: session.seq, t });
    return true;
  }

  /**
   * Drop the bot's connection from the server side. With a resumable code (default 4000) discord.js
   * reconnects and RESUMEs; with `invalidate` it gets INVALID_SESSION and identifies again.
   */
  disconnect(options: { code?: number; reason?: string; invalidate?: boolean } = {}): void {
    const session = this.current;
    const connection = session?.connection;
    if (!session || !connection) return;
    if (options.invalidate) {
      session.invalidated = true;
      this.send(connection, { op: Op.InvalidSession, d: false, s: null, t: null });
      return;
    }
    connection.socket.close(options.code ?? GatewayClose.UnknownError, options.reason ?? 'Disconnected by the test');
  }

  /** The token was revoked: end the session and close with 4004, which discord.js does not retry. */
  closeForRevokedToken(): void {
    const session = this.current;
    if (!session) return;
    session.invalidated = true;
    session.connection?.socket.close(GatewayClose.AuthenticationFailed, 'Authentication failed.');
  }

  /** Ask the bot to reconnect and resume (op 7), as Discord does during maintenance. */
  requestReconnect(): void {
    const connection = this.current?.connection;
    if (connection) this.send(connection, { op: Op.Reconnect, d: null, s: null, t: null });
  }

  async close(): Promise<void> {
    for (const client of this.wss.clients) client.terminate();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
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
        this.identify(connection, payload.d as Record<string, unknown>);
        return;
      case Op.Resume:
        this.resume(connection, payload.d as Record<string, unknown>);
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
    if (d.token !== this.ctx.options.botToken || this.ctx.botTokenRevoked) {
      console.warn(`[fake-discord] gateway: IDENTIFY with a ${this.ctx.botTokenRevoked ? 'revoked' : 'wrong'} token; closing with 4004`);
      connection.socket.close(GatewayClose.AuthenticationFailed, 'Authentication failed.');
      return;
    }
    if (connection.session) {
      connection.socket.close(GatewayClose.AlreadyAuthenticated, 'Already authenticated.');
      return;
    }
    const session: Session = {
      id: randomBytes(16).toString('hex'),
      seq: 0,
      intents: typeof d.intents === 'number' ? d.intents : 0,
      connection,
      ready: false,
      invalidated: false,
      backlog: [],
      identifiedAt: Date.now(),
      lastClose: null,
    };
    connection.session = session;
    connection.identifyCompress = d.compress === true && connection.zlibStream === null;
    this.sessions.set(session.id, session);
    this.current = session;
    this.identifyCount += 1;

    const { store, bot, options } = this.ctx;
    const guilds = [...store.guilds.values()];
    this.dispatch('READY', {
      v: 10,
      user: { ...apiUser(bot), verified: true, mfa_enabled: false, email: null },
      guilds: guilds.map((g) => ({ id: g.id, unavailable: true })),
      session_id: session.id,
      resume_gateway_url: this.url,
      shard: [0, 1],
      application: { id: options.applicationId, flags: 0 },
    });
    for (const guild of guilds) this.dispatch('GUILD_CREATE', apiGuildCreate(store, guild, bot.id));
    session.ready = true;
    this.ctx.log(`gateway: session ${session.id} identified (intents ${session.intents})`);
    store.notify({ kind: 'gateway-updated' });
  }

  private resume(connection: Connection, d: Record<string, unknown>): void {
    const session = typeof d.session_id === 'string' ? this.sessions.get(d.session_id) : undefined;
    if (d.token !== this.ctx.options.botToken || this.ctx.botTokenRevoked) {
      connection.socket.close(GatewayClose.AuthenticationFailed, 'Authentication failed.');
      return;
    }
    if (!session || session.invalidated || session !== this.current) {
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
    this.dispatch('RESUMED', {});
    session.ready = true;
    this.resumeCount += 1;
    this.ctx.log(`gateway: session ${session.id} resumed from seq ${seq}`);
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
    this.log.push({ at: Date.now(), direction, op: payload.op, t: payload.t, s: payload.s, sessionId: session?.id ?? null });
    if (this.log.length > 500) this.log.shift();
    if (this.ctx.options.verbose) {
      console.log(`[fake-discord] gateway ${direction} op=${payload.op}${payload.t ? ` ${payload.t}` : ''}${payload.s ? ` s=${payload.s}` : ''}`);
    }
  }
}

/**
 * Discord's `compress=zlib-stream` transport: one zlib context for the whole connection, each
 * payload flushed with Z_SYNC_FLUSH so it ends in 00 00 ff ff.
 */
class ZlibStream {
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
