import { EventEmitter } from 'node:events';
import { RESTEvents, type Client } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../logger.js';
import { HOLD_AT, WARN_EVERY, watchInvalidRequests } from './invalid-requests.js';

describe('invalid requests', () => {
  it('are only logged below a fifth of Discord’s limit; past it, retries are held until the window ends', () => {
    const rest = new EventEmitter();
    const held: number[] = [];
    const lines: { msg: string; invalidRequests: number }[] = [];
    const logger = createLogger('info', { write: (line: string) => void lines.push(JSON.parse(line) as { msg: string; invalidRequests: number }) });
    watchInvalidRequests({ rest } as unknown as Pick<Client, 'rest'>, { holdRetries: (until) => held.push(until) }, logger, () => 1_000_000);
    rest.emit(RESTEvents.InvalidRequestWarning, { count: WARN_EVERY, remainingTime: 500_000 });
    expect(held).toEqual([]);
    expect(lines.map((l) => l.invalidRequests)).toEqual([WARN_EVERY]);
    rest.emit(RESTEvents.InvalidRequestWarning, { count: HOLD_AT, remainingTime: 300_000 });
    expect(held).toEqual([1_300_000]);
    expect(lines.at(-1)?.msg).toMatch(/refused too many requests/);
    expect(HOLD_AT * 5).toBeLessThanOrEqual(10_000);
  });
});
