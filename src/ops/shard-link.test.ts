import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { Health } from './health.js';
import { BotMetrics } from './metrics.js';
import { answerManager, shardEndpoints, type ShardChannel, type ShardReport } from './shard-link.js';

/**
 * A shard process and the manager's handle on it, joined like an IPC channel: messages arrive
 * later and as copies. `report` null: a shard that never answers.
 */
function shardProcess(report: ShardReport | null, exitCode: number | null = null): ShardChannel {
  const inShard = new EventEmitter();
  const handle = Object.assign(new EventEmitter(), {
    process: { exitCode },
    send: async (message: unknown) => void setImmediate(() => inShard.emit('message', structuredClone(message))),
  });
  const channel = Object.assign(inShard, { send: (message: unknown) => setImmediate(() => handle.emit('message', structuredClone(message))) });
  if (report) answerManager(report, channel);
  return handle;
}

const healthy: Health = { ok: true, problems: [] };
const reportOf = (health: Health, metrics = new BotMetrics()): ShardReport => ({ health: () => health, metrics: () => metrics.json() });

describe('health and metrics of shards, answered by their manager', () => {
  it('is healthy when every shard is', async () => {
    const shards = new Map([
      [0, shardProcess(reportOf(healthy))],
      [1, shardProcess(reportOf(healthy))],
    ]);
    expect(await shardEndpoints(shards, [0, 1]).health()).toEqual(healthy);
  });

  it('names the shards that are not, and why', async () => {
    const shards = new Map([
      [0, shardProcess(reportOf(healthy))],
      [1, shardProcess(reportOf({ ok: false, problems: ['gateway: not connected to Discord'] }))],
      [2, shardProcess(null)],
      [3, shardProcess(reportOf(healthy), 1)],
    ]);
    const health = await shardEndpoints(shards, [0, 1, 2, 3, 4], 50).health();
    expect(health).toEqual({
      ok: false,
      problems: ['shard 1: gateway: not connected to Discord', 'shard 2: did not answer within 0.05 s', 'shard 3: not running', 'shard 4: not running'],
    });
  });

  it("asks only this host's shards: the others run on other hosts and are not missing", async () => {
    const shards = new Map([
      [4, shardProcess(reportOf(healthy))],
      [5, shardProcess(reportOf({ ok: false, problems: ['gateway: not connected to Discord'] }))],
    ]);
    expect(await shardEndpoints(shards, [4, 5], 50).health()).toEqual({ ok: false, problems: ['shard 5: gateway: not connected to Discord'] });
  });

  it("keeps each shard's series apart with a shard label, and says which shards answered", async () => {
    const zero = new BotMetrics();
    const one = new BotMetrics();
    // Node's own metrics too, including those that declare they are left out when aggregated.
    zero.watch({
      gateway: () => [{ shard: 0, connected: true }],
      guilds: () => 1,
      runningGames: () => 0,
      postsOwed: () => 0,
      boardQueue: () => 0,
      botQueue: () => 0,
      databaseBytes: () => null,
    });
    zero.post();
    one.post();
    one.post();
    one.interaction('component', 'ok', 80);
    const shards = new Map([
      [0, shardProcess(reportOf(healthy, zero))],
      [1, shardProcess(reportOf(healthy, one))],
      [2, shardProcess(null)],
    ]);
    const { contentType, body } = await shardEndpoints(shards, [0, 1, 2], 50).metrics();
    expect(contentType).toMatch(/^text\/plain; version=0\.0\.4/);
    const lines = body.split('\n');
    expect(lines).toContain('harbour_posts_total{shard="0"} 1');
    expect(lines).toContain('harbour_posts_total{shard="1"} 2');
    expect(lines).toContain('harbour_interaction_duration_seconds_count{kind="component",shard="1"} 1');
    expect(lines).toContain('harbour_shard_up{shard="0"} 1');
    expect(lines).toContain('harbour_shard_up{shard="2"} 0');
    expect(lines).toContain('harbour_gateway_connected{shard="0"} 1');
    expect(lines.some((line) => line.startsWith('process_start_time_seconds{shard="0"} '))).toBe(true);
    expect(lines.filter((line) => line.startsWith('# TYPE harbour_posts_total '))).toEqual(['# TYPE harbour_posts_total counter']);
  });

  it('leaves other messages on the channel alone', async () => {
    const inShard = new EventEmitter();
    const sent: unknown[] = [];
    answerManager(reportOf(healthy), Object.assign(inShard, { send: (message: unknown) => sent.push(message) }));
    inShard.emit('message', { _eval: 'this.guilds.cache.size' });
    inShard.emit('message', { harbourOps: 1, ask: 'everything' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(sent).toEqual([]);
  });
});
