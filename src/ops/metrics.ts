/**
 * The bot's metrics, in Prometheus' text format (prom-client). Counters and the latency histogram
 * are kept as things happen; everything else is read when Prometheus asks, from a count kept in
 * memory or one indexed count in the database, so that a scrape costs the same on a server with
 * 100,000 finished games as on a new one. No label holds a user, a game or a guild: every label
 * has a handful of values, so the bot's memory does not grow with its servers.
 */
import type { LeaseState } from '../lease-keeper.js';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Activity, InteractionKind } from '../discord/context.js';
import type { QueryErrorKind } from '../db/busy.js';
import type { PoolFigures } from '../db/pg/health.js';

/** Metrics as data (`registry.getMetricsAsJSON()`), as shards send them to their manager. */
export type MetricsJson = Awaited<ReturnType<Registry['getMetricsAsJSON']>>;

/** What a scrape reads, each answer cheap: see the top of this file. */
export interface Readings {
  /** Each gateway shard this process runs and whether it is connected. */
  gateway(): { shard: number; connected: boolean }[];
  guilds(): number;
  runningGames(): number | Promise<number>;
  /** Games whose post is queued, being made or waiting to be tried again. */
  postsOwed(): number;
  /** Boards waiting to be drawn or being drawn. */
  boardQueue(): number;
  /** Bot players' decisions waiting or being thought out. */
  botQueue(): number;
  /** Bytes of the database file and its WAL; null where this process does not report them. */
  databaseBytes(): { main: number; wal: number } | null;
  /** PostgreSQL's pool of connections; absent on SQLite (one connection, nothing to wait for). */
  pool?: () => PoolFigures;
  /** This process's shard lease (PostgreSQL); absent on SQLite, whose set holds the file's lock. */
  lease?: () => LeaseState;
  /** Requests a second counted against Discord's global limit (src/discord/request-pressure.ts). */
  globalRequests?: () => number;
}

/** What the bot did since it started: the counters, read by the minute's summary. */
export interface ActivityTotals {
  interactions: number;
  moves: number;
  posts: number;
  errors: number;
}

/** Discord wants an answer within 3 s: the buckets are finest below that. */
const LATENCY_BUCKETS = [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 3, 5];

