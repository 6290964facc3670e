/**
 * Identify slots and bot-wide counters, on SQLite (`unit`) and again on PostgreSQL (`postgres`,
 * the storage suite): slots of one bucket come one spacing apart by the database's clock, also
 * when many are taken at once; counters add up within a window and read the window before.
 */
import { describe, expect, it } from 'vitest';
import { testHandle } from '../../tests/support/test-store.js';
import { BotCounterStore } from './bot-counter-store.js';
import { IdentifyStore } from './identify-store.js';

/** Slack for the time between two statements (and PostgreSQL's pool on a busy machine). */
const SLACK_MS = 400;

describe('identify slots', () => {
  it('gives the first slot of a bucket at once, and each next one a spacing after the one before', async () => {
    const store = new IdentifyStore(await testHandle());
    expect(await store.takeSlot(0, 5000)).toBeLessThanOrEqual(SLACK_MS);
    const second = await store.takeSlot(0, 5000);
    const third = await store.takeSlot(0, 5000);
    expect(second).toBeGreaterThan(5000 - SLACK_MS);
    expect(second).toBeLessThanOrEqual(5000);
    expect(third - second).toBeGreaterThan(5000 - SLACK_MS);
    expect(third - second).toBeLessThanOrEqual(5000 + SLACK_MS);
    // Another bucket has its own turn.
    expect(await store.takeSlot(1, 5000)).toBeLessThanOrEqual(SLACK_MS);
  });

  it('starts from now again once the bucket has been idle past its next slot', async () => {
    const store = new IdentifyStore(await testHandle());
    await store.takeSlot(3, 50);
    await new Promise((r) => setTimeout(r, 120));
    expect(await store.takeSlot(3, 50)).toBe(0);
  });

  it('hands out distinct slots to callers asking at the same moment', async () => {
    const store = new IdentifyStore(await testHandle());
    const waits = (await Promise.all(Array.from({ length: 8 }, () => store.takeSlot(0, 1000)))).sort((a, b) => a - b);
    waits.forEach((wait, i) => expect(Math.abs(wait - i * 1000), `slot ${i}: ${waits.join(', ')}`).toBeLessThanOrEqual(SLACK_MS));
  });

  it('refuses a spacing that is not a whole number of ms', async () => {
    const store = new IdentifyStore(await testHandle());
    await expect(store.takeSlot(0, 1.5)).rejects.toThrow(RangeError);
  });
});

describe('bot-wide counters', () => {
  it('add up within the window, per name, and say how long the window lasts', async () => {
    const store = new BotCounterStore(await testHandle());
    const empty = await store.read('invalid-requests', 600_000);
    expect(empty).toMatchObject({ count: 0, previous: 0 });
    expect(empty.windowLeftMs).toBeGreaterThan(0);
    expect(empty.windowLeftMs).toBeLessThanOrEqual(600_000);
    await store.add('invalid-requests', 100, 600_000);
    await store.add('other', 7, 600_000);
    const reading = await store.add('invalid-requests', 100, 600_000);
    expect(reading.count).toBe(200);
    expect(reading.previous).toBe(0);
    expect(reading.windowLeftMs).toBeGreaterThan(0);
    expect(reading.windowLeftMs).toBeLessThanOrEqual(600_000);
    expect((await store.read('invalid-requests', 600_000)).count).toBe(200);
    expect((await store.read('other', 600_000)).count).toBe(7);
  });

  it('start each window at nought and keep the one before as `previous`', async () => {
    const store = new BotCounterStore(await testHandle());
    // Windows of 300 ms: wait for the start of one, so that both adds fall into it.
    const width = 300;
    const first = await store.read('n', width);
    await new Promise((r) => setTimeout(r, first.windowLeftMs + 5));
    await store.add('n', 3, width);
    const left = (await store.add('n', 2, width)).windowLeftMs;
    await new Promise((r) => setTimeout(r, left + 5));
    const next = await store.add('n', 1, width);
    expect([next.count, next.previous]).toEqual([1, 5]);
    // Two windows on, the first is neither current nor previous.
    await new Promise((r) => setTimeout(r, next.windowLeftMs + width + 5));
    expect(await store.read('n', width)).toMatchObject({ count: 0, previous: 0 });
  });

  it('count every add of callers adding at the same moment', async () => {
    const store = new BotCounterStore(await testHandle());
    const width = 3_600_000;
    await Promise.all(Array.from({ length: 10 }, () => store.add('x', 10, width)));
    const { count, previous } = await store.read('x', width);
    expect(count + previous).toBe(100);
  });
});
