/**
 * A shard process's lease on its shard (PostgreSQL, several hosts: src/db/pg/leases.ts). The
 * process waits for the lease before it does anything by itself, renews it every third of its
 * time, and acts only while `holds()`: a check on this process's monotonic clock, which goes on
 * counting while the process is frozen (SIGSTOP, a stalled VM, a long pause), so a process that
 * wakes after its lease ended knows it before it reads anything its socket kept for it. Renewal
 * refused (another host took the shard), or the lease run out unrenewed: the keeper says so once
 * and the process stops acting for the shard.
 */
import { performance } from 'node:perf_hooks';
import type { Logger } from './logger.js';
import type { Fencing, Lease, LeaseHolder, Taken } from './db/pg/leases.js';
import { isBusy, isUnreachable } from './db/busy.js';

/** The database side of the keeper (src/db/pg/leases.ts over the pool). */
export interface LeaseStore {
  otherShardCount(count: number): Promise<(LeaseHolder & { shard: number }) | null>;
  take(request: { shard: number; count: number; owner: string; host: string; ttlMs: number }): Promise<Taken>;
  renew(lease: Lease, ttlMs: number): Promise<boolean>;
  release(lease: Lease): Promise<void>;
  holder(shard: number): Promise<LeaseHolder | null>;
}

export interface LeaseKeeperOptions {
  store: LeaseStore;
  shard: number;
  count: number;
  /** This process's id in the leases: unique per process, across hosts and restarts. */
  owner: string;
  /** The host's name, for the other hosts' logs. */
  host: string;
  ttlMs: number;
  logger: Logger;
  /** Told once when the lease is lost: the process stops acting for the shard. */
  onLost: (why: string) => void;
  monotonic?: () => number;
}

/** Another host's leases use another SHARD_COUNT: starting would route servers to the wrong processes. */
export class ShardCountMismatch extends Error {
  constructor(count: number, other: LeaseHolder & { shard: number }) {
    super(
      `the database is in use by a host running ${other.shardCount} shards (${other.host} holds shard ${other.shard}), and this one was told SHARD_COUNT=${count}; ` +
        'every host of one bot needs the same SHARD_COUNT (stop the others first to change it)',
    );
    this.name = 'ShardCountMismatch';
  }
}

export interface LeaseState {
  shard: number;
  /** 'held', 'waiting' (another host holds it) or 'lost'. */
  state: 'held' | 'waiting' | 'lost';
  epoch: number | null;
  /** Since the lease was last renewed (ms), while held. */
  ageMs: number | null;
  /** Who holds it while this process waits. */
  holder: string | null;
  handovers: number;
}

export class LeaseKeeper {
  private lease: Lease | null = null;
  private validUntil = -Infinity;
  private renewedAt = 0;
  private lost = false;
  private stopped = false;
  private timer: NodeJS.Timeout | null = null;
  private lapse: NodeJS.Timeout | null = null;
  private waitingFor: LeaseHolder | null = null;
  /** Times this process took the lease from another owner. */
  handovers = 0;
  private readonly now: () => number;

  constructor(private readonly options: LeaseKeeperOptions) {
    this.now = options.monotonic ?? (() => performance.now());
  }

  /** How long before its end in the database the process stops trusting its lease: clocks drift, answers take time. */
  private get margin(): number {
    return Math.max(1000, this.options.ttlMs / 10);
  }

  /** True while this process may act for its shard. */
  holds(): boolean {
    if (this.lost || this.lease === null) return false;
    if (this.now() < this.validUntil) return true;
    this.lose('its lease ran out before it was renewed (the process was frozen, or the database did not answer)');
    return false;
  }

  /** The lease a fenced write names, while held. */
  fence(): Lease | null {
    return this.holds() ? this.lease : null;
  }

