import type { Seat } from '../engine/index.js';

const HOUR = 60 * 60 * 1000;

/** The time limits per move offered in Discord, by name: none, or one hour to a week. */
export const TIME_LIMITS = {
  none: null,
  '1h': HOUR,
  '6h': 6 * HOUR,
  '12h': 12 * HOUR,
  '1d': 24 * HOUR,
  '2d': 48 * HOUR,
  '3d': 72 * HOUR,
  '1w': 7 * 24 * HOUR,
} as const satisfies Record<string, number | null>;

export type TimeLimitName = keyof typeof TIME_LIMITS;
export const TIME_LIMIT_NAMES = Object.keys(TIME_LIMITS) as TimeLimitName[];

/** A server without settings gives each move two days: long enough for play across time zones. */
export const DEFAULT_TIME_LIMIT_MS: number | null = TIME_LIMITS['2d'];

export function timeLimitByName(name: string): number | null | undefined {
  return Object.hasOwn(TIME_LIMITS, name) ? TIME_LIMITS[name as TimeLimitName] : undefined;
}

/** The name of a stored limit (limits are only ever stored from the list above). */
export function timeLimitName(ms: number | null): TimeLimitName {
  return TIME_LIMIT_NAMES.find((name) => TIME_LIMITS[name] === ms) ?? 'none';
}

/** The clock the bot reads; tests pass one they can move. */
export interface Clock {
  now(): number;
}
export const systemClock: Clock = { now: () => Date.now() };

/** The timing of the current wait: when it began, when it runs out, when to remind. */
export interface WaitTiming {
  waitingSince: number | null;
  deadlineAt: number | null;
  reminderAt: number | null;
}

export const NO_WAIT: WaitTiming = { waitingSince: null, deadlineAt: null, reminderAt: null };

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
export function nextWait(current: WaitTiming, waitingBefore: readonly Seat[], waitingAfter: readonly Seat[], actor: Seat, now: number, limitMs: number | null): WaitTiming {
  if (waitingAfter.length === 0) return NO_WAIT;
  return startsNewWait(waitingBefore, waitingAfter, actor) ? freshWait(now, limitMs) : current;
}
