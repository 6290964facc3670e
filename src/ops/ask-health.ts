/**
 * Asks a running bot's /healthz, as Docker's HEALTHCHECK does (src/healthcheck.ts). Nothing here
 * loads discord.js or the database: a check must cost next to nothing.
 */

/** Under the image's HEALTHCHECK timeout (5 s), so that the line saying why is printed; the bot answers in milliseconds. */
const TIMEOUT_MS = 4000;

/** Where to ask: the bot's HEALTH_HOST, or this machine when it listens on every interface. */
export function healthUrl(env: NodeJS.ProcessEnv): string | null {
  const port = env.HEALTH_PORT;
  if (!port || !/^\d+$/.test(port) || Number(port) === 0 || Number(port) > 65_535) return null;
  const host = !env.HEALTH_HOST || env.HEALTH_HOST === '0.0.0.0' ? '127.0.0.1' : env.HEALTH_HOST === '::' ? '::1' : env.HEALTH_HOST;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}/healthz`;
}

/** The exit code (0: healthy) and one line saying why. */
export async function askHealth(env: NodeJS.ProcessEnv, timeoutMs = TIMEOUT_MS): Promise<{ code: 0 | 1; line: string }> {
  const url = healthUrl(env);
  if (!url) return { code: 1, line: 'unhealthy: HEALTH_PORT is not set to a port (1-65535), so there is no health check to ask' };
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    const body = (await response.text()).trim().split('\n').join('; ').slice(0, 300);
    return response.status === 200 ? { code: 0, line: `healthy: ${body}` } : { code: 1, line: `unhealthy (${response.status}): ${body}` };
  } catch (error) {
    return { code: 1, line: `unhealthy: ${url} did not answer (${whyNot(error, timeoutMs)})` };
  }
}

function whyNot(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && error.name === 'TimeoutError') return `nothing within ${timeoutMs / 1000} s`;
  // fetch says "fetch failed"; the cause says what happened (ECONNREFUSED ...).
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  return cause instanceof Error ? cause.message : String(cause);
}
