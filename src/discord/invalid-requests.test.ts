/**
 * The guard against Discord's ban for invalid requests: by the process's own count, and by the
 * bot's count in the database (on SQLite in `unit`, on PostgreSQL in `postgres`: the storage
 * suite), where one process past the limit with another's requests holds its retries too.
 */
import { EventEmitter } from 'node:events';
import { RESTEvents } from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import { testHandle } from '../../tests/support/test-store.js';
import { BotCounterStore, type BotCounter } from '../db/bot-counter-store.js';
import { createLogger } from '../logger.js';
import { COUNTER, HOLD_AT, lastWindow, WARN_EVERY, WINDOW_MS, watchInvalidRequests } from './invalid-requests.js';

interface Line {
  msg: string;
  level: number;
  invalidRequests?: number;
  botWide?: boolean;
}

/** A process: its REST client's events, what it held, what it logged. */
function host(counter?: BotCounter, pollMs = 50) {
  const rest = new EventEmitter();
  const held: number[] = [];
  const lines: Line[] = [];
  const logger = createLogger('info', { write: (line: string) => void lines.push(JSON.parse(line) as Line) });
  const watch = watchInvalidRequests([rest], { holdRetries: (until) => held.push(until) }, logger, {
    now: () => 1_000_000,
    pollMs,
    ...(counter ? { counter } : {}),
  });
  stops.push(watch.stop);
  const warn = (count: number, remainingTime = 300_000) => rest.emit(RESTEvents.InvalidRequestWarning, { count, remainingTime });
  return { held, lines, warn };
}

const stops: (() => void)[] = [];
afterEach(() => stops.splice(0).forEach((stop) => stop()));

const until = async (check: () => boolean, ms = 3000) => {
  for (const end = Date.now() + ms; !check();) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe('invalid requests, by the process alone', () => {
  it('are only logged below a fifth of Discord’s limit; past it, retries are held until the window ends', () => {
    const { held, lines, warn } = host();
    warn(WARN_EVERY, 500_000);
    expect(held).toEqual([]);
    expect(lines.map((l) => l.invalidRequests)).toEqual([WARN_EVERY]);
    warn(HOLD_AT, 300_000);
    expect(held).toEqual([1_300_000]);
    expect(lines.at(-1)?.msg).toMatch(/refused too many requests/);
    expect(HOLD_AT * 5).toBeLessThanOrEqual(10_000);
  });
});

describe('invalid requests, counted for the whole bot', () => {
  it("hold every process's retries once the processes together pass the limit", async () => {
    const counter = new BotCounterStore(await testHandle());
    const a = host(counter);
    const b = host(counter);
    // A's warnings, one per WARN_EVERY, up to one short of the limit: logged, nothing held.
    for (let n = 1; n < HOLD_AT / WARN_EVERY; n++) a.warn(n * WARN_EVERY);
    await until(() => a.lines.length === HOLD_AT / WARN_EVERY - 1);
    expect(a.held).toEqual([]);
    expect(Math.max(...a.lines.map((l) => l.invalidRequests ?? 0))).toBe(HOLD_AT - WARN_EVERY);
    // B's first hundred take the bot past it: B holds at once, A on its next reading.
    b.warn(WARN_EVERY);
    await until(() => b.held.length > 0 && a.held.length > 0);
    expect(b.lines).toEqual([expect.objectContaining({ msg: expect.stringMatching(/refused too many requests/), invalidRequests: HOLD_AT, botWide: true })]);
    expect(a.lines.filter((l) => /refused too many/.test(l.msg))).toHaveLength(1);
    // Until the end of the database's window, seen from this process's clock.
    const { windowLeftMs } = await counter.read(COUNTER, WINDOW_MS);
    expect(Math.abs((b.held[0] as number) - (1_000_000 + windowLeftMs))).toBeLessThan(2000);
    // Said once per hold, however often it is read.
    await new Promise((r) => setTimeout(r, 200));
    expect(a.lines.filter((l) => /refused too many/.test(l.msg))).toHaveLength(1);
  });

  it("go by the process's own count while the database cannot be reached", async () => {
    const broken: BotCounter = {
      add: () => Promise.reject(new Error('connection refused')),
      read: () => Promise.reject(new Error('connection refused')),
    };
    const { held, lines, warn } = host(broken);
    warn(HOLD_AT, 100_000);
    await until(() => held.length > 0);
    expect(held).toEqual([1_100_000]);
    await new Promise((r) => setTimeout(r, 200));
    // One line for the failed add, one for the reading that fails every 50 ms.
    expect(lines.filter((l) => /could not (add to|read) the bot's count/.test(l.msg))).toHaveLength(2);
  });

  it('count the window before by the share of it still within the last ten minutes', () => {
    expect(lastWindow({ count: 100, previous: 1000, windowLeftMs: WINDOW_MS / 2 })).toBe(600);
    expect(lastWindow({ count: 100, previous: 1000, windowLeftMs: 0 })).toBe(100);
    expect(lastWindow({ count: 0, previous: 1000, windowLeftMs: WINDOW_MS })).toBe(1000);
  });
});
