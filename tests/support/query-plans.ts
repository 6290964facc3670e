import { openDatabase } from '../../src/db/connection.js';

/** One statement `run` prepared and how SQLite plans it. */
export interface QueryPlan {
  sql: string;
  /** EXPLAIN QUERY PLAN's lines joined with "; ". */
  plan: string;
}

/** Work on a database whose statements are watched: it may await (the store's reads and writes do). */
type Run = (db: ReturnType<typeof openDatabase>) => unknown;

/**
 * The query plans of the statements `run` executes on a fresh database (EXPLAIN QUERY PLAN of each
 * one it prepares, once per text), to check that a read searches an index rather than scanning a
 * table. Reads only by default; with `writes`, also the UPDATEs and DELETEs, whose WHERE is a
 * read of its own. The plans are taken once `run` is over (the store's statements are prepared as
 * they are awaited).
 */
export async function queryPlans(run: Run, options: { writes?: boolean } = {}): Promise<QueryPlan[]> {
  return [...new Set(await prepared(run, options.writes ?? false))].map((source) => ({ sql: source, plan: planOf(source) }));
}

/** `queryPlans` under the name it had when only the service awaited. */
export const queryPlansAsync = queryPlans;

/** The plans of the reads `run` executes, one per statement prepared, in that order. */
export async function plansOf(run: Run): Promise<string[]> {
  return (await prepared(run, false)).map(planOf);
}

const planner = openDatabase(':memory:').$client;

/** EXPLAIN QUERY PLAN's lines, joined with "; " (every parameter bound to 1). */
function planOf(source: string): string {
  const params = (source.match(/\?/g) ?? []).map(() => 1);
  return (planner.prepare(`EXPLAIN QUERY PLAN ${source}`).all(...params) as { detail: string }[]).map((r) => r.detail).join('; ');
}

/** The texts of the statements `run` prepares on a fresh database that are planned: reads, and writes if asked. */
async function prepared(run: Run, writes: boolean): Promise<string[]> {
  const watched = watch();
  try {
    await run(watched.db);
  } finally {
    watched.stop();
  }
  return watched.planned(writes);
}

/** A fresh database that notes the text of every statement prepared on it, until `stop`. */
function watch() {
  const db = openDatabase(':memory:');
  const client = db.$client;
  const seen: string[] = [];
  const prepare = client.prepare.bind(client);
  client.prepare = (source: string) => {
    seen.push(source);
    return prepare(source);
  };
  return {
    db,
    stop: () => {
      client.prepare = prepare;
      client.close();
    },
    planned: (writes: boolean) => {
      const planned = writes ? /^\s*(select|update|delete|with)/i : /^\s*select/i;
      return seen.filter((source) => planned.test(source));
    },
  };
}
