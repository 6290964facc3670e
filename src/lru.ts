/**
 * A map that keeps at most `capacity` entries, dropping the one used least recently: for caches of
 * things worked out again at will (boards drawn, states replayed), whose memory must not grow with
 * the number of games or members that ever asked. Entries may also be weighed (a board image by
 * its bytes): then the weights together stay within a bound too.
 */
export interface LruOptions<K, V> {
  /** An entry's weight (bytes, say); with `maxWeight`, the entries' weights together stay within it. */
  weigh?: (value: V) => number;
  maxWeight?: number;
  /** Told of each entry dropped to make room (not of those replaced, nor deleted by hand). */
  dropped?: (key: K, value: V) => void;
}

export class Lru<K, V> {
  private readonly entries = new Map<K, V>();
  private weighed = 0;

  constructor(
    readonly capacity: number,
    private readonly options: LruOptions<K, V> = {},
  ) {}

  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    // Map keeps insertion order: moving the entry to the end keeps the least recent first.
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  /** Whether `key` is kept, without making it recently used. */
  has(key: K): boolean {
    return this.entries.has(key);
  }

  set(key: K, value: V): void {
    this.delete(key);
    this.entries.set(key, value);
    this.weighed += this.weightOf(value);
    const maxWeight = this.options.maxWeight ?? Number.POSITIVE_INFINITY;
    // The entry just set is dropped too when it alone weighs more than the bound.
    while (this.entries.size > this.capacity || (this.weighed > maxWeight && this.entries.size > 0)) {
      const [oldest, dropped] = this.entries.entries().next().value as [K, V];
      this.delete(oldest);
      this.options.dropped?.(oldest, dropped);
    }
  }

  delete(key: K): boolean {
    const value = this.entries.get(key);
    if (value === undefined) return false;
    this.entries.delete(key);
    this.weighed -= this.weightOf(value);
    return true;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The entries' weights together (their number when they are not weighed). */
  get weight(): number {
    return this.weighed;
  }

  private weightOf(value: V): number {
    return this.options.weigh ? this.options.weigh(value) : 1;
  }
}
