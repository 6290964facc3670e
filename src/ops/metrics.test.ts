import { describe, expect, it } from 'vitest';
import { BotMetrics, type Readings } from './metrics.js';

const readings = (over: Partial<Readings> = {}): Readings => ({
  gateway: () => [{ shard: 0, connected: true }],
  guilds: () => 3,
  runningGames: () => 5,
  postsOwed: () => 2,
  boardQueue: () => 1,
  botQueue: () => 4,
  databaseBytes: () => ({ main: 4096, wal: 8192 }),
  ...over,
});

/** The value of one series in Prometheus' text, e.g. `harbour_guilds` or `harbour_database_bytes{file="wal"}`. */
function valueOf(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('the metrics', () => {
  it('count interactions by outcome (the part before the colon) and time them by kind', async () => {
    const metrics = new BotMetrics();
    metrics.interaction('component', 'ok:v3', 120);
    metrics.interaction('component', 'refused:refusal.not-your-turn', 40);
    metrics.interaction('command', 'ok', 2500);
    const text = await metrics.text();
    expect(valueOf(text, 'harbour_interactions_total{outcome="ok"}')).toBe(2);
    expect(valueOf(text, 'harbour_interactions_total{outcome="refused"}')).toBe(1);
    expect(valueOf(text, 'harbour_interaction_duration_seconds_count{kind="component"}')).toBe(2);
    expect(valueOf(text, 'harbour_interaction_duration_seconds_bucket{le="0.05",kind="component"}')).toBe(1);
    expect(valueOf(text, 'harbour_interaction_duration_seconds_bucket{le="2",kind="command"}')).toBe(0);
    expect(valueOf(text, 'harbour_interaction_duration_seconds_bucket{le="3",kind="command"}')).toBe(1);
  });

  it('keep the totals the minute summary reads', async () => {
    const metrics = new BotMetrics();
    expect(await metrics.totals()).toEqual({ interactions: 0, moves: 0, posts: 0, errors: 0 });
    metrics.interaction('component', 'ok', 1);
    metrics.interaction('autocomplete', 'ok', 1);
    metrics.move();
    metrics.move();
    metrics.move();
    metrics.post();
    metrics.error();
    expect(await metrics.totals()).toEqual({ interactions: 2, moves: 3, posts: 1, errors: 1 });
  });

  it('read the gauges at each scrape, beside Node’s own metrics', async () => {
    const metrics = new BotMetrics();
    let running = 5;
    metrics.watch(
      readings({
        runningGames: () => running,
        gateway: () => [
          { shard: 0, connected: true },
          { shard: 1, connected: false },
        ],
      }),
    );
    let text = await metrics.text();
    expect(valueOf(text, 'harbour_games_running')).toBe(5);
    expect(valueOf(text, 'harbour_guilds')).toBe(3);
    expect(valueOf(text, 'harbour_posts_owed')).toBe(2);
    expect(valueOf(text, 'harbour_board_queue_length')).toBe(1);
    expect(valueOf(text, 'harbour_bot_queue_length')).toBe(4);
    expect(valueOf(text, 'harbour_gateway_connected{shard="0"}')).toBe(1);
    expect(valueOf(text, 'harbour_gateway_connected{shard="1"}')).toBe(0);
    expect(valueOf(text, 'harbour_database_bytes{file="main"}')).toBe(4096);
    expect(valueOf(text, 'harbour_database_bytes{file="wal"}')).toBe(8192);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
    expect(text).toMatch(/^process_resident_memory_bytes /m);
    running = 6;
    text = await metrics.text();
    expect(valueOf(text, 'harbour_games_running')).toBe(6);
  });

  it('show no database size where this process does not report it', async () => {
    const metrics = new BotMetrics();
    metrics.watch(readings({ databaseBytes: () => null }));
    expect(await metrics.text()).not.toMatch(/^harbour_database_bytes\{/m);
  });

  it("show PostgreSQL's pool as it is at each scrape, and no pool on SQLite", async () => {
    const metrics = new BotMetrics();
    let pool = { total: 4, inUse: 3, idle: 1, waiting: 2 };
    metrics.watch(readings({ pool: () => pool }));
    let text = await metrics.text();
    expect(valueOf(text, 'harbour_database_connections{state="open"}')).toBe(4);
    expect(valueOf(text, 'harbour_database_connections{state="in_use"}')).toBe(3);
    expect(valueOf(text, 'harbour_database_connections{state="idle"}')).toBe(1);
    expect(valueOf(text, 'harbour_database_waiting')).toBe(2);
    pool = { total: 10, inUse: 0, idle: 10, waiting: 0 };
    text = await metrics.text();
    expect(valueOf(text, 'harbour_database_connections{state="in_use"}')).toBe(0);
    expect(valueOf(text, 'harbour_database_waiting')).toBe(0);
    const sqlite = new BotMetrics();
    sqlite.watch(readings());
    expect(await sqlite.text()).not.toMatch(/^harbour_database_(connections|waiting)/m);
  });

  it('count failed database calls by kind', async () => {
    const metrics = new BotMetrics();
    metrics.queryError('busy');
    metrics.queryError('busy');
    metrics.queryError('connection');
    const text = await metrics.text();
    expect(valueOf(text, 'harbour_database_errors_total{kind="busy"}')).toBe(2);
    expect(valueOf(text, 'harbour_database_errors_total{kind="connection"}')).toBe(1);
    expect(valueOf(text, 'harbour_database_errors_total{kind="deadlock"}')).toBeUndefined();
  });

  it('hand the same series to a sharding manager as data', async () => {
    const metrics = new BotMetrics();
    metrics.post();
    const posts = (await metrics.json()).find((m) => m.name === 'harbour_posts_total');
    expect(posts?.values).toEqual([{ value: 1, labels: {} }]);
  });
});
