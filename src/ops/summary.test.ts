import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../logger.js';
import type { ActivityTotals } from './metrics.js';
import { startSummaries } from './summary.js';

describe('the summary a minute', () => {
  afterEach(() => vi.useRealTimers());

  const start = () => {
    vi.useFakeTimers();
    const logger = createLogger('info');
    const info = vi.spyOn(logger, 'info').mockImplementation(() => undefined);
    const totals: ActivityTotals = { interactions: 0, moves: 0, posts: 0, errors: 0 };
    const stop = startSummaries(async () => ({ ...totals }), logger, 60_000);
    return { totals, info, stop };
  };

  it('logs what happened in each minute, not since the start', async () => {
    const { totals, info, stop } = start();
    Object.assign(totals, { interactions: 12, moves: 5, posts: 2 });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(info).toHaveBeenLastCalledWith({ interactions: 12, moves: 5, posts: 2, errors: 0, seconds: 60 }, 'activity');
    Object.assign(totals, { interactions: 15, errors: 1 });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(info).toHaveBeenLastCalledWith({ interactions: 3, moves: 0, posts: 0, errors: 1, seconds: 60 }, 'activity');
    expect(info).toHaveBeenCalledTimes(2);
    stop();
  });

  it('stays quiet in a minute when nothing happened', async () => {
    const { totals, info, stop } = start();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(info).not.toHaveBeenCalled();
    totals.moves = 1;
    await vi.advanceTimersByTimeAsync(60_000);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(info).toHaveBeenCalledTimes(1);
    stop();
  });

  it('logs nothing more once stopped', async () => {
    const { totals, info, stop } = start();
    stop();
    totals.interactions = 4;
    await vi.advanceTimersByTimeAsync(120_000);
    expect(info).not.toHaveBeenCalled();
  });
});
