/**
 * The operator's HTTP endpoints: GET /healthz and GET /metrics, nothing else. The server is a
 * guest in the bot's process: it never throws into it (a port already taken is logged and the
 * bot goes on without it), and it never keeps the process alive.
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from '../logger.js';
import type { Health } from './health.js';

export interface OpsEndpoints {
  health(): Promise<Health>;
  metrics(): Promise<{ contentType: string; body: string }>;
}

export interface OpsServer {
  /** The port it listens on (the one chosen by the system when HEALTH_PORT is 0). */
  port: number;
  close(): Promise<void>;
}

/** A request that takes longer than this is cut off: every answer is meant to take milliseconds. */
const REQUEST_TIMEOUT_MS = 10_000;

/** Listens on host:port; null (logged) when it cannot. */
export async function serveOps(endpoints: OpsEndpoints, address: { host: string; port: number }, logger: Logger): Promise<OpsServer | null> {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    answer(endpoints, request.method ?? 'GET', path, response).catch((error: unknown) => {
      logger.error({ err: error, path }, 'answering a health or metrics request failed');
      send(response, 500, 'internal error\n');
    });
  });
  server.requestTimeout = REQUEST_TIMEOUT_MS;
  server.headersTimeout = REQUEST_TIMEOUT_MS;
  try {
    await listen(server, address);
  } catch (error) {
    logger.error({ err: error, host: address.host, port: address.port }, 'cannot serve health and metrics; the bot goes on without them');
    return null;
  }
  server.unref();
  const port = (server.address() as AddressInfo).port;
  logger.info(
    { url: `http://${address.host.includes(':') ? `[${address.host}]` : address.host}:${port}`, paths: ['/healthz', '/metrics'] },
    'serving health and metrics',
  );
  return { port, close: () => close(server) };
}

async function answer(endpoints: OpsEndpoints, method: string, path: string, response: ServerResponse): Promise<void> {
  if (path !== '/healthz' && path !== '/metrics') return send(response, 404, 'not found: try /healthz or /metrics\n');
  if (method !== 'GET') return send(response, 405, 'only GET\n', { allow: 'GET' });
  if (path === '/metrics') {
    const { contentType, body } = await endpoints.metrics();
    return send(response, 200, body, { 'content-type': contentType });
  }
  const health = await endpoints.health();
  const lines = [...(health.ok ? ['ok'] : health.problems), ...(health.notes ?? [])];
  send(response, health.ok ? 200 : 503, `${lines.join('\n')}\n`);
}

function send(response: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  if (response.headersSent) return void response.end();
  response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...headers });
  response.end(body);
}

function listen(server: Server, address: { host: string; port: number }): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(address.port, address.host, () => {
      server.off('error', reject);
      // Later errors (a client's broken connection) belong to that request, not to the bot.
      server.on('error', () => undefined);
      resolve();
    });
  });
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
