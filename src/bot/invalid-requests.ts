/**
 * Discord bans for a while the address of a bot that makes 10,000 invalid requests (answered 401,
 * 403 or 429) in ten minutes. discord.js's REST counts them in that same window and reports every
 * `WARN_EVERY`th; past `HOLD_AT`, a fifth of the limit, the announcer holds its retries and sweeps
 * until the window ends, since those repeat requests are what can pile up (a server that
 * refuses every post, a flood of failures). First attempts of new posts still go out.
 */
import { RESTEvents, type Client } from 'discord.js';
import type { Logger } from '../logger.js';

export const WARN_EVERY = 100;
export const HOLD_AT = 2000;

/** What this needs of the announcer. */
export interface RetryHolder {
  holdRetries(until: number): void;
}

export function watchInvalidRequests(client: Pick<Client, 'rest'>, announcer: RetryHolder, logger: Logger, now: () => number = Date.now): void {
  client.rest.on(RESTEvents.InvalidRequestWarning, ({ count, remainingTime }) => {
    if (count < HOLD_AT) {
      logger.warn({ invalidRequests: count, windowLeftMs: remainingTime }, 'Discord refused many requests in the last minutes');
      return;
    }
    announcer.holdRetries(now() + remainingTime);
    logger.error({ invalidRequests: count, windowLeftMs: remainingTime }, 'Discord refused too many requests: posts are not tried again until the ten-minute window ends');
  });
}
