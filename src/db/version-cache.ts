/**
 * Values worked out from what was read of a game, kept while that stays the same: its state parsed
 * from the stored text (the stamp is the text itself), who may undo what at a version (a version
 * never changes once committed: every action makes a new one, in the same transaction that marks
 * what it took back). A game read with another stamp is simply worked out again, so the cache is
 * never less true than the database. Bounded; the games used least recently are dropped first.
 */
export class VersionCache<T, Stamp = number> {
  private readonly entries = new Map<number, { stamp: Stamp; value: T }>();

  constructor(private readonly capacity: number) {}

  get(id: number, stamp: Stamp, compute: () => T): T {
    const entry = this.entries.get(id);
    if (entry !== undefined && entry.stamp === stamp) {
      // Map keeps insertion order: moving the entry to the end keeps the least recent first.
      this.entries.delete(id);
      this.entries.set(id, entry);
      return entry.value;
    }
    const value = compute();
    this.set(id, stamp, value);
    return value;
  }

  set(id: number, stamp: Stamp, value: T): void {
    this.entries.delete(id);
    this.entries.set(id, { stamp, value });
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as number);
  }

  get size(): number {
    return this.entries.size;
  }
}

/**
 * A state shared by every reader of its version is frozen: rules never change a state (they make a
 * new one), and code that tried would fail loudly here instead of changing what others read.
 */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
