/**
 * Waiting for the bot: every wait re-checks its condition whenever the store changes (and on a
 * short poll for time-based conditions), and fails after a timeout with an error that says what
 * was awaited plus a description of the recent state.
 */
import type { Store } from './store.js';

export interface WaitOptions {
  timeoutMs: number;
  /** Human-readable description of the awaited condition ("a reply to /game new"). */
  what: string;
  /** Extra diagnostics for the timeout error (recent messages, interactions, gateway...). */
  details?: () => string;
  /** Also re-check on this interval, for conditions that depend on time. Default 100 ms. */
  pollMs?: number;
}

export class WaitTimeoutError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WaitTimeoutError';
  }
}

/**
 * Resolve with the first truthy value `check` returns. `check` may throw to fail the wait early
 * (e.g. "the bot answered with an error").
 */
export function waitFor<T>(store: Store, check: () => T | null | undefined | false, options: WaitOptions): Promise<T> {
  const started = Date.now();
  // Capture the caller's stack so the timeout error points at the test line.
  const origin = new Error();
  return new Promise<T>((resolve, reject) => {
    let done = false;
    const finish = (fn: () => void) => {
      if (done) return;
      done = true;
      unsubscribe();
      clearInterval(poll);
      clearTimeout(timer);
      fn();
    };
    const evaluate = () => {
      if (done) return;
      try {
        const value = check();
        if (value) finish(() => resolve(value));
      } catch (error) {
        finish(() => reject(error));
      }
    };
    const unsubscribe = store.subscribe(evaluate);
    const poll = setInterval(evaluate, options.pollMs ?? 100);
    const timer = setTimeout(() => {
      finish(() => {
        const details = options.details ? `\n${options.details()}` : '';
        const error = new WaitTimeoutError(`Timed out after ${Date.now() - started} ms waiting for ${options.what}.${details}`);
        error.stack = `${error.name}: ${error.message}\n${origin.stack?.split('\n').slice(2).join('\n') ?? ''}`;
        reject(error);
      });
    }, options.timeoutMs);
    evaluate();
  });
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
