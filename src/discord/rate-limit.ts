/**
 * A small rate limit per member: a bucket of `burst` uses that fills again at one use per
 * `refillMs`. Memory is bounded: at most `maxMembers` buckets, the least recently used dropped
 * first. A dropped bucket is one that was quiet longest; when it is full again it is the same
 * as none, so dropping one only ever forgives a member, never refuses one, and a flood of
 * members cannot grow the map.
 */
export interface RateLimit {
  burst: number;
  refillMs: number;
  maxMembers: number;
}

interface Bucket {
  uses: number;
  at: number;
}

export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly limit: RateLimit,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes a use for `member`; false when he is past the limit (nothing is taken then). */
  take(member: string): boolean {
    const now = this.now();
    const bucket = this.buckets.get(member);
    const uses = bucket ? Math.min(this.limit.burst, bucket.uses + Math.max(0, now - bucket.at) / this.limit.refillMs) : this.limit.burst;
    if (uses < 1) return false;
    // Deleted and set again, so that the Map's order is the order of last use.
    this.buckets.delete(member);
    this.buckets.set(member, { uses: uses - 1, at: now });
    if (this.buckets.size > this.limit.maxMembers) this.buckets.delete(this.buckets.keys().next().value as string);
    return true;
  }

  /** Members with a bucket (for tests). */
  get size(): number {
    return this.buckets.size;
  }
}

/**
 * Boards drawn on demand (`/game board`, replays), per member: a few at once, then one every few
 * seconds. Drawing one takes a worker tens of milliseconds, so one member's flood would otherwise
 * delay every game's posts. One limiter per process, which draws for all the servers it serves.
 */
export const ON_DEMAND_BOARDS: RateLimit = { burst: 5, refillMs: 10_000, maxMembers: 10_000 };

let boards = new RateLimiter(ON_DEMAND_BOARDS);

/** The limiter of boards drawn on demand, shared by every command and button that draws one. */
export const onDemandBoards = (): RateLimiter => boards;

/** Sets how many boards a member may have drawn in a row (BOARD_BURST), at start. */
export function setBoardBurst(burst: number): void {
  boards = new RateLimiter({ ...ON_DEMAND_BOARDS, burst });
}
