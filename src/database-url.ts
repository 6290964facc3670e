/**
 * DATABASE_URL, the address of a PostgreSQL database: checked before anything connects, and
 * described without its password (user@host:port/database) wherever the bot names it: the start
 * line and every error about it. Nothing the bot prints holds the URL itself.
 */

/** How DATABASE_URL is written, for the sentences that ask for it. */
export const URL_SHAPE = 'postgres://user:password@host:5432/database';

/** A DATABASE_URL the bot cannot read, in one sentence that never repeats it (it holds a password). */
export class DatabaseUrlError extends Error {
  constructor(problem: string, name = 'DATABASE_URL') {
    super(`${name} ${problem}; write it as ${URL_SHAPE} (characters such as @ : / # ? in the password percent-encoded, @ as %40)`);
    this.name = 'DatabaseUrlError';
  }
}

export interface PostgresAddress {
  user: string;
  host: string;
  port: number;
  database: string;
}

/**
 * The parts of a PostgreSQL URL the bot names, or a DatabaseUrlError for one that is not
 * postgres:// or postgresql://, cannot be read, or names no host, user or database (node-postgres
 * would quietly fill those in from the environment or the user's name, and the bot would then
 * describe a database it is not using). A socket folder given as ?host=/path counts as the host.
 * `name` is what the URL was given as, for the sentence (`npm run db:copy -- --to URL`).
 */
export function parsePostgresUrl(text: string, name = 'DATABASE_URL'): PostgresAddress {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(text.trim())?.[1]?.toLowerCase();
  if (scheme !== 'postgres' && scheme !== 'postgresql') {
    throw new DatabaseUrlError(
      scheme ? `starts with ${scheme}: where postgres:// or postgresql:// is needed` : 'does not start with postgres:// or postgresql://',
      name,
    );
  }
  const written = text.trim();
  if (!written.slice(scheme.length + 1).startsWith('//')) throw new DatabaseUrlError('cannot be read as an address (// is missing after the scheme)', name);
  // As node-postgres reads it (pg-connection-string): a host left empty (a socket folder given as
  // ?host=) is allowed, and host, port and user in the query win over the address's.
  const hostless = written.includes('@/');
  let url: URL;
  try {
    url = new URL(hostless ? written.replace('@/', '@hostless/') : written);
  } catch {
    throw new DatabaseUrlError('cannot be read as an address', name);
  }
  const query = (key: string) => url.searchParams.get(key) ?? '';
  const host = query('host') || (hostless ? '' : decoded(url.hostname, name).replace(/^\[(.*)\]$/, '$1'));
  if (!host) throw new DatabaseUrlError('names no host', name);
  const user = query('user') || decoded(url.username, name);
  if (!user) throw new DatabaseUrlError('names no user', name);
  const database = decoded(url.pathname.slice(1), name);
  if (!database || database.includes('/')) throw new DatabaseUrlError('names no database (the part after the last /)', name);
  const port = Number(query('port') || url.port || 5432);
  if (!Number.isInteger(port) || port < 1 || port > 65_535)
    throw new DatabaseUrlError('cannot be read as an address (its port is not a number from 1 to 65535)', name);
  return { user, host, port, database };
}

/** "harbour@db.example.org:5432/tabletop": which database, as whom, without the password. */
export function describePostgres(address: PostgresAddress | string): string {
  const { user, host, port, database } = typeof address === 'string' ? parsePostgresUrl(address) : address;
  const hostPart = host.includes(':') ? `[${host}]` : host;
  return `${user}@${hostPart}:${port}/${database}`;
}

/** The URL's password (as written and decoded), so that a message that might hold it can be checked. */
export function passwordOf(text: string): string[] {
  try {
    const raw = new URL(text.trim()).password;
    return raw ? [...new Set([raw, decoded(raw)])] : [];
  } catch {
    return [];
  }
}

function decoded(part: string, name = 'DATABASE_URL'): string {
  try {
    return decodeURIComponent(part);
  } catch {
    throw new DatabaseUrlError('cannot be read as an address (a % that does not start an escape such as %40)', name);
  }
}
