/**
 * The waiting line of a worker pool: the lowest priority number first (board posts before boards
 * asked for on demand), and within a priority, round-robin by key (one game's jobs never ahead of
 * another's): the key at the head of the rotation gives one job, then goes to the back of it if it
 * has more. Jobs without a key are served in the order they came. Every operation is O(1).
 */
export interface QueueOrder {
  /** Lower numbers are served first; 0 by default. */
  priority?: number;
  /** Whose job it is (a game); jobs of one key take turns with other keys' jobs. */
  key?: string | number;
}

export class FairQueue<T> {
  /** Per priority, the keys in their turn order (a Map keeps the order of insertion), each with its jobs. */
  private readonly levels = new Map<number, Map<unknown, T[]>>();
  private size = 0;

  get length(): number {
    return this.size;
  }

  push(item: T, order: QueueOrder = {}): void {
    const priority = order.priority ?? 0;
    let keys = this.levels.get(priority);
    if (!keys) {
      keys = new Map();
      this.levels.set(priority, keys);
    }
    // A job without a key is a key of its own: it takes its place at the back.
    const key = order.key ?? Symbol();
    const jobs = keys.get(key);
    if (jobs) jobs.push(item);
    else keys.set(key, [item]);
    this.size++;
  }

  /** The next job: from the most urgent priority, the key whose turn it is. */
  shift(): T | undefined {
    const priority = this.mostUrgent();
    if (priority === undefined) return undefined;
    const keys = this.levels.get(priority) as Map<unknown, T[]>;
    const [key, jobs] = keys.entries().next().value as [unknown, T[]];
    const item = jobs.shift() as T;
    keys.delete(key);
    if (jobs.length > 0) keys.set(key, jobs);
    if (keys.size === 0) this.levels.delete(priority);
    this.size--;
    return item;
  }

  /** Takes every job out, in no particular order (when the pool closes). */
  drain(): T[] {
    const all = [...this.levels.values()].flatMap((keys) => [...keys.values()].flat());
    this.levels.clear();
    this.size = 0;
    return all;
  }

  /** The lowest priority number with jobs waiting (priorities in use are few). */
  private mostUrgent(): number | undefined {
    let best: number | undefined;
    for (const priority of this.levels.keys()) if (best === undefined || priority < best) best = priority;
    return best;
  }
}
