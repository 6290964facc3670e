/**
 * Long work on the main thread, paced: clicks are answered on the same thread, so work that walks
 * thousands of games gives the event loop back every few milliseconds (`Slices`), and work that
 * waits for Discord keeps only a few requests out at a time (`Lanes`), so that neither the time
 * nor the memory it takes grows with the number of games.
 */
import { setImmediate as nextTurnOfTheLoop } from 'node:timers/promises';

/** Gives the event loop back once `sliceMs` of work went by since it last did. */
export class Slices {
  private since: number;

  constructor(
    private readonly sliceMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.since = now();
  }

  /** Returns at once within a slice; past it, after everything waiting on the event loop had its turn. */
  async breathe(): Promise<void> {
    if (this.now() - this.since < this.sliceMs) return;
    await nextTurnOfTheLoop();
    this.since = this.now();
  }
}

/**
 * At most `size` jobs out at a time. A job holds its lane until it ends or for `holdMs`, whichever
 * comes first: one that hangs (a request Discord never answers) goes on uncounted rather than
 * holding up every job after it.
 */
export class Lanes {
  private busy = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly size: number,
    private readonly holdMs: number,
  ) {}

  /** Jobs holding a lane now. */
  get inUse(): number {
    return this.busy;
  }

  /** Starts `job` as soon as a lane is free; resolves once it has started. `job` must not throw. */
  async start(job: () => Promise<unknown>): Promise<void> {
    await this.take();
    let held = true;
    const giveBack = () => {
      if (!held) return;
      held = false;
      clearTimeout(timer);
      this.give();
    };
    const timer = setTimeout(giveBack, this.holdMs);
    timer.unref();
    void job().finally(giveBack);
  }

  private async take(): Promise<void> {
    if (this.busy < this.size) {
      this.busy++;
      return;
    }
    // The lane is handed over by `give` without ever counting as free.
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private give(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.busy--;
  }
}
