import { Writable } from 'node:stream';
import { DiscordAPIError, HTTPError, RateLimitError } from 'discord.js';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { createLogger, MAX_LINE, redactTokens, routeOf } from './logger.js';

/** A logger writing into an array of lines. */
function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  const logger = createLogger('debug', stream);
  return { logger, lines, parsed: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

const interactionToken = Buffer.from(`interaction:1234567890123456789:${'s3cr3t'.repeat(20)}`).toString('base64url');
const webhookToken = 'Wh00k-t0ken_' + 'x'.repeat(56);
const panelText = '#12 · Your hand: Skull, Skull, Bottle, Pistol. Pick a card to play.';
const imageBytes = Buffer.alloc(500_000, 0x89);

function apiError(): DiscordAPIError {
  return new DiscordAPIError(
    {
      code: 50035,
      message: 'Invalid Form Body',
      errors: { content: { _errors: [{ code: 'BASE_TYPE_MAX_LENGTH', message: `Value "${panelText}" is too long.` }] } },
    },
    50035,
    400,
    'POST',
    `https://discord.com/api/v10/interactions/1234567890123456789/${interactionToken}/callback?with_response=false`,
    { body: { type: 4, data: { content: panelText, flags: 64 } }, files: [{ name: 'board.png', data: imageBytes }] },
  );
}

function expectClean(line: string) {
  expect(line.length).toBeLessThanOrEqual(MAX_LINE);
  expect(line).not.toContain(interactionToken);
  expect(line).not.toContain(interactionToken.slice(0, 40));
  expect(line).not.toContain(webhookToken);
  expect(line).not.toContain('Your hand');
  expect(line).not.toContain('Skull');
  expect(line).not.toMatch(/137,137,137|iYmJ|0x89|"data"/);
}

describe('logging errors from Discord', () => {
  it('writes a failed interaction reply as type, method, route, status and code: no token, body or file', () => {
    const { logger, lines, parsed } = capture();
    logger.error({ err: apiError(), game: 12, user: '42' }, 'interaction failed');
    expect(lines).toHaveLength(1);
    expectClean(lines[0] as string);
    expect(parsed()[0]).toMatchObject({
      msg: 'interaction failed',
      game: 12,
      user: '42',
      err: {
        type: 'DiscordAPIError',
        method: 'POST',
        route: '/interactions/1234567890123456789/:token/callback',
        status: 400,
        code: 50035,
        message: 'Invalid Form Body',
        errors: ['content[BASE_TYPE_MAX_LENGTH]'],
      },
    });
  });

  it('writes a 5xx after retries (HTTPError) with its webhook route and no body', () => {
    const { logger, lines, parsed } = capture();
    const error = new HTTPError(503, 'Service Unavailable', 'PATCH', `http://127.0.0.1:4000/api/v10/webhooks/987654321/${webhookToken}/messages/@original`, {
      body: { content: panelText },
      files: [{ name: 'board.png', data: imageBytes }],
    });
    logger.warn({ err: error, game: 3 }, 'could not post');
    expectClean(lines[0] as string);
    expect(parsed()[0]?.err).toEqual({
      type: 'HTTPError',
      method: 'PATCH',
      route: '/webhooks/987654321/:token/messages/@original',
      status: 503,
      message: 'Service Unavailable',
    });
  });

  it('writes a rate limit with its route and wait, and an Error logged alone or nested the same way', () => {
    const { logger, lines, parsed } = capture();
    const limited = new RateLimitError({
      timeToReset: 900,
      limit: 5,
      method: 'POST',
      hash: 'h',
      url: `https://discord.com/api/v10/webhooks/1/${webhookToken}?wait=true`,
      route: '/webhooks/:id',
      majorParameter: `1/${webhookToken}`,
      global: false,
      retryAfter: 900,
      sublimitTimeout: 0,
      scope: 'user',
    });
    logger.error(limited);
    logger.error({ errors: [apiError()], detail: { inner: apiError() } }, 'several');
    for (const line of lines) expectClean(line);
    const [first, second] = parsed();
    expect(first?.err).toMatchObject({ type: 'RateLimitError', method: 'POST', route: '/webhooks/1/:token', retryAfter: 900, global: false });
    expect(second).toMatchObject({ errors: [{ type: 'DiscordAPIError', code: 50035 }], detail: { inner: { status: 400 } } });
  });
});

describe('logging anything else', () => {
  it('keeps a short message and the first frames of the stack of other errors, with tokens cut out', () => {
    const { logger, lines, parsed } = capture();
    const error = new TypeError(`fetch to /interactions/55/${interactionToken}/callback failed: ${'x '.repeat(1000)}`, {
      cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
    });
    logger.error({ err: error }, 'request failed');
    expectClean(lines[0] as string);
    const err = parsed()[0]?.err as Record<string, unknown>;
    expect(err.type).toBe('TypeError');
    expect(err.message).toMatch(/^fetch to \/interactions\/55\/:token\/callback failed/);
    expect((err.message as string).length).toBeLessThan(350);
    expect((err.stack as string).split('\n').length).toBeLessThanOrEqual(5);
    expect(err.cause).toMatchObject({ type: 'Error', code: 'ECONNREFUSED', message: 'connect ECONNREFUSED' });
  });

  it("writes a failed query by its statement's first line and the driver's error, never the values it was sent", () => {
    const { logger, lines, parsed } = capture();
    const cause = Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' });
    // A short statement, so that the values would fit in the message's length if they were kept.
    const failed = new DrizzleQueryError('update "games" set "state" = $1', [JSON.stringify({ hands: [['Skull', 'Bottle']] }), 7], cause);
    logger.error({ err: failed }, 'a tick of the clock failed');
    logger.error(new Error('interaction failed', { cause: failed }));
    expectClean(lines[0] as string);
    expectClean(lines[1] as string);
    const err = parsed()[0]?.err as Record<string, unknown>;
    expect(err.message).toBe('Failed query: update "games" set "state" = $1');
    expect(err.cause).toMatchObject({ code: 'ECONNRESET', message: 'Connection terminated unexpectedly' });
  });

  it('never writes a line over the limit, whatever the fields hold', () => {
    const { logger, lines } = capture();
    logger.info({ huge: 'y'.repeat(600_000), png: imageBytes, list: Array.from({ length: 5000 }, (_, i) => `item ${i}`) }, 'big fields');
    logger.info({ many: Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`key${i}`, 'word '.repeat(100)])) }, 'many fields');
    logger.info('z'.repeat(10_000));
    logger.warn({ nested: { a: { b: { c: { d: { e: 'deep' } } } } } }, 'deep');
    logger.info(new Map([['k', 'v']]), 'a map');
    expect(lines).toHaveLength(5);
    for (const line of lines) {
      expect(line.length).toBeLessThanOrEqual(MAX_LINE);
      expect(() => JSON.parse(line) as unknown).not.toThrow();
    }
    expect(lines[0]).toContain('"png":"[Buffer 500000 bytes]"');
    expect(JSON.parse(lines[4] as string)).toMatchObject({ value: '[Map]', msg: 'a map' });
  });

  it('keeps the redaction of token fields', () => {
    const { logger, lines } = capture();
    logger.info({ token: 'abc.def.ghi', config: { token: 'abc.def.ghi' }, headers: { authorization: 'Bot abc' } }, 'config');
    expect(lines[0]).not.toContain('abc.def.ghi');
    expect(lines[0]).not.toContain('Bot abc');
  });
});

