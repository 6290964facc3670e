import { openDatabase } from '../../src/db/connection.js';

/**
 * The query plans of the reads `run` executes on a fresh database (EXPLAIN QUERY PLAN of each
 * SELECT it prepares), to check that a read searches an index rather than scanning a table.
 */
export function plansOf(run: (db: ReturnType<typeof openDatabase>) => void): string[] {
  const db = openDatabase(':memory:');
  const client = db.$client;
  const seen: string[] = [];
  const prepare = client.prepare.bind(client);
  client.prepare = ((source: string) => {
    seen.push(source);
    return prepare(source);
  }) as typeof client.prepare;
  run(db);
  client.prepare = prepare;
  return seen
    .filter((source) => /^\s*select/i.test(source))
    .map((source) => {
      const params = (source.match(/\?/g) ?? []).map(() => 1);
      return (prepare(`EXPLAIN QUERY PLAN ${source}`).all(...params) as { detail: string }[]).map((r) => r.detail).join('; ');
    });
}
