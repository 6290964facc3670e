import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../logger.js';
import type { CounterReading } from '../db/bot-counter-store.js';
import { GLOBAL_PER_SECOND, TRIM_BELOW_SHARE, WINDOW_MS, exemptFromGlobal, rateOf, requestPressure, type RequestPressure } from './request-pressure.js';

const API = 'https://discord.com/api/v10';

/** Sends `n` requests to `path` through the pressure's count, as the REST clients' `makeRequest` does. */
const sender =
  (pressure: RequestPressure) =>
  (path: string, n = 1) => {
    for (let i = 0; i < n; i++) pressure.sent(`${API}${path}`);
  };

const limit = GLOBAL_PER_SECOND * TRIM_BELOW_SHARE;

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('request pressure', () => {
  it("counts the requests Discord counts against the global limit, not an interaction's answers", () => {
    expect(exemptFromGlobal(`${API}/interactions/1/token/callback`)).toBe(true);
    expect(exemptFromGlobal(`${API}/webhooks/2/token/messages/@original`)).toBe(true);
    expect(exemptFromGlobal(`${API}/channels/3/messages`)).toBe(false);
    const pressure = requestPressure(createLogger('silent'), { now: () => Date.now() });
    const answer = sender(pressure);
    answer('/interactions/1/token/callback', 500);
    expect(pressure.rate()).toBe(0);
    answer('/channels/3/messages', 50);
    expect(pressure.rate()).toBe((50 * 1000) / WINDOW_MS);
  });

  it('alone, a process leaves room for trims below its share of the limit, and again once its own requests have passed', () => {
    const pressure = requestPressure(createLogger('silent'), { now: () => Date.now() });
    const answer = sender(pressure);
    answer('/channels/3/messages', (limit * WINDOW_MS) / 1000 - 1);
    expect(pressure.spare()).toBe(true);
    answer('/channels/3/messages/4');
    expect(pressure.spare()).toBe(false);
    vi.advanceTimersByTime(WINDOW_MS + 1);
    expect(pressure.spare()).toBe(true);
  });

  it("with the bot's counter, adds its own requests and goes by the whole bot's rate; while the counter fails, by its own", async () => {
    const added: number[] = [];
    let botCount = 0;
    let failing = false;
    const reading = (): CounterReading => ({ count: botCount, previous: 0, windowLeftMs: WINDOW_MS });
    const counter = {
      add: vi.fn(async (_name: string, n: number) => {
        if (failing) throw new Error('database away');
        added.push(n);
        botCount += n;
        return reading();
      }),
      read: vi.fn(async () => {
        if (failing) throw new Error('database away');
        return reading();
      }),
    };
    const pressure = requestPressure(createLogger('silent'), { counter, pollMs: 1000, now: () => Date.now() });
    const answer = sender(pressure);
    answer('/channels/3/messages', 3);
    await vi.advanceTimersByTimeAsync(1000);
    expect(added).toEqual([3]);
    // Another host's requests: the bot as a whole is past the share, this process is not.
    botCount += limit * (WINDOW_MS / 1000);
    await vi.advanceTimersByTimeAsync(1000);
    expect(counter.read).toHaveBeenCalled();
    expect(pressure.spare()).toBe(false);
    failing = true;
    await vi.advanceTimersByTimeAsync(1000);
    expect(pressure.spare()).toBe(true);
    pressure.stop();
  });

  it('reads a rate from fixed windows: the current one and the part of the one before still within the window', () => {
    expect(rateOf({ count: 100, previous: 0, windowLeftMs: WINDOW_MS })).toBe((100 * 1000) / WINDOW_MS);
    expect(rateOf({ count: 0, previous: 100, windowLeftMs: WINDOW_MS / 2 })).toBe((50 * 1000) / WINDOW_MS);
  });
});
