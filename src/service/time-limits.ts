import type { Seat } from '../engine/index.js';

export { DEFAULT_TIME_LIMIT_MS, TIME_LIMITS, TIME_LIMIT_NAMES, timeLimitByName, timeLimitName, type TimeLimitName } from '../settings/time-limit.js';
import { NO_WAIT, type WaitTiming } from '../db/wait-timing.js';
export { NO_WAIT, type WaitTiming };

/** The clock the bot reads; tests pass one they can move. */
export interface Clock {
  now(): number;
}
export const systemClock: Clock = { now: () => Date.now() };

/** A fresh wait starting at `now`: the full limit, with a reminder at half time. */
export function freshWait(now: number, limitMs: number | null): WaitTiming {
  if (limitMs === null) return { waitingSince: now, deadlineAt: null, reminderAt: null };
  return { waitingSince: now, deadlineAt: now + limitMs, reminderAt: now + Math.floor(limitMs / 2) };
}

/**
 * Whether a step starts a new wait. It does when someone must now act who was not waited for
 * before, and when the player who acted must act again (his next decision is a new move). It does
 * not when the step only took the actor out of a simultaneous choice: the others keep their time.
 */
export function startsNewWait(waitingBefore: readonly Seat[], waitingAfter: readonly Seat[], actor: Seat): boolean {
  return waitingAfter.includes(actor) || waitingAfter.some((seat) => !waitingBefore.includes(seat));
}

/** The timing after a step: a fresh wait, the same one, or none once nobody is waited for. */
export function nextWait(
  current: WaitTiming,
  waitingBefore: readonly Seat[],
  waitingAfter: readonly Seat[],
  actor: Seat,
  now: number,
  limitMs: number | null,
): WaitTiming {
  if (waitingAfter.length === 0) return NO_WAIT;
  return startsNewWait(waitingBefore, waitingAfter, actor) ? freshWait(now, limitMs) : current;
}
