import { EventEmitter } from 'node:events';
import { Events, Status, type Client } from 'discord.js';
import { describe, expect, it, vi } from 'vitest';
import { createLogger } from '../logger.js';
import { gatewayProblem, logGateway } from './gateway.js';

/** As much of a discord.js client as the gateway's watch reads: events, its shards and whether it is ready. */
function fakeClient(statuses: Status[], ready = true) {
  const shards = new Map(statuses.map((status, id) => [id, Object.assign(new EventEmitter(), { id, status })]));
  const ws = { shards, destroyed: false };
  const client = Object.assign(new EventEmitter(), { ws, isReady: () => ready });
  return { client: client as unknown as Client, emitter: client, shards, ws };
}

function watched(statuses: Status[] = [Status.Ready]) {
  const { client, emitter, shards, ws } = fakeClient(statuses);
  const logger = createLogger('debug');
  const lines: [string, string, Record<string, unknown>][] = [];
  for (const level of ['debug', 'info', 'warn', 'error'] as const) {
    vi.spyOn(logger, level).mockImplementation(((fields: Record<string, unknown>, message: string) => void lines.push([level, message, fields])) as never);
  }
  let now = 1000;
  logGateway(client, logger, () => now);
  emitter.emit(Events.ShardReady, 0, undefined);
  return { emitter, shard: shards.get(0) as EventEmitter, lines, later: (ms: number) => (now += ms), ws };
}

describe("the gateway's log lines", () => {
  it('say when a connection closes (with the code), reconnects and resumes', () => {
    const { emitter, shard, lines, later } = watched();
    shard.emit('close', { code: 4000 });
    emitter.emit(Events.ShardReconnecting, 0);
    later(1500);
    emitter.emit(Events.ShardResume, 0, 12);
    expect(lines).toEqual([
      ['warn', 'gateway connection closed', { shard: 0, code: 4000 }],
      ['info', 'gateway reconnecting', { shard: 0, code: 4000, attempt: 1, downMs: 0 }],
      ['info', 'gateway resumed', { shard: 0, code: 4000, replayed: 12, downMs: 1500, attempts: 1 }],
    ]);
  });

  it('say when a shard is back with a new session, and when the gateway closes for good', () => {
    const { emitter, shard, lines } = watched();
    shard.emit('close', { code: 1000 });
    emitter.emit(Events.ShardReconnecting, 0);
    emitter.emit(Events.ShardReady, 0, undefined);
    expect(lines.map(([, message]) => message)).toEqual(['gateway connection closed', 'gateway reconnecting', 'gateway reconnected with a new session']);
    emitter.emit(Events.ShardDisconnect, { code: 4014 }, 0);
    expect(lines.at(-1)).toEqual(['error', expect.stringMatching(/closed for good/), { shard: 0, code: 4014 }]);
  });

  it('stay quiet when the connection closes because the bot stops', () => {
    const { emitter, shard, lines, ws } = watched();
    ws.destroyed = true;
    shard.emit('close', { code: 1000 });
    emitter.emit(Events.ShardReconnecting, 0);
    expect(lines).toEqual([]);
  });

  it('log the 1st, 2nd, 4th, 8th ... attempt while a shard stays down, not every one', () => {
    const { emitter, shard, lines } = watched();
    shard.emit('close', { code: 1006 });
    for (let attempt = 1; attempt <= 20; attempt++) {
      emitter.emit(Events.ShardError, new Error('Unexpected server response: 503'), 0);
      emitter.emit(Events.ShardReconnecting, 0);
      if (attempt < 20) shard.emit('close', { code: 1006 });
    }
    const info = lines.filter(([level]) => level === 'info');
    expect(info.map(([, , fields]) => fields.attempt)).toEqual([1, 2, 4, 8, 16]);
    expect(lines.filter(([level]) => level === 'warn')).toHaveLength(1 + 5);
  });
});

describe('whether the bot hears Discord', () => {
  it('only while the client is ready and every shard connected', () => {
    expect(gatewayProblem(fakeClient([Status.Ready, Status.Ready]).client)).toBeNull();
    expect(gatewayProblem(fakeClient([Status.Ready], false).client)).toBe('not connected to Discord');
    expect(gatewayProblem(fakeClient([]).client)).toBe('not connected to Discord');
    expect(gatewayProblem(fakeClient([Status.Ready, Status.Resuming]).client)).toBe('not connected to Discord (shard 1: Resuming)');
  });
});