  /** Waits until this process holds its shard's lease (or `signal` aborts). Refuses another shard count. */
  async acquire(signal?: AbortSignal): Promise<void> {
    const { store, shard, count, owner, host, ttlMs, logger } = this.options;
    const other = await store.otherShardCount(count);
    if (other) throw new ShardCountMismatch(count, other);
    for (;;) {
      if (signal?.aborted || this.stopped) throw new Error('stopped while waiting for the shard lease');
      const sentAt = this.now();
      let taken: Taken;
      try {
        taken = await store.take({ shard, count, owner, host, ttlMs });
      } catch (error) {
        // The lease row locked past lock_timeout (a frozen owner's open transaction, until the
        // server ends it) or the server out of reach: asked again, as a standby waits anyway.
        if (!isBusy(error) && !isUnreachable(error)) throw error;
        logger.warn({ shard, err: error }, `could not ask for shard ${shard}'s lease; asking again`);
        await sleep(1000, signal);
        continue;
      }
      if (taken.taken) {
        this.lease = taken.lease;
        this.trust(sentAt);
        const from = taken.previous && taken.previous.owner !== owner ? taken.previous : null;
        if (from) this.handovers += 1;
        logger.info(
          { shard, epoch: taken.lease.epoch, from: from ? from.host : null, fromEpoch: from?.epoch ?? null },
          from ? `took shard ${shard} over from ${from.host}` : `took shard ${shard}`,
        );
        this.schedule();
        return;
      }
      const holder = taken.holder;
      if (this.waitingFor?.owner !== holder.owner) {
        logger.info({ shard, holder: holder.host, epoch: holder.epoch, leftMs: holder.leftMs }, `waiting for shard ${shard}: ${holder.host} holds it`);
      }
      this.waitingFor = holder;
      // Tried again when it ends, or within a second, since its owner may give it up at any moment (SIGTERM).
      await sleep(Math.max(200, Math.min(holder.leftMs + 50, 1000)), signal);
    }
  }

  /** Renews every third of the lease's time; a renewal refused loses it. */
  private schedule(): void {
    this.timer = setTimeout(() => void this.renew(), this.options.ttlMs / 3);
    this.timer.unref();
  }

  private trust(sentAt: number): void {
    this.renewedAt = sentAt;
    this.validUntil = sentAt + this.options.ttlMs - this.margin;
    if (this.lapse) clearTimeout(this.lapse);
    // Told at the moment the lease runs out, even with nothing else happening.
    this.lapse = setTimeout(() => this.holds(), Math.max(0, this.validUntil - this.now()) + 1);
    this.lapse.unref();
  }

  private async renew(): Promise<void> {
    const lease = this.lease;
    if (!lease || this.lost || this.stopped) return;
    if (!this.holds()) return;
    const sentAt = this.now();
    try {
      if (await this.options.store.renew(lease, this.options.ttlMs)) {
        if (!this.lost) this.trust(sentAt);
      } else {
        this.lose('another host took its lease, or the lease ended in the database');
      }
    } catch (error) {
      // Tried again at the next turn; the lease holds meanwhile until it runs out.
      this.options.logger.warn({ shard: lease.shard, code: (error as { code?: unknown }).code ?? null }, 'could not renew the shard lease; trying again');
    }
    if (!this.lost && !this.stopped) this.schedule();
  }

  private lose(why: string): void {
    if (this.lost) return;
    this.lost = true;
    this.clearTimers();
    const { shard, logger, store } = this.options;
    const epoch = this.lease?.epoch ?? null;
    // Who has it now, for the log; the process stops acting whatever the answer.
    void Promise.resolve()
      .then(() => store.holder(shard))
      .catch(() => null)
      .then((holder) => {
        const other = holder && holder.owner !== this.options.owner ? holder : null;
        logger.warn({ shard, epoch, to: other?.host ?? null, toEpoch: other?.epoch ?? null }, `gave up shard ${shard}: ${why}`);
      });
    this.options.onLost(why);
  }

  /** Stops renewing and ends the lease now, so the next owner starts without waiting (SIGTERM). */
  async release(): Promise<void> {
    this.stopped = true;
    this.clearTimers();
    const lease = this.lease;
    if (!lease || this.lost) return;
    this.lost = true;
    await this.options.store.release(lease);
    this.options.logger.info({ shard: lease.shard, epoch: lease.epoch }, `gave up shard ${lease.shard} on stopping`);
  }

  state(): LeaseState {
    const held = this.holds();
    return {
      shard: this.options.shard,
      state: held ? 'held' : this.lost ? 'lost' : 'waiting',
      epoch: this.lease?.epoch ?? null,
      ageMs: held ? Math.round(this.now() - this.renewedAt) : null,
      holder: held ? null : (this.waitingFor?.host ?? null),
      handovers: this.handovers,
    };
  }

  private clearTimers(): void {
    if (this.timer) clearTimeout(this.timer);
    if (this.lapse) clearTimeout(this.lapse);
    this.timer = null;
    this.lapse = null;
  }
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

/** The store's fence (src/db/pg/leases.ts) on a keeper made after the store: the lease while held. */
export class KeeperFencing implements Fencing {
  keeper: LeaseKeeper | null = null;

  constructor(private readonly onRefused: () => void) {}

  current(): Lease | null {
    return this.keeper?.fence() ?? null;
  }

  refused(): void {
    this.onRefused();
  }
}
