/**
 * What the bot's first log line says: which version runs, on which Node, and the settings in
 * force, so that a log read later tells what was running. Never a secret: the token is left out
 * (the bot does not start without one), and so is any password in the API's address.
 */
import { readFileSync } from 'node:fs';

/** Settings that are secrets by their name. */
const SECRET = /TOKEN|SECRET|PASSWORD/i;

/** The version in package.json, read now: the one that runs, not the one the code was built with. */
export function botVersion(): string {
  try {
    const found = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: unknown };
    return typeof found.version === 'string' ? found.version : 'unknown';
  } catch {
    return 'unknown';
  }
}

/** The start line's fields: version, Node, process id and the settings in force without secrets. */
export function startFields(config: object): Record<string, unknown> {
  const settings = Object.fromEntries(
    Object.entries(config)
      .filter(([name]) => !SECRET.test(name))
      .map(([name, value]) => [name, name === 'DISCORD_API_BASE' && typeof value === 'string' ? withoutCredentials(value) : value]),
  );
  return { version: botVersion(), node: process.version, pid: process.pid, settings };
}

function withoutCredentials(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    return parsed.toString();
  } catch {
    return '[not a URL]';
  }
}
