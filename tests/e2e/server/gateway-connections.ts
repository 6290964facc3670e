/**
 * The gateway's connections, one WebSocket each: HELLO and the heartbeats (a silent one is closed,
 * gateway-heartbeats.ts), IDENTIFY (a new session
 * with READY and its guilds) and RESUME (the missed dispatches of a known session replayed), the
 * close that leaves a session resumable or ends it, and the sending itself (JSON, zlib-stream or
 * identify-level compression), with the log kept for diagnostics. Where a dispatch goes and what
 * tests do to the connections is gateway.ts's.
 */
import type { IncomingMessage } from 'node:http';
import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import { WebSocket, type RawData } from 'ws';
import type { FakeDiscordContext } from './context.js';
import { GatewayClose, Op, ZlibStream, type GatewayLogEntry, type GatewayPayload } from './gateway-protocol.js';
import type { Connection, Session, SessionRegistry } from './gateway-sessions.js';
import { apiGuildCreate, apiUser } from './payloads.js';
import { admitIdentify } from './gateway-identify.js';
import { HeartbeatWatch } from './gateway-heartbeats.js';
import type { IdentifyBudget } from './shards.js';

const BACKLOG_LIMIT = 2000;

export class GatewayConnections {
  /** How many times a bot identified, and resumed a session. */
  identifyCount = 0;
  resumeCount = 0;
  readonly log: GatewayLogEntry[] = [];
  readonly heartbeats: HeartbeatWatch;

  constructor(
    private readonly ctx: FakeDiscordContext,
    private readonly sessions: SessionRegistry,
    private readonly budget: IdentifyBudget,
    /** READY's resume_gateway_url. */
    private readonly url: () => string,
  ) {
    this.heartbeats = new HeartbeatWatch(ctx);
  }

  /** The token was revoked or reset: end every session and close with 4004, which discord.js does not retry. */
  closeForRevokedToken(): void {
    for (const session of this.sessions.all()) {
      if (session.invalidated && !session.connection) continue;
      session.invalidated = true;
      session.connection?.socket.close(GatewayClose.AuthenticationFailed, 'Authentication failed.');
    }
  }

  // ---- routing -----------------------------------------------------------------------------

  /** Sends a dispatch on a session (kept in its backlog for RESUME); false when it did not go out now. */
  dispatchTo(session: Session, t: string, d: unknown, intent?: number): boolean {
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

  /** A new WebSocket connection: HELLO, then the client's payloads. */
  accept(socket: WebSocket, request: IncomingMessage): void {
    const query = new URL(request.url ?? '/', 'http://local').searchParams;
    const connection: Connection = {
      socket,
      zlibStream: query.get('compress') === 'zlib-stream' ? new ZlibStream() : null,
      identifyCompress: false,
      session: null,
      sendQueue: Promise.resolve(),
      peer: request.socket.remoteAddress && request.socket.remotePort ? { address: request.socket.remoteAddress, port: request.socket.remotePort } : null,
      lastHeartbeatAt: Date.now(),
      heartbeatTimer: null,
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
    this.heartbeats.start(connection);
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
        this.heartbeats.beat(connection);
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
      peer: connection.peer,
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
      resume_gateway_url: this.url(),
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
    session.peer = connection.peer;
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
    this.heartbeats.stop(connection);
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

  send(connection: Connection, payload: GatewayPayload): void {
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
