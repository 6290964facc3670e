import { describe, expect, it } from 'vitest';
import { FairQueue } from './fair-queue.js';

function drain<T>(queue: FairQueue<T>): T[] {
  const out: T[] = [];
  for (let item = queue.shift(); item !== undefined; item = queue.shift()) out.push(item);
  return out;
}

describe('the fair queue of a worker pool', () => {
  it('serves jobs without a key in the order they came', () => {
    const queue = new FairQueue<number>();
    for (const n of [3, 1, 2]) queue.push(n);
    expect(queue.length).toBe(3);
    expect(drain(queue)).toEqual([3, 1, 2]);
    expect(queue.length).toBe(0);
  });

  it('lets keys take turns: a key with many jobs waiting holds up another key by one job at most', () => {
    const queue = new FairQueue<string>();
    for (let n = 1; n <= 5; n++) queue.push(`bots-only ${n}`, { key: 1 });
    queue.push('other 1', { key: 2 });
    queue.push('other 2', { key: 2 });
    expect(drain(queue)).toEqual(['bots-only 1', 'other 1', 'bots-only 2', 'other 2', 'bots-only 3', 'bots-only 4', 'bots-only 5']);
  });

  it('sends a key that was served to the back, behind the keys already waiting', () => {
    const queue = new FairQueue<string>();
    queue.push('a1', { key: 'a' });
    queue.push('b1', { key: 'b' });
    expect(queue.shift()).toBe('a1');
    // Game a's next decision, asked for once its move is made, waits behind b's.
    queue.push('a2', { key: 'a' });
    queue.push('c1', { key: 'c' });
    expect(drain(queue)).toEqual(['b1', 'a2', 'c1']);
  });

  it('serves a lower priority number first, whenever it came', () => {
    const queue = new FairQueue<string>();
    queue.push('on demand 1', { priority: 1 });
    queue.push('on demand 2', { priority: 1 });
    queue.push('post 1', { priority: 0 });
    expect(queue.shift()).toBe('post 1');
    queue.push('post 2', { priority: 0 });
    expect(drain(queue)).toEqual(['post 2', 'on demand 1', 'on demand 2']);
  });

  it('gives every job back when drained', () => {
    const queue = new FairQueue<number>();
    queue.push(1, { key: 'a' });
    queue.push(2, { key: 'a', priority: 2 });
    queue.push(3);
    expect(queue.drain().sort()).toEqual([1, 2, 3]);
    expect(queue.length).toBe(0);
    expect(queue.shift()).toBeUndefined();
  });
});
