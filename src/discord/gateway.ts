/**
 * The gateway as an operator sees it: a log line when a shard's connection closes (with Discord's
 * close code), while it reconnects, and when it is back (resumed, or with a new session); and each
 * shard's state for the health check and the metrics. What the bot does while it cannot hear
 * Discord is decided elsewhere.
 */
import { Events, Status, WebSocketShardEvents, type Client } from 'discord.js';
import type { Logger } from '../logger.js';

export interface ShardState {
  shard: number;
  connected: boolean;
  /** discord.js's name for the state: Ready, Connecting, Resuming, Disconnected ... */
  status: string;
}

/** Each shard this client runs; none before it logs in. */
export function gatewayShards(client: Client): ShardState[] {
  return [...client.ws.shards.values()].map((s) => ({ shard: s.id, connected: s.status === Status.Ready, status: Status[s.status] ?? String(s.status) }));
}

/** Why the bot cannot hear Discord now, or null while every shard is connected. */
export function gatewayProblem(client: Client): string | null {
  const shards = gatewayShards(client);
  if (!client.isReady() || shards.length === 0) return 'not connected to Discord';
  const down = shards.filter((s) => !s.connected);
  return down.length === 0 ? null : `not connected to Discord (${down.map((s) => `shard ${s.shard}: ${s.status}`).join(', ')})`;
}

/**
 * Logs the gateway's events. A shard that cannot get back retries about every half second, so
 * while it stays down only its 1st, 2nd, 4th, 8th ... attempt is logged.
 */
export function logGateway(client: Client, logger: Logger, now: () => number = Date.now): void {
  /** Shards whose connection is down: since when, the close code, the attempts to reconnect so far. */
  const down = new Map<number, { since: number; code?: number; attempts: number }>();
  const watched = new Set<number>();
  // Closing while the bot stops is on purpose: no line. (discord.js keeps this flag private; without it the lines just appear.)
  const stopping = () => (client.ws as unknown as { destroyed?: boolean }).destroyed === true;
  const downFor = (shard: number) => {
    const entry = down.get(shard) ?? { since: now(), attempts: 0 };
    down.set(shard, entry);
    return entry;
  };
  // discord.js tells the close code only to its shard object, which exists once the client logs in.
  const watch = (shard: number) => {
    const ws = client.ws.shards.get(shard);
    if (!ws || watched.has(shard)) return;
    watched.add(shard);
    ws.on(WebSocketShardEvents.Close, ({ code }) => {
      if (stopping()) return;
      if (down.has(shard)) logger.debug({ shard, code }, 'gateway connection closed again');
      else logger.warn({ shard, code }, 'gateway connection closed');
      downFor(shard).code ??= code;
    });
  };
  const back = (shard: number, message: string, fields: object = {}) => {
    const entry = down.get(shard);
    down.delete(shard);
    if (entry) logger.info({ shard, code: entry.code, ...fields, downMs: now() - entry.since, attempts: entry.attempts }, message);
  };
  client.on(Events.ShardReconnecting, (shard) => {
    watch(shard);
    if (stopping()) return;
    const entry = downFor(shard);
    entry.attempts++;
    if (isPowerOfTwo(entry.attempts)) logger.info({ shard, code: entry.code, attempt: entry.attempts, downMs: now() - entry.since }, 'gateway reconnecting');
  });
  client.on(Events.ShardResume, (shard, replayed) => back(shard, 'gateway resumed', { replayed }));
  client.on(Events.ShardReady, (shard) => {
    watch(shard);
    back(shard, 'gateway reconnected with a new session');
  });
  client.on(Events.ShardDisconnect, ({ code }, shard) =>
    logger.error({ shard, code }, 'gateway closed for good: discord.js does not reconnect after this code'),
  );
  client.on(Events.ShardError, (error, shard) => {
    const entry = down.get(shard);
    if (!entry || isPowerOfTwo(entry.attempts)) logger.warn({ shard, err: error }, 'gateway error');
  });
}

function isPowerOfTwo(n: number): boolean {
  return n > 0 && (n & (n - 1)) === 0;
}
