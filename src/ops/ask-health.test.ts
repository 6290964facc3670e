import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { askHealth, healthUrl } from './ask-health.js';

let server: Server | null = null;
afterEach(() => {
  server?.close();
  server = null;
});

/** A /healthz that answers `status` and `body`, or never answers. */
async function fakeBot(answer: { status: number; body: string } | 'silent'): Promise<string> {
  server = createServer((_request, response) => {
    if (answer === 'silent') return;
    response.writeHead(answer.status).end(answer.body);
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return String((server.address() as AddressInfo).port);
}

describe("Docker's health check", () => {
  it('asks this machine, or the address the bot listens on when it is a particular one', () => {
    expect(healthUrl({ HEALTH_PORT: '9464' })).toBe('http://127.0.0.1:9464/healthz');
    expect(healthUrl({ HEALTH_PORT: '9464', HEALTH_HOST: '0.0.0.0' })).toBe('http://127.0.0.1:9464/healthz');
    expect(healthUrl({ HEALTH_PORT: '9464', HEALTH_HOST: '::' })).toBe('http://[::1]:9464/healthz');
    expect(healthUrl({ HEALTH_PORT: '9464', HEALTH_HOST: '10.0.0.5' })).toBe('http://10.0.0.5:9464/healthz');
    for (const port of [undefined, '', '0', 'abc', '70000']) expect(healthUrl({ HEALTH_PORT: port })).toBeNull();
  });

  it('passes on 200', async () => {
    const port = await fakeBot({ status: 200, body: 'ok\n' });
    expect(await askHealth({ HEALTH_PORT: port })).toEqual({ code: 0, line: 'healthy: ok' });
  });

  it("fails on anything else, with the bot's reasons on one line", async () => {
    const port = await fakeBot({ status: 503, body: 'gateway: not connected to Discord\ndatabase: cannot be written\n' });
    expect(await askHealth({ HEALTH_PORT: port })).toEqual({
      code: 1,
      line: 'unhealthy (503): gateway: not connected to Discord; database: cannot be written',
    });
  });

  it('fails when nothing listens, when the answer does not come in time, and without a port', async () => {
    const port = await fakeBot('silent');
    expect(await askHealth({ HEALTH_PORT: port }, 100)).toEqual({
      code: 1,
      line: `unhealthy: http://127.0.0.1:${port}/healthz did not answer (nothing within 0.1 s)`,
    });
    server?.close();
    server?.closeAllConnections();
    const refused = await askHealth({ HEALTH_PORT: port });
    expect(refused.code).toBe(1);
    expect(refused.line).toMatch(/did not answer \(.*ECONNREFUSED/);
    expect((await askHealth({})).line).toMatch(/HEALTH_PORT is not set/);
  });
});