describe('routes and patterns', () => {
  it('gives the route without API prefix, query or token', () => {
    expect(routeOf(`https://discord.com/api/v10/interactions/1/${interactionToken}/callback?with_response=true`)).toBe('/interactions/1/:token/callback');
    expect(routeOf('https://discord.com/api/v10/channels/5/messages')).toBe('/channels/5/messages');
  });

  it('cuts bot tokens and long opaque runs out of texts', () => {
    const botToken = `${'M'.repeat(26)}.GhIjKl.${'a'.repeat(38)}`;
    expect(redactTokens(`login with ${botToken} failed`)).toBe('login with [token] failed');
    expect(redactTokens(`Authorization: Bot ${botToken}`)).not.toContain(botToken);
    expect(redactTokens(imageBytes.subarray(0, 100).toString('base64'))).toMatch(/^\[\d+ chars\]$/);
  });
});

describe('counting errors', () => {
  it('tells of every line at error level or above, from children too, and of no other', () => {
    let errors = 0;
    const logger = createLogger('debug', new Writable({ write: (_chunk, _encoding, done) => done() }), { onError: () => errors++ });
    logger.info('fine');
    logger.warn('odd');
    logger.error('broken');
    logger.child({ shard: 1 }).fatal('gone');
    expect(errors).toBe(2);
  });
});
