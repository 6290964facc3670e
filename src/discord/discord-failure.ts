import { DefaultRestOptions } from 'discord.js';

/** System codes of a connection that failed before Discord could answer: name lookup, refused, reset, unreachable, timed out. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'EPIPE',
]);

/**
 * The code of a failure to reach Discord at all (ECONNREFUSED, ENOTFOUND, an undici or TLS error, a
 * request that timed out), or null when Discord (or something in its place) answered.
 */
export function networkFailureCode(error: unknown): string | null {
  // fetch wraps the system's error as `cause` ("fetch failed").
  for (let inner = error, depth = 0; inner !== null && typeof inner === 'object' && depth < 4; inner = (inner as { cause?: unknown }).cause, depth++) {
    const { code, name } = inner as { code?: unknown; name?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || code.startsWith('UND_ERR_') || /CERT|TLS|SSL/.test(code))) return code;
    // @discordjs/rest aborts a request that got no answer in time.
    if (name === 'AbortError' || name === 'TimeoutError') return 'no answer in time';
  }
  return null;
}

/** Whether Discord refused the token: a 401 from the API, or discord.js's TokenInvalid at login (its 401). */
export function isTokenRefused(error: unknown): boolean {
  const { code, status } = (error ?? {}) as { code?: unknown; status?: unknown };
  return status === 401 || code === 'TokenInvalid';
}

/**
 * What went wrong talking to Discord and what to do, to follow "could not ...;" in one sentence,
 * for the failures an operator puts right (a refused token, no network); null for any other error.
 */
export function discordFailure(
  error: unknown,
  apiBase: string | undefined,
  setting: 'DISCORD_API_BASE' | 'DISCORD_REST_PROXY' = 'DISCORD_API_BASE',
): string | null {
  if (isTokenRefused(error)) {
    return 'check DISCORD_TOKEN: Discord refused the token (401 Unauthorized); copy it again from the Bot page of your application at https://discord.com/developers/applications (Reset Token makes a new one)';
  }
  const code = networkFailureCode(error);
  if (code === null) return null;
  const where = apiBase ?? DefaultRestOptions.api;
  return `a network failure: Discord could not be reached at ${where} (${code}); check this machine's network connection${apiBase ? ` and ${setting}` : ''}`;
}
