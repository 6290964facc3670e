import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../logger.js';
import type { Health } from './health.js';
import { serveOps, type OpsEndpoints, type OpsServer } from './http.js';

const servers: OpsServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

async function serve(health: () => Health, metrics = async () => ({ contentType: 'text/plain; version=0.0.4; charset=utf-8', body: 'harbour_guilds 3\n' })) {
  const logger = createLogger('silent');
  const endpoints: OpsEndpoints = { health: async () => health(), metrics };
  const server = await serveOps(endpoints, { host: '127.0.0.1', port: 0 }, logger);
  if (!server) throw new Error('not served');
  servers.push(server);
  return { url: `http://127.0.0.1:${server.port}`, logger };
}

describe('the health and metrics server', () => {
  it('answers /healthz with 200 "ok" while healthy, 503 and a line per problem otherwise', async () => {
    let health: Health = { ok: true, problems: [] };
    const { url } = await serve(() => health);
    let response = await fetch(`${url}/healthz`);
    expect([response.status, await response.text()]).toEqual([200, 'ok\n']);
    health = { ok: false, problems: ['gateway: not connected to Discord', 'database: cannot be written (SQLITE_FULL: database or disk is full)'] };
    response = await fetch(`${url}/healthz?verbose=1`);
    expect(response.status).toBe(503);
    expect(await response.text()).toBe('gateway: not connected to Discord\ndatabase: cannot be written (SQLITE_FULL: database or disk is full)\n');
  });

  it('answers /metrics with the metrics and their content type', async () => {
    const { url } = await serve(() => ({ ok: true, problems: [] }));
    const response = await fetch(`${url}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(await response.text()).toBe('harbour_guilds 3\n');
  });

  it('answers anything else with 404, and other methods than GET with 405', async () => {
    const { url } = await serve(() => ({ ok: true, problems: [] }));
    expect((await fetch(`${url}/`)).status).toBe(404);
    expect((await fetch(`${url}/healthz/more`)).status).toBe(404);
    const post = await fetch(`${url}/healthz`, { method: 'POST', body: 'x' });
    expect([post.status, post.headers.get('allow')]).toEqual([405, 'GET']);
  });

  it('answers 500 when an endpoint fails, logs it, and goes on serving', async () => {
    const { url, logger } = await serve(
      () => ({ ok: true, problems: [] }),
      () => Promise.reject(new Error('registry broken')),
    );
    const error = vi.spyOn(logger, 'error');
    expect((await fetch(`${url}/metrics`)).status).toBe(500);
    expect(error).toHaveBeenCalledWith(expect.objectContaining({ path: '/metrics' }), expect.any(String));
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
  });

  it('logs a port it cannot have and lets the bot go on without it', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as AddressInfo).port;
    const logger = createLogger('silent');
    const error = vi.spyOn(logger, 'error');
    try {
      expect(
        await serveOps(
          { health: async () => ({ ok: true, problems: [] }), metrics: async () => ({ contentType: 'text/plain', body: '' }) },
          { host: '127.0.0.1', port },
          logger,
        ),
      ).toBeNull();
      expect(error).toHaveBeenCalledWith(expect.objectContaining({ port }), expect.stringMatching(/goes on without them/));
    } finally {
      taken.close();
    }
  });

  it('stops listening when closed', async () => {
    const { url } = await serve(() => ({ ok: true, problems: [] }));
    await servers.pop()?.close();
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();
  });
});
