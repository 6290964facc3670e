import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Lease, LeaseHolder, Taken } from './db/pg/leases.js';
import { createLogger } from './logger.js';
import { LeaseKeeper, ShardCountMismatch, type LeaseStore } from './lease-keeper.js';

const TTL = 30_000;

/** A lease store in memory, with a clock of its own (the database's). */
class MemoryLeases implements LeaseStore {
  row: { owner: string; host: string; epoch: number; count: number; until: number } | null = null;
  renewals = 0;
  refuseRenewals = false;
  failRenewals = false;
  /** Errors the next asks for the lease fail with (a lock timeout, a cut connection...). */
  takeFailures: Error[] = [];
  released: Lease[] = [];
  constructor(private readonly clock: () => number) {}
  async otherShardCount(count: number) {
    const row = this.row;
    return row && row.count !== count && row.until > this.clock() ? { shard: 0, ...this.describe(row) } : null;
  }
  async take(request: { owner: string; host: string; count: number; ttlMs: number }): Promise<Taken> {
    const failure = this.takeFailures.shift();
    if (failure) throw failure;
    const row = this.row;
    if (row && row.until > this.clock()) return { taken: false, holder: this.describe(row) };
    const previous = row ? this.describe(row) : null;
    this.row = { owner: request.owner, host: request.host, epoch: (row?.epoch ?? 0) + 1, count: request.count, until: this.clock() + request.ttlMs };
    return { taken: true, lease: { shard: 0, owner: request.owner, epoch: this.row.epoch }, previous };
  }
  async renew(lease: Lease, ttlMs: number) {
    this.renewals += 1;
    if (this.failRenewals) throw Object.assign(new Error('connection cut'), { code: 'ECONNRESET' });
    const row = this.row;
    if (this.refuseRenewals || !row || row.owner !== lease.owner || row.epoch !== lease.epoch || row.until <= this.clock()) return false;
    row.until = this.clock() + ttlMs;
    return true;
  }
  async release(lease: Lease) {
    this.released.push(lease);
    if (this.row?.owner === lease.owner) this.row.until = this.clock();
  }
  async holder() {
    return this.row ? this.describe(this.row) : null;
  }
  private describe(row: NonNullable<MemoryLeases['row']>): LeaseHolder {
    return { owner: row.owner, host: row.host, epoch: row.epoch, shardCount: row.count, leftMs: row.until - this.clock() };
  }
}

