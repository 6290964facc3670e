/**
 * The identify throttler on the database's slots (on SQLite in `unit`, on PostgreSQL in
 * `postgres`: the storage suite), with a short spacing: shards of one bucket identify one spacing
 * apart, whichever throttler (process, host) asks; other buckets do not wait; a shard that closes
 * stops waiting; a database that fails leaves discord.js's own spacing.
 */
import { describe, expect, it } from 'vitest';
import { testHandle } from '../../tests/support/test-store.js';
import { IdentifyStore } from '../db/identify-store.js';
import { createLogger } from '../logger.js';
import { DatabaseIdentifyThrottler, IDENTIFY_SPACING_MS, identifyThrottlerOf, type IdentifySlots } from './identify-throttler.js';

const SPACING = 400;

function logged() {
  const lines: { msg: string; level: number; waitMs?: number }[] = [];
  return { lines, logger: createLogger('info', { write: (line: string) => void lines.push(JSON.parse(line) as { msg: string; level: number }) }) };
}

/** When each call resolved, in ms from the start. */
async function timed(calls: (() => Promise<void>)[]): Promise<number[]> {
  const start = performance.now();
  return Promise.all(calls.map(async (call) => (await call(), performance.now() - start)));
}

const never = () => new AbortController().signal;

describe('identifies spaced through the database', () => {
  it('lets the shards of one bucket identify one spacing apart, also from two hosts', async () => {
    const slots = new IdentifyStore(await testHandle());
    const { logger, lines } = logged();
    const [here, there] = [new DatabaseIdentifyThrottler(slots, 1, logger, SPACING), new DatabaseIdentifyThrottler(slots, 1, logger, SPACING)];
    const times = (await timed([() => here.waitForIdentify(0, never()), () => there.waitForIdentify(1, never()), () => here.waitForIdentify(2, never())])).sort(
      (a, b) => a - b,
    );
    expect(times[0]).toBeLessThan(SPACING / 2);
    expect((times[1] as number) - (times[0] as number)).toBeGreaterThan(SPACING - 100);
    expect((times[2] as number) - (times[1] as number)).toBeGreaterThan(SPACING - 100);
    expect(lines.filter((l) => l.msg === 'waiting for the identify slot of its bucket')).toHaveLength(2);
  });

  it('lets shards of different buckets identify at once', async () => {
    const throttler = new DatabaseIdentifyThrottler(new IdentifyStore(await testHandle()), 2, logged().logger, SPACING);
    const times = await timed([() => throttler.waitForIdentify(0, never()), () => throttler.waitForIdentify(1, never())]);
    for (const time of times) expect(time).toBeLessThan(SPACING / 2);
  });

  it('stops waiting when the shard closes meanwhile', async () => {
    const throttler = new DatabaseIdentifyThrottler(new IdentifyStore(await testHandle()), 1, logged().logger, 60_000);
    await throttler.waitForIdentify(0, never());
    const closed = new AbortController();
    const waiting = throttler.waitForIdentify(0, closed.signal);
    setTimeout(() => closed.abort(), 20);
    await expect(waiting).rejects.toThrow(/abort/i);
  });

  it("falls back on discord.js's own spacing when the database fails, saying so; a busy one is tried again", async () => {
    const { logger, lines } = logged();
    let calls = 0;
    const busyOnce: IdentifySlots = {
      takeSlot: () => (++calls === 1 ? Promise.reject(Object.assign(new Error('lock timeout'), { code: '55P03' })) : Promise.resolve(0)),
    };
    await new DatabaseIdentifyThrottler(busyOnce, 1, logger, SPACING).waitForIdentify(0, never());
    expect(calls).toBe(2);
    expect(lines).toEqual([]);
    const broken: IdentifySlots = { takeSlot: () => Promise.reject(new Error('connection refused')) };
    const throttler = new DatabaseIdentifyThrottler(broken, 1, logger, SPACING);
    await throttler.waitForIdentify(0, never());
    expect(lines.map((l) => [l.level, l.msg])).toEqual([
      [40, "could not take the identify slot from the database; spacing this process's identifies by itself"],
    ]);
  });

  it("is built from Discord's max_concurrency, with Discord's 5 s and a margin by default", async () => {
    const taken: [number, number][] = [];
    const slots: IdentifySlots = { takeSlot: (bucket, spacing) => (taken.push([bucket, spacing]), Promise.resolve(0)) };
    const build = identifyThrottlerOf(slots, logged().logger);
    const throttler = await build({ fetchGatewayInformation: () => Promise.resolve({ session_start_limit: { max_concurrency: 16 } }) });
    await throttler.waitForIdentify(37, never());
    expect(taken).toEqual([[37 % 16, IDENTIFY_SPACING_MS]]);
    expect(IDENTIFY_SPACING_MS).toBeGreaterThanOrEqual(5000);
  });
});
