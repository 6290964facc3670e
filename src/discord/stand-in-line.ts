import type { DueWait } from '../db/wait-store.js';
import type { StandInPlan } from '../service/game-service.js';

export interface StandInLineDeps {
  /**
   * The bot player's moves for the game's absent players, thought out off the main thread;
   * undefined where the game's safe moves will do.
   */
  think: (due: DueWait) => Promise<StandInPlan | undefined> | undefined;
  /** Applies the deadline, with the bot's moves when there are some; never throws. */
  expire: (due: DueWait, plan?: StandInPlan) => void;
  /** Whether the bot may act now: it hears its players and is not stopping. */
  mayAct: () => boolean;
  /** The bot could not think for the game: its safe moves are made instead. */
  thinkingFailed: (due: DueWait, error: unknown) => void;
}

/** Games thought out at once: one in the worker, one waiting there, so the worker never idles. */
const AT_ONCE = 2;

/**
 * The games whose deadline passed under the auto-move policy, waiting their turn for the bot to
 * play for their absent players. Only a few are thought out at a time: ten thousand timeouts at
 * once neither hold ten thousand states in memory nor crowd the bot players of running games out
 * of the worker (all stand-ins share one turn in its queue, see src/ai/thinker.ts). The line
 * holds small rows, in the order the walks through the due games found them.
 */
export class StandInLine {
  private readonly waiting = new Map<number, DueWait>();
  private readonly thinking = new Set<number>();

  constructor(
    private readonly deps: StandInLineDeps,
    private readonly atOnce = AT_ONCE,
  ) {}

  /** Games waiting or being thought out. */
  get length(): number {
    return this.waiting.size + this.thinking.size;
  }

  /** Whether the game is in the line already. */
  has(id: number): boolean {
    return this.waiting.has(id) || this.thinking.has(id);
  }

  /** Puts a due game in the line (once). */
  offer(due: DueWait): void {
    if (this.has(due.id)) return;
    this.waiting.set(due.id, due);
    this.next();
  }

  /** Forgets the waiting games a whole walk did not find due: they moved on, ended or paused. */
  retain(due: ReadonlySet<number>): void {
    for (const id of this.waiting.keys()) if (!due.has(id)) this.waiting.delete(id);
  }

  /** Forgets every waiting game: all waits moved (a jump of the clock, an outage), the next walk says which are due. */
  forget(): void {
    this.waiting.clear();
  }

  /** Starts thinking for the next games, as far as there is room and the bot may act. */
  next(): void {
    while (this.thinking.size < this.atOnce && this.deps.mayAct()) {
      const first = this.waiting.values().next();
      if (first.done) return;
      this.waiting.delete(first.value.id);
      this.standIn(first.value);
    }
  }

  private standIn(due: DueWait): void {
    let thinking: Promise<StandInPlan | undefined> | undefined;
    try {
      thinking = this.deps.think(due);
    } catch (error) {
      thinking = Promise.reject(error);
    }
    if (!thinking) {
      this.deps.expire(due);
      return;
    }
    this.thinking.add(due.id);
    void thinking
      .catch((error: unknown) => {
        this.deps.thinkingFailed(due, error);
        return undefined;
      })
      .then((plan) => {
        // Gone deaf (or stopping) meanwhile: the game stays due, for a walk once the bot hears again.
        if (this.deps.mayAct()) this.deps.expire(due, plan);
      })
      .finally(() => {
        this.thinking.delete(due.id);
        this.next();
      });
  }
}
