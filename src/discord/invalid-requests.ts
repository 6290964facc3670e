/**
 * Discord bans for a while the address of a bot that makes 10,000 invalid requests (answered 401,
 * 403 or 429) in ten minutes. discord.js's REST counts them in that same window, over every REST
 * client of the process, and reports every `WARN_EVERY`th; past `HOLD_AT`, a fifth of the limit,
 * the announcer holds its retries and sweeps until the window ends, since those repeat requests are
 * what can pile up (a server that refuses every post, a flood of failures). First attempts of new
 * posts still go out.
 *
 * The limit is the bot's, over every process and host: with a counter in the database
 * (../db/bot-counter-store.ts) each process adds its own to the bot's count of the window, and
 * every process reads that count now and then (every `POLL_MS`), so that all of them hold their
 * retries once the bot as a whole is past `HOLD_AT`. The database's windows are fixed ten minutes
 * of its clock: the bot's count is the current window's plus the share of the one before that
 * still lies within the last ten minutes. Without the counter (or while the database cannot be
 * read), the process goes by its own count.
 */
import { RESTEvents, type InvalidRequestWarningData } from 'discord.js';
import type { BotCounter, CounterReading } from '../db/bot-counter-store.js';
import { countInLastWindow } from './counted-window.js';
import type { Logger } from '../logger.js';

export const WARN_EVERY = 100;
export const HOLD_AT = 2000;
/** Discord's window. */
export const WINDOW_MS = 600_000;
/** How often a process reads the bot's count. */
export const POLL_MS = 10_000;
/** The counter's name in the database. */
export const COUNTER = 'invalid-requests';

/** What this needs of the announcer. */
export interface RetryHolder {
  holdRetries(until: number): void;
}

/** A REST client's events, as this listens to them. */
export interface RestEvents {
  on(event: RESTEvents.InvalidRequestWarning, listener: (data: InvalidRequestWarningData) => void): unknown;
}

export interface InvalidRequestOptions {
  /** The bot-wide count in the database; without it, this process's own count decides. */
  counter?: BotCounter;
  now?: () => number;
  pollMs?: number;
}

/** The bot's invalid requests in the last ten minutes, as far as the fixed windows tell. */
export function lastWindow(reading: CounterReading): number {
  return Math.round(countInLastWindow(reading, WINDOW_MS));
}

/**
 * Listens to the REST clients' warnings (each process's every `WARN_EVERY`th invalid request) and,
 * with a counter, reads the bot's count every `pollMs`. `stop` ends the reading.
 */
export function watchInvalidRequests(
  rests: readonly RestEvents[],
  announcer: RetryHolder,
  logger: Logger,
  options: InvalidRequestOptions = {},
): { stop(): void } {
  const { counter, now = Date.now } = options;
  let heldUntil = 0;
  let unread = false;

  /** Holds the retries until the window ends, saying so once per hold. */
  const hold = (count: number, windowLeftMs: number, fields: Record<string, unknown>) => {
    if (count < HOLD_AT) return false;
    const until = now() + windowLeftMs;
    announcer.holdRetries(until);
    if (now() >= heldUntil)
      logger.error(
        { invalidRequests: count, windowLeftMs, ...fields },
        'Discord refused too many requests: posts are not tried again until the ten-minute window ends',
      );
    heldUntil = Math.max(heldUntil, until);
    return true;
  };

  const local = ({ count, remainingTime }: InvalidRequestWarningData) => {
    if (!hold(count, remainingTime, {}))
      logger.warn({ invalidRequests: count, windowLeftMs: remainingTime }, 'Discord refused many requests in the last minutes');
  };

  const warned = (data: InvalidRequestWarningData) => {
    if (!counter) return local(data);
    counter.add(COUNTER, WARN_EVERY, WINDOW_MS).then(
      (reading) => {
        const botWide = lastWindow(reading);
        const fields = { here: data.count, botWide: true };
        if (!hold(botWide, reading.windowLeftMs, fields))
          logger.warn({ invalidRequests: botWide, windowLeftMs: reading.windowLeftMs, ...fields }, 'Discord refused many requests in the last minutes');
      },
      (error: unknown) => {
        logger.warn({ err: error }, "could not add to the bot's count of invalid requests; going by this process's own");
        local(data);
      },
    );
  };
  for (const rest of rests) rest.on(RESTEvents.InvalidRequestWarning, warned);

  if (!counter) return { stop: () => {} };
  const poll = () =>
    counter.read(COUNTER, WINDOW_MS).then(
      (reading) => {
        unread = false;
        hold(lastWindow(reading), reading.windowLeftMs, { botWide: true });
      },
      (error: unknown) => {
        if (!unread) logger.warn({ err: error }, "could not read the bot's count of invalid requests; going by this process's own until it can");
        unread = true;
      },
    );
  const timer = setInterval(() => void poll(), options.pollMs ?? POLL_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
