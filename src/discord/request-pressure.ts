/**
 * How close the bot as a whole is to Discord's global limit of `GLOBAL_PER_SECOND` REST requests
 * a second (interaction answers and follow-ups through an interaction's token aside: Discord does
 * not count them). Every board post costs one such request and trimming the post before it
 * another; the trim only tidies the thread, so while the bot runs near the limit the trims wait
 * for a quieter moment and the posts keep the whole budget (docs/scaling.md, "Requests per move").
 *
 * Each process counts the counted requests its REST clients send (each attempt, as it leaves:
 * `sent`, called from their `makeRequest`; listening to their responses instead would make
 * discord.js clone every response); with a counter in the database
 * (../db/bot-counter-store.ts, as for the invalid requests) it adds them to the bot's count every
 * `pollMs` and reads the bot's rate from it, so that hosts sharing the bot hold their trims
 * together. Without the counter (or while the database cannot be read) it goes by its own rate.
 */
import type { BotCounter, CounterReading } from '../db/bot-counter-store.js';
import { countInLastWindow } from './counted-window.js';
import type { Logger } from '../logger.js';

/** Discord's global limit, for the whole bot. */
export const GLOBAL_PER_SECOND = 50;
/** Trims wait while the bot makes more than this share of the global limit. */
export const TRIM_BELOW_SHARE = 0.6;
/** The counter's name in the database, and its windows. */
export const COUNTER = 'global-requests';
/** Short, so that trims held through a burst go out soon after it. */
export const WINDOW_MS = 2_000;
/** How often a process adds its requests to the bot's count and reads it. */
export const POLL_MS = 1_000;

export interface RequestPressureOptions {
  counter?: BotCounter;
  now?: () => number;
  pollMs?: number;
}

export interface RequestPressure {
  /** A request leaves for `url` (the full address): counted unless Discord leaves it out of the limit. */
  sent(url: string): void;
  /** Requests a second counted against the global limit lately: the bot's, or this process's own. */
  rate(): number;
  /** Whether there is room for requests that can wait (trims) without crowding the posts. */
  spare(): boolean;
  stop(): void;
}

/** Requests Discord does not count against the global limit: answers through an interaction's token. */
export function exemptFromGlobal(url: string): boolean {
  return /\/(interactions|webhooks)\/\d+\//.test(url);
}

/** The rate a reading of fixed windows tells: the current window's count and the part of the one before that still lies within the last window. */
export function rateOf(reading: CounterReading, windowMs = WINDOW_MS): number {
  return (countInLastWindow(reading, windowMs) * 1000) / windowMs;
}

export function requestPressure(logger: Logger, options: RequestPressureOptions = {}): RequestPressure {
  const { counter, now = Date.now } = options;
  // This process's counted requests: their times within the last window, and those not yet added to the bot's count.
  const recent: number[] = [];
  let unadded = 0;
  let botRate: number | null = null;
  let unread = false;

  const ownRate = () => {
    const since = now() - WINDOW_MS;
    while (recent.length > 0 && (recent[0] as number) <= since) recent.shift();
    return (recent.length * 1000) / WINDOW_MS;
  };
  const sent = (url: string) => {
    if (exemptFromGlobal(url)) return;
    recent.push(now());
    unadded++;
  };
  const rate = () => Math.max(botRate ?? 0, ownRate());
  const pressure = { sent, rate, spare: () => rate() < GLOBAL_PER_SECOND * TRIM_BELOW_SHARE, stop: () => {} };
  if (!counter) return pressure;

  const poll = () => {
    const n = unadded;
    unadded = 0;
    // Nothing to add: only read (a write a second per process would be for nothing).
    (n > 0 ? counter.add(COUNTER, n, WINDOW_MS) : counter.read(COUNTER, WINDOW_MS)).then(
      (reading) => {
        botRate = rateOf(reading);
        unread = false;
      },
      (error: unknown) => {
        unadded += n;
        botRate = null;
        if (!unread) logger.warn({ err: error }, "could not add to the bot's count of requests; trims go by this process's own rate until it can");
        unread = true;
      },
    );
  };
  const timer = setInterval(poll, options.pollMs ?? POLL_MS);
  timer.unref();
  return { ...pressure, stop: () => clearInterval(timer) };
}
