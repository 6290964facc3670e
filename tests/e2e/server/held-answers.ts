/**
 * Answers held back: `discord.holdAnswers({ route, method, when })` lets the next matching REST
 * call(s) run (a message is created, MESSAGE_CREATE goes out) but keeps its answer from the caller
 * until `release()`. So a test can kill the bot between Discord doing something and the bot
 * hearing of it, the moment after which a retry must not do it twice.
 */
import type { FaultRequest } from './faults.js';

export interface HoldSpec {
  /** A route pattern exactly as registered, e.g. '/channels/:channel/messages'. */
  route: string;
  /** Only this HTTP method (default: any). */
  method?: string;
  /** Only calls for which this returns true are held (and use up the count). */
  when?: (req: FaultRequest) => boolean;
  /** How many matching calls are held (default 1). */
  count?: number;
}

export interface HoldHandle {
  /** Calls that ran and whose answer was held so far. */
  readonly held: number;
  /** Sends the held answers (to callers still listening) and holds no more. */
  release(): void;
}

interface ActiveHold {
  spec: HoldSpec;
  method: string | null;
  remaining: number;
  held: number;
  waiting: (() => void)[];
}

export class AnswerHolds {
  private holds: ActiveHold[] = [];

  add(spec: HoldSpec): HoldHandle {
    const count = spec.count ?? 1;
    if (!(count >= 1)) throw new Error(`holdAnswers: count must be at least 1, got ${count}`);
    const hold: ActiveHold = { spec, method: spec.method?.toUpperCase() ?? null, remaining: count, held: 0, waiting: [] };
    this.holds.push(hold);
    return {
      get held() {
        return hold.held;
      },
      release: () => this.release(hold),
    };
  }

  /** Releases every hold (the server stops). */
  clear(): void {
    for (const hold of [...this.holds]) this.release(hold);
  }

  /**
   * For a call whose route just ran: a promise that settles when its answer may go, if a hold
   * matches (using up one of its count), else null.
   */
  take(route: string, req: FaultRequest): Promise<void> | null {
    const hold = this.holds.find(
      (h) => h.remaining > 0 && h.spec.route === route && (h.method === null || h.method === req.method) && (!h.spec.when || h.spec.when(req)),
    );
    if (!hold) return null;
    hold.remaining -= 1;
    hold.held += 1;
    return new Promise<void>((resolve) => hold.waiting.push(resolve));
  }

  private release(hold: ActiveHold): void {
    hold.remaining = 0;
    this.holds = this.holds.filter((h) => h !== hold);
    for (const resolve of hold.waiting.splice(0)) resolve();
  }
}
