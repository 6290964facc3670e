import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../tests/support/postgres/database.js';
import type { AdvanceStep } from '../dialect.js';
import { Storage } from '../storage.js';
import { openPostgres, type PostgresDatabase } from './connect.js';
import { postgresDialect } from './dialect.js';
import { FencedOff, leaseHolder, otherShardCount, releaseLease, renewLease, stillHeld, takeLease, type Fencing, type Lease } from './leases.js';
import { testLobby } from '../../../tests/support/store-fixtures.js';

// Shard leases in the database's clock: one owner per shard, the epoch one more at each change
// of owner, and the writes of a process fenced by its lease: a stale owner's are refused.

const database = useTestDatabase();
let opened: PostgresDatabase;
let pool: pg.Pool;
let shard = 0;

beforeAll(async () => {
  opened = await openPostgres(database.url, { poolSize: 6 });
  pool = opened.pool;
});
afterAll(() => opened.close());

const take = (owner: string, ttlMs = 60_000, count = 64, on = shard) => takeLease(pool, { shard: on, count, owner, host: `${owner}-host`, ttlMs });
/** A shard no other test of this file uses. */
const nextShard = () => ++shard;

/** Ends a lease in the database as if its time had run out (its owner frozen past it). */
async function expire(on: number): Promise<void> {
  await pool.query(`UPDATE shard_leases SET expires_at = expires_at - 3600000 WHERE shard = $1`, [on]);
}

async function lobbyIn(store: Storage): Promise<number> {
  const lobby = await store.createLobby(testLobby({ options: { variant: 'jamaica' }, timeLimitMs: 0 }));
  await store.join(lobby.id, 'ann', 'Ann', 1);
  return lobby.id;
}

/** A store whose writes are fenced by whatever lease `current` holds. */
function fencedStore(current: { lease: Lease | null }, refusals: { count: number }): Storage {
  const fencing: Fencing = { current: () => current.lease, refused: () => void (refusals.count += 1) };
  return new Storage(postgresDialect(opened.db, opened.where, fencing));
}

describe('shard leases', () => {
  it('goes to the first to ask; the next waits, told who holds it and for how long', async () => {
    nextShard();
    const first = await take('a');
    expect(first).toMatchObject({ taken: true, lease: { shard, owner: 'a', epoch: 1 }, previous: null });
    const second = await take('b');
    expect(second.taken).toBe(false);
    if (second.taken) return;
    expect(second.holder).toMatchObject({ owner: 'a', host: 'a-host', epoch: 1 });
    expect(second.holder.leftMs).toBeGreaterThan(55_000);
    expect(second.holder.leftMs).toBeLessThanOrEqual(60_000);
  });

  it('is taken over once it ends, with the next epoch; the old owner can no longer renew it', async () => {
    nextShard();
    const first = await take('a');
    if (!first.taken) throw new Error('not taken');
    expect(await renewLease(pool, first.lease, 60_000)).toBe(true);
    await expire(shard);
    // Ended, it cannot be renewed either: the owner may have been frozen past it.
    expect(await renewLease(pool, first.lease, 60_000)).toBe(false);
    const second = await take('b');
    expect(second).toMatchObject({ taken: true, lease: { owner: 'b', epoch: 2 }, previous: { owner: 'a', host: 'a-host', epoch: 1 } });
    expect(await renewLease(pool, first.lease, 60_000)).toBe(false);
    expect((await leaseHolder(pool, shard))?.owner).toBe('b');
  });

  it('given up, is taken at once by the next', async () => {
    nextShard();
    const first = await take('a');
    if (!first.taken) throw new Error('not taken');
    await releaseLease(pool, first.lease);
    expect(await stillHeld(pool, first.lease)).toBe(false);
    expect(await take('b')).toMatchObject({ taken: true, lease: { epoch: 2 } });
  });

  it('two processes asking at once: exactly one gets it', async () => {
    nextShard();
    const answers = await Promise.all(['a', 'b', 'c', 'd'].map((owner) => take(owner)));
    expect(answers.filter((answer) => answer.taken)).toHaveLength(1);
  });

  it('finds a live lease of another shard count, not an ended one', async () => {
    const on = nextShard();
    await take('a', 60_000, 3, on);
    expect(await otherShardCount(pool, 64)).toMatchObject({ shard: on, shardCount: 3, host: 'a-host' });
    await expire(on);
    expect(await otherShardCount(pool, 64)).toBeNull();
  });
});

