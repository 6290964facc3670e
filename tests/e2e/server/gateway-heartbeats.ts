/**
 * A connection that stops heartbeating is closed, as Discord closes a zombie: close code 4009
 * ("Session timed out. Reconnect and start a new one"). Its session ends with it (a RESUME is
 * answered with INVALID_SESSION), so a bot process that was frozen (SIGSTOP, a long GC pause, a
 * stalled VM) loses its session and, thawed, identifies anew. discord.js answers 4009 by trying
 * to resume, gets op 9, and identifies.
 *
 * The deadline runs from HELLO and from each heartbeat (op 1): `heartbeatTimeoutMs`, by default
 * 1.5 heartbeat intervals plus HEARTBEAT_GRACE_MS (discord.js's first heartbeat comes after up to
 * one interval, the next ones every interval; the grace covers a busy event loop).
 */
import type { FakeDiscordContext } from './context.js';
import { GatewayClose } from './gateway-protocol.js';
import type { Connection } from './gateway-sessions.js';

export const HEARTBEAT_GRACE_MS = 5000;

/** How long a frozen client's socket may keep the close handshake open before it is cut. */
const CLOSE_HANDSHAKE_MS = 1000;

/** `heartbeatTimeoutMs`'s default for a heartbeat interval. */
export function defaultHeartbeatTimeout(intervalMs: number): number {
  return Math.round(intervalMs * 1.5) + HEARTBEAT_GRACE_MS;
}

export class HeartbeatWatch {
  /** Sessions closed for missed heartbeats so far. */
  timeouts = 0;

  constructor(private readonly ctx: FakeDiscordContext) {}

  /** Start the deadline of a new connection (at HELLO). */
  start(connection: Connection): void {
    connection.lastHeartbeatAt = Date.now();
    const timeout = this.ctx.options.heartbeatTimeoutMs;
    if (timeout === null) return;
    connection.heartbeatTimer = setTimeout(() => this.timedOut(connection), timeout);
    connection.heartbeatTimer.unref();
  }

  /** A heartbeat came: the deadline starts again. */
  beat(connection: Connection): void {
    connection.lastHeartbeatAt = Date.now();
    connection.heartbeatTimer?.refresh();
  }

  stop(connection: Connection): void {
    if (connection.heartbeatTimer) clearTimeout(connection.heartbeatTimer);
    connection.heartbeatTimer = null;
  }

  private timedOut(connection: Connection): void {
    connection.heartbeatTimer = null;
    const session = connection.session;
    const silent = Date.now() - connection.lastHeartbeatAt;
    this.ctx.log(`gateway: no heartbeat for ${silent} ms${session ? ` from session ${session.id} [${session.shard.join(', ')}]` : ''}; closing with 4009`);
    // The session ends now, not when a frozen client's socket finally closes.
    if (session && session.connection === connection) {
      session.connection = null;
      session.ready = false;
      session.invalidated = true;
      session.lastClose = { at: Date.now(), code: GatewayClose.SessionTimedOut };
    }
    this.timeouts += 1;
    connection.socket.close(GatewayClose.SessionTimedOut, 'Session timed out.');
    // A stopped process never answers the close frame; the frame waits in its socket for the thaw.
    setTimeout(() => connection.socket.terminate(), CLOSE_HANDSHAKE_MS).unref();
    this.ctx.store.notify({ kind: 'gateway-updated' });
  }
}
