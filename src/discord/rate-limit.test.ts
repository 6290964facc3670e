import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rate-limit.js';

function limiter(maxMembers = 100) {
  let now = 0;
  const limits = new RateLimiter({ burst: 3, refillMs: 1000, maxMembers }, () => now);
  return { limits, later: (ms: number) => (now += ms) };
}

describe('the rate limit per member', () => {
  it('allows a few at once, refuses past them, and allows one again as time passes', () => {
    const { limits, later } = limiter();
    expect([1, 2, 3, 4, 5].map(() => limits.take('ann'))).toEqual([true, true, true, false, false]);
    // Another member is not held back by ann.
    expect(limits.take('bob')).toBe(true);
    later(999);
    expect(limits.take('ann')).toBe(false);
    later(1);
    expect(limits.take('ann')).toBe(true);
    expect(limits.take('ann')).toBe(false);
    // A long quiet time fills the bucket again, never beyond the burst.
    later(60_000);
    expect([1, 2, 3, 4].map(() => limits.take('ann'))).toEqual([true, true, true, false]);
  });

  it('refusals take nothing: a member who keeps trying is let through as soon as one use came back', () => {
    const { limits, later } = limiter();
    for (let i = 0; i < 3; i++) limits.take('ann');
    for (let i = 0; i < 50; i++) {
      later(10);
      limits.take('ann');
    }
    later(500);
    expect(limits.take('ann')).toBe(true);
  });

  it('keeps at most maxMembers buckets, forgetting the one unused longest', () => {
    const { limits } = limiter(10);
    for (let i = 0; i < 3; i++) limits.take('ann');
    for (let n = 0; n < 1000; n++) limits.take(`member ${n}`);
    expect(limits.size).toBe(10);
    // Ann was the longest unused, so she was forgotten: a fresh bucket, as after a quiet while.
    expect(limits.take('ann')).toBe(true);
    // The members used most recently still are remembered.
    for (let i = 0; i < 2; i++) limits.take('member 999');
    expect(limits.take('member 999')).toBe(false);
  });
});