describe('writes fenced by the lease', () => {
  it("refuses a stale owner's transaction and one-statement move, and tells of it; the owner's go through", async () => {
    nextShard();
    const taken = await take('a');
    if (!taken.taken) throw new Error('not taken');
    const current: { lease: Lease | null } = { lease: taken.lease };
    const refusals = { count: 0 };
    const store = fencedStore(current, refusals);
    const id = await lobbyIn(store);
    expect(await store.start(id, { step: 0 }, { waitingSince: 1, deadlineAt: null, reminderAt: null })).toBe(true);
    const step = (expected: number): AdvanceStep => ({
      id,
      expected,
      next: expected + 1,
      at: 5,
      state: JSON.stringify({ step: expected + 1 }),
      waitingSince: 5,
      deadlineAt: null,
      reminderAt: null,
      keepWait: 0,
      seat: 0,
      action: { n: expected },
      events: [],
      origin: 'player',
      undoable: false,
    });
    const advance = (expected: number) =>
      (store as unknown as { h: { oneTrip: { advance: (s: AdvanceStep) => Promise<boolean> } } }).h.oneTrip.advance(step(expected));
    expect(await advance(0)).toBe(true);
    // Another host takes the shard after this one's lease ran out.
    await expire(shard);
    expect(await take('b')).toMatchObject({ taken: true, lease: { epoch: 2 } });
    await expect(advance(1)).rejects.toBeInstanceOf(FencedOff);
    await expect(store.createLobby(testLobby({ hostId: 'x', hostName: 'X', timeLimitMs: 0 }))).rejects.toBeInstanceOf(FencedOff);
    expect(refusals.count).toBe(2);
    const rows = await pool.query<{ version: number }>('SELECT version FROM games WHERE id = $1', [id]);
    expect(rows.rows[0]?.version).toBe(1);
    // Without a lease at all (lost, or not yet taken), nothing is even tried.
    current.lease = null;
    await expect(advance(1)).rejects.toBeInstanceOf(FencedOff);
    expect(refusals.count).toBe(2);
  });

  it('a take-over waits for a fenced transaction in progress, which commits; the next one is refused', async () => {
    nextShard();
    const taken = await take('a', 1_000);
    if (!taken.taken) throw new Error('not taken');
    const store = fencedStore({ lease: taken.lease }, { count: 0 });
    let release: () => void = () => undefined;
    const holding = new Promise<void>((done) => (release = done));
    let inside: () => void = () => undefined;
    const entered = new Promise<void>((done) => (inside = done));
    const work = store.transaction(async () => {
      inside();
      await holding;
      return 'written';
    });
    await entered;
    // The lease ends meanwhile; the take-over blocks on the transaction's FOR SHARE.
    await new Promise((done) => setTimeout(done, 1_100));
    let tookAt = 0;
    const takeover = take('b').then((answer) => ((tookAt = Date.now()), answer));
    await new Promise((done) => setTimeout(done, 300));
    expect(tookAt).toBe(0);
    const committedAt = Date.now();
    release();
    expect(await work).toBe('written');
    expect(await takeover).toMatchObject({ taken: true, lease: { epoch: 2 } });
    expect(tookAt).toBeGreaterThanOrEqual(committedAt);
    await expect(store.transaction(async () => 'late')).rejects.toBeInstanceOf(FencedOff);
  });
});
