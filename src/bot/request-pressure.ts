/**
 * How close the bot as a whole is to Discord's global limit of `GLOBAL_PER_SECOND` REST requests
 * a second (interaction answers and follow-ups through an interaction's token aside: Discord does
 * not count them). Every board post costs one such request and trimming the post before it
 * another; the trim only tidies the thread, so while the bot runs near the limit the trims wait
 * for a quieter moment and the posts keep the whole budget (docs/scaling.md, "Requests per move").
 *
 * Each process counts the counted requests of its REST clients; with a counter in the database
 * (../db/bot-counter-store.ts, as for the invalid requests) it adds them to the bot's count every
 * `pollMs` and reads the bot's rate from it, so that hosts sharing the bot hold their trims
 * together. Without the counter (or while the database cannot be read) it goes by its own rate.
 */
import { RESTEvents } from 'discord.js';
import type { CounterReading } from '../db/bot-counter-store.js';
import type { Logger } from '../logger.js';

/** Discord's global limit, for the whole bot. */
export const GLOBAL_PER_SECOND = 50;
/** Trims wait while the bot makes more than this share of the global limit. */
export const TRIM_BELOW_SHARE = 0.6;
/** The counter's name in the database, and its windows. */
export const COUNTER = 'global-requests';
export const WINDOW_MS = 5_000;
/** How often a process adds its requests to the bot's count and reads it. */
export const POLL_MS = 1_000;

/** A request as the REST client reports it once answered. */
interface AnsweredRequest {
  path: string;
}

/** A REST client's events, as this listens to them. */
export interface RestResponses {
  on(event: RESTEvents.Response, listener: (request: AnsweredRequest) => void): unknown;
}

/** What this needs of the bot-wide counter. */
export interface RequestCounter {
  add(name: string, n: number, windowMs: number): Promise<CounterReading>;
  read(name: string, windowMs: number): Promise<CounterReading>;
}

export interface RequestPressureOptions {
  counter?: RequestCounter;
  now?: () => number;
  pollMs?: number;
}

export interface RequestPressure {
  /** Requests a second counted against the global limit lately: the bot's, or this process's own. */
  rate(): number;
  /** Whether there is room for requests that can wait (trims) without crowding the posts. */
  spare(): boolean;
  stop(): void;
}

/** Requests Discord does not count against the global limit: answers through an interaction's token. */
export function exemptFromGlobal(path: string): boolean {
  return path.startsWith('/interactions/') || path.startsWith('/webhooks/');
}

/** The rate a reading of fixed windows tells: the current window's count and the part of the one before that still lies within the last window. */
export function rateOf(reading: CounterReading, windowMs = WINDOW_MS): number {
  const share = Math.min(1, Math.max(0, reading.windowLeftMs / windowMs));
  return ((reading.count + reading.previous * share) * 1000) / windowMs;
}

export function watchRequestPressure(rests: readonly RestResponses[], logger: Logger, options: RequestPressureOptions = {}): RequestPressure {
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
  const answered = (request: AnsweredRequest) => {
    if (exemptFromGlobal(request.path)) return;
    recent.push(now());
    unadded++;
  };
  for (const rest of rests) rest.on(RESTEvents.Response, answered);

  const rate = () => Math.max(botRate ?? 0, ownRate());
  const pressure = { rate, spare: () => rate() < GLOBAL_PER_SECOND * TRIM_BELOW_SHARE, stop: () => {} };
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