function setup(owner = 'me') {
  const lines: { level: number; msg: string; [key: string]: unknown }[] = [];
  const logger = createLogger('info', { write: (line: string) => void lines.push(JSON.parse(line) as (typeof lines)[number]) });
  const store = new MemoryLeases(() => Date.now());
  const lost: string[] = [];
  // The process's monotonic clock: the fake timers' clock, which a freeze moves without running anything.
  const keeper = new LeaseKeeper({
    store,
    shard: 0,
    count: 2,
    owner,
    host: `${owner}-host`,
    ttlMs: TTL,
    logger,
    onLost: (why) => lost.push(why),
    monotonic: () => Date.now(),
  });
  return { keeper, store, lost, lines };
}

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("a shard process's lease", () => {
  it('is taken when free, and renewed every third of its time while held', async () => {
    const { keeper, store, lost, lines } = setup();
    await keeper.acquire();
    expect(keeper.holds()).toBe(true);
    expect(keeper.fence()).toEqual({ shard: 0, owner: 'me', epoch: 1 });
    expect(lines.at(-1)).toMatchObject({ msg: 'took shard 0', shard: 0, epoch: 1, from: null });
    await vi.advanceTimersByTimeAsync(5 * TTL);
    expect(store.renewals).toBeGreaterThanOrEqual(14);
    expect(keeper.holds()).toBe(true);
    expect(lost).toEqual([]);
  });

  it("waits while another host holds it, saying so once, and takes it over when that host's lease ends", async () => {
    const { keeper, store, lines } = setup();
    store.row = { owner: 'other', host: 'host-b', epoch: 4, count: 2, until: Date.now() + 10_000 };
    let acquired = false;
    const acquiring = keeper.acquire().then(() => (acquired = true));
    await vi.advanceTimersByTimeAsync(9_000);
    expect(acquired).toBe(false);
    expect(keeper.holds()).toBe(false);
    expect(keeper.state()).toMatchObject({ state: 'waiting', holder: 'host-b' });
    expect(lines.filter((l) => l.msg.startsWith('waiting for shard 0'))).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2_000);
    await acquiring;
    expect(keeper.fence()?.epoch).toBe(5);
    expect(keeper.state().handovers).toBe(1);
    expect(lines.at(-1)).toMatchObject({ msg: 'took shard 0 over from host-b', epoch: 5, from: 'host-b', fromEpoch: 4 });
  });

  it('asks again when asking fails for a lock held too long or a cut connection, and stops on any other error', async () => {
    const { keeper, store, lines } = setup();
    // A frozen owner's transaction holds the lease row (lock_timeout), then the connection is cut.
    store.takeFailures.push(
      Object.assign(new Error('canceling statement due to lock timeout'), { code: '55P03' }),
      Object.assign(new Error('connection cut'), { code: 'ECONNRESET' }),
    );
    const acquiring = keeper.acquire();
    await vi.advanceTimersByTimeAsync(2_500);
    await acquiring;
    expect(keeper.holds()).toBe(true);
    expect(lines.filter((l) => l.msg.startsWith("could not ask for shard 0's lease"))).toHaveLength(2);
    const other = setup('you');
    other.store.takeFailures.push(new Error('relation "shard_leases" does not exist'));
    await expect(other.keeper.acquire()).rejects.toThrow('shard_leases');
  });

  it('refuses to start beside hosts of another shard count', async () => {
    const { keeper, store } = setup();
    store.row = { owner: 'other', host: 'host-b', epoch: 1, count: 4, until: Date.now() + 10_000 };
    await expect(keeper.acquire()).rejects.toBeInstanceOf(ShardCountMismatch);
    await expect(keeper.acquire()).rejects.toThrow(
      'the database is in use by a host running 4 shards (host-b holds shard 0), and this one was told SHARD_COUNT=2',
    );
  });

  it('frozen past its time, it no longer holds the lease the moment it wakes, before any timer runs', async () => {
    const { keeper, lost } = setup();
    await keeper.acquire();
    // SIGSTOP: the clock goes on, nothing in the process runs.
    vi.setSystemTime(Date.now() + TTL);
    expect(keeper.holds()).toBe(false);
    expect(keeper.fence()).toBeNull();
    expect(lost).toHaveLength(1);
    expect(lost[0]).toMatch(/ran out before it was renewed/);
    expect(keeper.state().state).toBe('lost');
  });

  it('stops trusting it a margin before it ends in the database', async () => {
    const { keeper } = setup();
    await keeper.acquire();
    vi.setSystemTime(Date.now() + TTL - 3_100);
    expect(keeper.holds()).toBe(true);
    vi.setSystemTime(Date.now() + 200);
    expect(keeper.holds()).toBe(false);
  });

  it('a renewal refused (another host took it) loses it at once', async () => {
    const { keeper, store, lost, lines } = setup();
    await keeper.acquire();
    store.refuseRenewals = true;
    await vi.advanceTimersByTimeAsync(TTL / 3 + 10);
    expect(keeper.holds()).toBe(false);
    expect(lost).toHaveLength(1);
    expect(lines.at(-1)).toMatchObject({ msg: expect.stringMatching(/^gave up shard 0: another host took its lease/), epoch: 1 });
  });

  it('renewals that fail are tried again; the lease is lost only when its time runs out', async () => {
    const { keeper, store, lost } = setup();
    await keeper.acquire();
    store.failRenewals = true;
    await vi.advanceTimersByTimeAsync(TTL / 2);
    expect(keeper.holds()).toBe(true);
    await vi.advanceTimersByTimeAsync(TTL / 2);
    expect(keeper.holds()).toBe(false);
    expect(lost).toHaveLength(1);
  });

  it('given up on stopping, it ends in the database at once and nothing is told lost', async () => {
    const { keeper, store, lost } = setup();
    await keeper.acquire();
    await keeper.release();
    expect(store.released).toEqual([{ shard: 0, owner: 'me', epoch: 1 }]);
    expect(keeper.holds()).toBe(false);
    expect(lost).toEqual([]);
    const next = new LeaseKeeper({
      store,
      shard: 0,
      count: 2,
      owner: 'next',
      host: 'next-host',
      ttlMs: TTL,
      logger: createLogger('silent'),
      onLost: () => undefined,
      monotonic: () => Date.now(),
    });
    await next.acquire();
    expect(next.fence()?.epoch).toBe(2);
  });
});
