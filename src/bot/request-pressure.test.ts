import { EventEmitter } from 'node:events';
import { RESTEvents } from 'discord.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../logger.js';
import type { CounterReading } from '../db/bot-counter-store.js';
import { GLOBAL_PER_SECOND, TRIM_BELOW_SHARE, WINDOW_MS, exemptFromGlobal, rateOf, watchRequestPressure } from './request-pressure.js';

/** A REST client's events: each call answers one request to `path`. */
function restOf() {
  const events = new EventEmitter();
  return { rest: events as unknown as Parameters<typeof watchRequestPressure>[0][number], answer: (path: string, n = 1) => { for (let i = 0; i < n; i++) events.emit(RESTEvents.Response, { path }); } };
}

const limit = GLOBAL_PER_SECOND * TRIM_BELOW_SHARE;

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('request pressure', () => {
  it("counts the requests Discord counts against the global limit, not an interaction's answers", () => {
    expect(exemptFromGlobal('/interactions/1/token/callback')).toBe(true);
    expect(exemptFromGlobal('/webhooks/2/token/messages/@original')).toBe(true);
    expect(exemptFromGlobal('/channels/3/messages')).toBe(false);
    const { rest, answer } = restOf();
    const pressure = watchRequestPressure([rest], createLogger('silent'), { now: () => Date.now() });
    answer('/interactions/1/token/callback', 500);
    expect(pressure.rate()).toBe(0);
    answer('/channels/3/messages', 50);
    expect(pressure.rate()).toBe((50 * 1000) / WINDOW_MS);
  });

  it("alone, a process leaves room for trims below its share of the limit, and again once its own requests have passed", () => {
    const { rest, answer } = restOf();
    const pressure = watchRequestPressure([rest], createLogger('silent'), { now: () => Date.now() });
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
    const { rest, answer } = restOf();
    const pressure = watchRequestPressure([rest], createLogger('silent'), { counter, pollMs: 1000, now: () => Date.now() });
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
