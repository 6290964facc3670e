import { describe, expect, it } from 'vitest';
import { VersionCache } from './version-cache.js';

describe('VersionCache', () => {
  it('works a value out once per (game, version) and again for another version', () => {
    const cache = new VersionCache<string>(10);
    let computed = 0;
    const value = (id: number, version: number) => cache.get(id, version, () => `${id}@${version}#${++computed}`);
    expect(value(1, 3)).toBe('1@3#1');
    expect(value(1, 3)).toBe('1@3#1');
    expect(value(1, 4)).toBe('1@4#2');
    // An older version read again (another process wrote it, or it was read before a write) is worked out again, never served stale.
    expect(value(1, 3)).toBe('1@3#3');
    expect(value(2, 3)).toBe('2@3#4');
  });

  it('keeps at most its capacity, dropping the game used least recently', () => {
    const cache = new VersionCache<number>(2);
    cache.set(1, 0, 10);
    cache.set(2, 0, 20);
    expect(cache.get(1, 0, () => -1)).toBe(10); // 1 is now the most recent
    cache.set(3, 0, 30); // drops 2
    expect(cache.size).toBe(2);
    expect(cache.get(2, 0, () => -2)).toBe(-2); // worked out again; drops 1
    expect(cache.get(3, 0, () => -3)).toBe(30);
    expect(cache.get(1, 0, () => -1)).toBe(-1);
  });
});
