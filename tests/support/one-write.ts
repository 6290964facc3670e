import type Database from 'better-sqlite3';
import type { Db } from '../../src/db/connection.js';

/**
 * Runs setup work that awaits the service in one write on `db`, as a synchronous transaction once
 * ran it: building thousands of games commits once. For benches and tests that are alone on their
 * database. The store's own transactions nest inside it: while it is open, the BEGIN, COMMIT and
 * ROLLBACK the store sends are a savepoint set, released and rolled back to (as better-sqlite3 nests
 * a transaction in an open one).
 */
export async function inOneWrite<T>(db: Db | Database.Database, work: () => Promise<T>): Promise<T> {
  const client = '$client' in db ? db.$client : db;
  const exec = client.exec;
  const run = (source: string) => exec.call(client, source);
  const nested = (source: string): string => {
    if (/^\s*BEGIN\b/i.test(source)) return 'SAVEPOINT store_transaction';
    if (/^\s*(COMMIT|END)\b/i.test(source)) return 'RELEASE store_transaction';
    if (/^\s*ROLLBACK\s*(TRANSACTION\s*)?;?\s*$/i.test(source)) return 'ROLLBACK TO store_transaction; RELEASE store_transaction';
    return source;
  };
  run('BEGIN IMMEDIATE');
  client.exec = (source: string) => run(nested(source));
  try {
    const result = await work();
    client.exec = exec;
    run('COMMIT');
    return result;
  } catch (error) {
    client.exec = exec;
    if (client.inTransaction) run('ROLLBACK');
    throw error;
  }
}