export class BotMetrics implements Activity {
  readonly registry = new Registry();
  private readonly interactions = new Counter({
    name: 'harbour_interactions_total',
    help: 'Interactions handled, by how they ended (ok, refused, busy, error, ...)',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });
  private readonly latency = new Histogram({
    name: 'harbour_interaction_duration_seconds',
    help: 'Time from an interaction reaching the bot to its answer, by kind',
    labelNames: ['kind'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });
  private readonly moves = new Counter({
    name: 'harbour_moves_total',
    help: "Actions written to the games' logs (players, bots, timeouts, resignations, undos)",
    registers: [this.registry],
  });
  private readonly posts = new Counter({ name: 'harbour_posts_total', help: 'Board posts made', registers: [this.registry] });
  private readonly errors = new Counter({ name: 'harbour_errors_total', help: 'Lines logged at error level or above', registers: [this.registry] });
  private readonly queryErrors = new Counter({
    name: 'harbour_database_errors_total',
    help: 'Database calls that failed, by kind: busy (lock held by another), serialization, deadlock (PostgreSQL rolled back; all three tried again), connection (server unreachable or connection cut), other',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });

  private readonly fencedWrites = new Counter({
    name: 'harbour_fenced_writes_total',
    help: "Writes the database refused because this process no longer held its shard's lease (another host had taken the shard)",
    registers: [this.registry],
  });

  /** A write refused by the shard lease's fence (src/db/pg/leases.ts). */
  fenced(): void {
    this.fencedWrites.inc();
  }

  /** An interaction handled: its kind, its outcome (`ok`, `refused:<why>`: only the part before the colon is kept) and its time in ms. */
  interaction(kind: InteractionKind, outcome: string, ms: number): void {
    this.interactions.inc({ outcome: outcome.split(':')[0] || 'unknown' });
    this.latency.observe({ kind }, ms / 1000);
  }

  move(): void {
    this.moves.inc();
  }

  post(): void {
    this.posts.inc();
  }

  error(): void {
    this.errors.inc();
  }

  /** A database call failed (src/db/counted-dialect.ts). */
  queryError(kind: QueryErrorKind): void {
    this.queryErrors.inc({ kind });
  }

  async totals(): Promise<ActivityTotals> {
    const [interactions, moves, posts, errors] = await Promise.all([this.interactions, this.moves, this.posts, this.errors].map(sum));
    return { interactions: interactions ?? 0, moves: moves ?? 0, posts: posts ?? 0, errors: errors ?? 0 };
  }

  /** Adds Node's own metrics (event-loop lag, memory, GC) and the gauges read at each scrape. */
  watch(readings: Readings): void {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    // A reading may ask the service (a count of running games), which answers asynchronously.
    const gauge = (name: string, help: string, read: () => number | Promise<number>) =>
      new Gauge({
        name,
        help,
        registers,
        async collect() {
          this.set(await read());
        },
      });
    new Gauge({
      name: 'harbour_gateway_connected',
      help: "1 while the shard's gateway connection is ready, else 0",
      labelNames: ['shard'] as const,
      registers,
      collect() {
        this.reset();
        for (const { shard, connected } of readings.gateway()) this.set({ shard: String(shard) }, connected ? 1 : 0);
      },
    });
    gauge('harbour_guilds', 'Servers the bot is in', () => readings.guilds());
    gauge('harbour_games_running', 'Games being played', () => readings.runningGames());
    gauge('harbour_posts_owed', 'Games whose post is queued, being made or waiting to be tried again', () => readings.postsOwed());
    gauge('harbour_board_queue_length', 'Boards waiting to be drawn or being drawn', () => readings.boardQueue());
    gauge('harbour_bot_queue_length', "Bot players' decisions waiting or being thought out", () => readings.botQueue());
    new Gauge({
      name: 'harbour_database_bytes',
      help: 'Size of the database file (file="main") and of its write-ahead log (file="wal")',
      labelNames: ['file'] as const,
      registers,
      collect() {
        this.reset();
        const bytes = readings.databaseBytes();
        if (!bytes) return;
        this.set({ file: 'main' }, bytes.main);
        this.set({ file: 'wal' }, bytes.wal);
      },
    });
    const { globalRequests } = readings;
    if (globalRequests)
      gauge(
        'harbour_global_requests_per_second',
        "Requests a second counted against Discord's global limit of 50: the whole bot's where the database sums them, else this process's; above 30, trims wait",
        globalRequests,
      );
    const lease = readings.lease;
    if (lease) {
      gauge(
        'harbour_shard_lease_held',
        "1 while this process holds its shard's lease and acts for the shard, else 0 (waiting for another host's lease to end, or lost)",
        () => (lease().state === 'held' ? 1 : 0),
      );
      gauge(
        'harbour_shard_lease_age_seconds',
        'Since the lease was last renewed (renewed every third of SHARD_LEASE_SECONDS)',
        () => (lease().ageMs ?? 0) / 1000,
      );
      gauge('harbour_shard_lease_handovers', "Times this process took its shard from another host's lease", () => lease().handovers);
    }
    const pool = readings.pool;
    if (!pool) return;
    new Gauge({
      name: 'harbour_database_connections',
      help: "PostgreSQL's pool of connections: open, in use (by a query or transaction) and idle",
      labelNames: ['state'] as const,
      registers,
      collect() {
        const figures = pool();
        this.set({ state: 'open' }, figures.total);
        this.set({ state: 'in_use' }, figures.inUse);
        this.set({ state: 'idle' }, figures.idle);
      },
    });
    gauge(
      'harbour_database_waiting',
      'Queries waiting for a connection of the pool (PostgreSQL): above 0 for long, the pool is too small (DATABASE_POOL_SIZE)',
      () => pool().waiting,
    );
  }

  /** The metrics as Prometheus' text. */
  text(): Promise<string> {
    return this.registry.metrics();
  }

  /** The metrics as data, for the sharding manager to merge (src/ops/shard-link.ts). */
  json(): Promise<MetricsJson> {
    return this.registry.getMetricsAsJSON();
  }
}

/** A counter's total over all its labels. */
async function sum(counter: Counter<string>): Promise<number> {
  return (await counter.get()).values.reduce((total, { value }) => total + value, 0);
}
