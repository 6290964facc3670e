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

describe('a cache bounded by weight', () => {
  it('keeps its entries within the weight bound, least recent out first, and says what it dropped', () => {
    const dropped: string[] = [];
    const cache = new Lru<string, Buffer>(Number.MAX_SAFE_INTEGER, { weigh: (b) => b.byteLength, maxWeight: 100, dropped: (key) => dropped.push(key) });
    cache.set('a', Buffer.alloc(40));
    cache.set('b', Buffer.alloc(40));
    cache.get('a');
    cache.set('c', Buffer.alloc(30));
    expect([cache.has('a'), cache.has('b'), cache.has('c'), cache.weight]).toEqual([true, false, true, 70]);
    // Replacing an entry weighs only the new value; deleting one by hand is no drop.
    cache.set('c', Buffer.alloc(50));
    expect(cache.weight).toBe(90);
    expect(cache.delete('a')).toBe(true);
    expect([cache.weight, cache.size]).toEqual([50, 1]);
    // An entry heavier than the whole bound is not kept at all.
    cache.set('huge', Buffer.alloc(101));
    expect([cache.size, cache.weight]).toEqual([0, 0]);
    expect(dropped).toEqual(['b', 'c', 'huge']);
  });
});
