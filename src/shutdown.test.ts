import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from './logger.js';
import { settleWithin } from './shutdown.js';

describe('a step of stopping', () => {
  afterEach(() => vi.useRealTimers());

  const logger = () => {
    const log = createLogger('silent');
    return { log, warn: vi.spyOn(log, 'warn') };
  };

  it('that ends in time is waited for, quietly', async () => {
    const { log, warn } = logger();
    let finished = false;
    await settleWithin(log, 'posts', new Promise<void>((resolve) => setTimeout(() => resolve(void (finished = true)), 5)), 1000);
    expect(finished).toBe(true);
    expect(warn).not.toHaveBeenCalled();
  });

  it('that hangs is given up after its time, and said so', async () => {
    vi.useFakeTimers();
    const { log, warn } = logger();
    let settled = false;
    const waiting = settleWithin(log, 'Discord connection', new Promise(() => undefined), 1000).then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await waiting;
    expect(warn).toHaveBeenCalledWith({ step: 'Discord connection', waitedMs: 1000 }, expect.stringMatching(/too long/));
  });

  it('that fails is logged, and the stopping goes on', async () => {
    const { log, warn } = logger();
    await expect(settleWithin(log, 'workers', Promise.reject(new Error('worker gone')), 1000)).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ step: 'workers' }), expect.stringMatching(/failed/));
  });
});
