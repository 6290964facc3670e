/**
 * Shard leases on PostgreSQL: which process acts for each shard (../cluster-schema.ts). A process
 * takes its shard's lease before it does anything by itself, renews it well before it ends, and
 * gives it up when it stops; another process takes it once it has ended. Every time is the
 * database's clock, never a host's: hosts' clocks differ, the server's is one.
 *
 * The epoch grows by one at every change of owner. A write that must not outlive its owner's
 * lease checks it in the same transaction (./dialect.ts, ./one-trip.ts; FOR SHARE: a take-over
 * waits until that write is committed, and a write after the take-over finds the lease gone).
 */
import type pg from 'pg';

/** The database's clock in ms. */
export const NOW = `(extract(epoch from clock_timestamp()) * 1000)::bigint`;

/** A lease this process holds. */
export interface Lease {
  shard: number;
  owner: string;
  epoch: number;
}

/** Whoever else holds (or held) a shard's lease. */
export interface LeaseHolder {
  owner: string;
  host: string;
  epoch: number;
  shardCount: number;
  /** Until it ends, in ms (0 or less: it has ended). */
  leftMs: number;
}

export type Taken = { taken: true; lease: Lease; previous: LeaseHolder | null } | { taken: false; holder: LeaseHolder };

interface HolderRow {
  owner: string;
  host: string;
  epoch: number;
  shard_count: number;
  left_ms: string;
}

const holderOf = (row: HolderRow): LeaseHolder => ({
  owner: row.owner,
  host: row.host,
  epoch: row.epoch,
  shardCount: row.shard_count,
  leftMs: Number(row.left_ms),
});

/**
 * Where a process's fenced writes learn its lease: the lease while it holds it (null once lost or
 * not yet taken: every fenced write is refused then), and whom to tell of a write the database
 * refused because the lease had gone.
 */
export interface Fencing {
  current(): Lease | null;
  refused(): void;
}

/** A write refused because this process no longer holds its shard's lease: nothing was written. */
export class FencedOff extends Error {
  constructor(readonly shard: number | null) {
    super(
      shard === null ? 'this process holds no shard lease: nothing was written' : `this process no longer holds shard ${shard}'s lease: nothing was written`,
    );
    this.name = 'FencedOff';
  }
}

/** A live lease of another shard count, if any: hosts with different SHARD_COUNTs route servers to different shards. */
export async function otherShardCount(db: pg.Pool | pg.ClientBase, count: number): Promise<(LeaseHolder & { shard: number }) | null> {
  const { rows } = await db.query<HolderRow & { shard: number }>(
    `SELECT shard, owner, host, epoch, shard_count, expires_at - ${NOW} AS left_ms FROM shard_leases WHERE shard_count <> $1 AND expires_at > ${NOW} ORDER BY shard LIMIT 1`,
    [count],
  );
  const row = rows[0];
  return row ? { shard: row.shard, ...holderOf(row) } : null;
}

/**
 * Takes `shard`'s lease for `ttlMs` when nobody holds it (no row, or its lease has ended), or
 * tells who does. `previous` is the lease's last owner when there was one.
 */
export async function takeLease(
  db: pg.Pool | pg.ClientBase,
  request: { shard: number; count: number; owner: string; host: string; ttlMs: number },
): Promise<Taken> {
  const { shard, count, owner, host, ttlMs } = request;
  const { rows } = await db.query<{ epoch: number; previous: HolderRow | null }>(
    `WITH previous AS (SELECT owner, host, epoch, shard_count, expires_at - ${NOW} AS left_ms FROM shard_leases WHERE shard = $1)
     INSERT INTO shard_leases AS l (shard, shard_count, owner, host, epoch, taken_at, expires_at)
     VALUES ($1, $2, $3, $4, 1, ${NOW}, ${NOW} + $5::bigint)
     ON CONFLICT (shard) DO UPDATE SET shard_count = excluded.shard_count, owner = excluded.owner, host = excluded.host,
       epoch = l.epoch + 1, taken_at = excluded.taken_at, expires_at = excluded.expires_at
     WHERE l.expires_at <= ${NOW}
     RETURNING l.epoch, (SELECT row_to_json(p) FROM previous p) AS previous`,
    [shard, count, owner, host, ttlMs],
  );
  const row = rows[0];
  if (row) return { taken: true, lease: { shard, owner, epoch: row.epoch }, previous: row.previous ? holderOf(row.previous) : null };
  const holder = await leaseHolder(db, shard);
  // Ended between the two statements: the next attempt takes it.
  return { taken: false, holder: holder ?? { owner: '', host: 'nobody', epoch: 0, shardCount: count, leftMs: 0 } };
}

/** Extends a held lease to `ttlMs` from now: false when it is no longer this owner's, or has ended. */
export async function renewLease(db: pg.Pool | pg.ClientBase, lease: Lease, ttlMs: number): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE shard_leases SET expires_at = ${NOW} + $4::bigint WHERE shard = $1 AND owner = $2 AND epoch = $3 AND expires_at > ${NOW}`,
    [lease.shard, lease.owner, lease.epoch, ttlMs],
  );
  return rowCount === 1;
}

/** Ends a held lease now, so that the next owner takes the shard without waiting. */
export async function releaseLease(db: pg.Pool | pg.ClientBase, lease: Lease): Promise<void> {
  await db.query(`UPDATE shard_leases SET expires_at = ${NOW} WHERE shard = $1 AND owner = $2 AND epoch = $3 AND expires_at > ${NOW}`, [
    lease.shard,
    lease.owner,
    lease.epoch,
  ]);
}

/** Who holds (or last held) a shard's lease. */
export async function leaseHolder(db: pg.Pool | pg.ClientBase, shard: number): Promise<LeaseHolder | null> {
  const { rows } = await db.query<HolderRow>(`SELECT owner, host, epoch, shard_count, expires_at - ${NOW} AS left_ms FROM shard_leases WHERE shard = $1`, [
    shard,
  ]);
  return rows[0] ? holderOf(rows[0]) : null;
}

/** Whether a write of `lease`'s owner may still be made: the fence's check outside a transaction. */
export async function stillHeld(db: pg.Pool | pg.ClientBase, lease: Lease): Promise<boolean> {
  const { rowCount } = await db.query(`SELECT 1 FROM shard_leases WHERE shard = $1 AND owner = $2 AND epoch = $3 AND expires_at > ${NOW}`, [
    lease.shard,
    lease.owner,
    lease.epoch,
  ]);
  return rowCount === 1;
}

/** The keeper's store (src/lease-keeper.ts) over a pool. */
export function leaseStoreOn(db: pg.Pool) {
  return {
    otherShardCount: (count: number) => otherShardCount(db, count),
    take: (request: { shard: number; count: number; owner: string; host: string; ttlMs: number }) => takeLease(db, request),
    renew: (lease: Lease, ttlMs: number) => renewLease(db, lease, ttlMs),
    release: (lease: Lease) => releaseLease(db, lease),
    holder: (shard: number) => leaseHolder(db, shard),
  };
}
