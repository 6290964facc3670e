/**
 * What went wrong when the bot could not connect to its PostgreSQL database, in one sentence
 * each: the server unreachable, the login refused, the database missing, the server too old.
 * Each names the database as user@host:port/database (../../database-url.ts), never with its password.
 */
import { errorCode, errorLine } from '../error-line.js';
import { DatabaseServerError } from './migrate.js';
import { describePostgres, type PostgresAddress } from '../../database-url.js';

/** The oldest PostgreSQL the bot runs on (server_version_num): 14 (its schema and queries use nothing newer). */
export const OLDEST_SERVER = 140000;

/** PostgreSQL's server_version_num as people write it: 140011 -> 14.11, 90624 -> 9.6.24. */
export function versionName(versionNum: number): string {
  if (versionNum >= 100000) return `${Math.floor(versionNum / 10000)}.${versionNum % 10000}`;
  return `${Math.floor(versionNum / 10000)}.${Math.floor(versionNum / 100) % 100}.${versionNum % 100}`;
}

/** Refuses a server older than OLDEST_SERVER, given its server_version_num. */
export function checkServerVersion(versionNum: number, address: PostgresAddress): void {
  if (!Number.isFinite(versionNum) || versionNum >= OLDEST_SERVER) return;
  throw new DatabaseServerError(
    describePostgres(address),
    `is on PostgreSQL ${versionName(versionNum)}, and the bot needs PostgreSQL ${versionName(OLDEST_SERVER).split('.')[0]} or newer`,
    'upgrade the server, or point DATABASE_URL at a newer one',
  );
}

/** Network failures that mean nothing answered at the host and port. */
const NOT_REACHED = ['ECONNREFUSED', 'ECONNRESET', 'EHOSTUNREACH', 'ENETUNREACH', 'EHOSTDOWN', 'ETIMEDOUT', 'EPIPE'];
/** The host name could not be looked up. */
const NOT_FOUND = ['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_FAIL'];

/**
 * The sentence for an error met while connecting (or on the first queries after); a
 * DatabaseServerError is given back as it is. `timeoutMs` is the connect timeout, to name it.
 */
export function connectionError(error: unknown, address: PostgresAddress, timeoutMs: number): DatabaseServerError {
  if (error instanceof DatabaseServerError) return error;
  const where = describePostgres(address);
  const code = errorCode(error);
  const message = error instanceof Error ? error.message : String(error);
  const at = `${address.host}:${address.port}`;
  const server = (problem: string, fix: string) => new DatabaseServerError(where, problem, fix, error);
  if (NOT_FOUND.includes(code)) return server(`cannot be reached: the host ${address.host} cannot be found (${code})`, 'check the host name in DATABASE_URL');
  if (/timeout/i.test(message) && !code) {
    return server(
      `cannot be reached: ${at} did not answer within ${timeoutMs / 1000} s`,
      'check that the server is running, that DATABASE_URL names its host and port, and that no firewall is in the way',
    );
  }
  if (NOT_REACHED.includes(code))
    return server(`cannot be reached: nothing answers at ${at} (${code})`, 'check that the server is running and that DATABASE_URL names its host and port');
  if (code === '28P01') return server(`refuses the password of user ${address.user} (28P01)`, 'check the user name and password in DATABASE_URL');
  if (code === '28000')
    return server(
      `refuses user ${address.user} (${errorLine(error)})`,
      "check the user in DATABASE_URL, that it may log in, and that the server's pg_hba.conf lets it in from this machine",
    );
  if (code === '3D000')
    return server('does not exist (3D000)', `create it on the server (CREATE DATABASE ${address.database}), or correct its name in DATABASE_URL`);
  if (code === '53300') return server(`takes no more connections (${errorLine(error)})`, "lower DATABASE_POOL_SIZE or raise the server's max_connections");
  return server(`cannot be used (${errorLine(error)})`, 'check DATABASE_URL and the server');
}

/** `text` with every occurrence of the URL's password replaced: a last guard, for messages built from a driver's. */
export function withoutPassword(text: string, passwords: readonly string[]): string {
  return passwords.reduce((out, password) => out.split(password).join('***'), text);
}
