import { describe, expect, it } from 'vitest';
import { Lru } from './lru.js';

describe('a bounded cache', () => {
  it('keeps at most its capacity, dropping the entry used least recently', () => {
    const cache = new Lru<string, number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3);
    expect(cache.size).toBe(2);
    expect(cache.get('b')).toBeUndefined();
    expect([cache.get('a'), cache.get('c')]).toEqual([1, 3]);
    cache.set('a', 4);
    cache.set('d', 5);
    expect([cache.get('a'), cache.get('c'), cache.get('d')]).toEqual([4, undefined, 5]);
  });
});
