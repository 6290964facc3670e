/**
 * What the bot's first log line says: which version runs, on which Node, and the settings in
 * force, so that a log read later tells what was running. Never a secret: the token is left out
 * (the bot does not start without one), and so is any password in the API's or the database's address.
 */
import { readFileSync } from 'node:fs';
import { describePostgres } from '../database-url.js';

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

/**
 * The start line's fields: version, Node, process id, the store the bot keeps its data in
 * (`SQLite ./data/games.sqlite` or `PostgreSQL harbour@db.example.org:5432/tabletop`) and the
 * settings in force without secrets.
 */
export function startFields(config: object): Record<string, unknown> {
  const settings = Object.fromEntries(
    Object.entries(config)
      .filter(([name]) => !SECRET.test(name))
      .map(([name, value]) => [name, typeof value === 'string' ? withoutPassword(name, value) : value]),
  );
  return { version: botVersion(), node: process.version, pid: process.pid, ...storeOf(config), settings };
}

/** Which store the settings choose (DATABASE_URL wins over DATABASE_PATH, as src/config.ts's storeChoice). */
function storeOf(config: { DATABASE_URL?: unknown; DATABASE_PATH?: unknown }): { store?: string } {
  if (typeof config.DATABASE_URL === 'string' && config.DATABASE_URL) return { store: `PostgreSQL ${describePostgres(config.DATABASE_URL)}` };
  return typeof config.DATABASE_PATH === 'string' ? { store: `SQLite ${config.DATABASE_PATH}` } : {};
}

/** An address setting as the start line shows it: the API's without credentials, the database's as user@host:port/database. */
function withoutPassword(name: string, value: string): string {
  if (name === 'DISCORD_API_BASE' || name === 'DISCORD_REST_PROXY') return withoutCredentials(value);
  if (name === 'DATABASE_URL') return describePostgres(value); // checked by loadConfig: it parses
  return value;
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
