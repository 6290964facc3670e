import type { Db } from '../../src/db/connection.js';

/**
 * Runs setup work that awaits the service in one write on `db`, as a synchronous transaction once
 * ran it: building thousands of games commits once. The service's own transactions nest inside it
 * (savepoints). For benches and tests that are alone on their database.
 */
export async function inOneWrite<T>(db: Db, work: () => Promise<T>): Promise<T> {
  db.$client.exec('BEGIN IMMEDIATE');
  try {
    const result = await work();
    db.$client.exec('COMMIT');
    return result;
  } catch (error) {
    if (db.$client.inTransaction) db.$client.exec('ROLLBACK');
    throw error;
  }
}
