import { openDatabase } from '../../src/db/connection.js';

/** One statement `run` prepared and how SQLite plans it. */
export interface QueryPlan {
  sql: string;
  /** EXPLAIN QUERY PLAN's lines joined with "; ". */
  plan: string;
}

/**
 * The query plans of the statements `run` executes on a fresh database (EXPLAIN QUERY PLAN of each
 * one it prepares, once per text), to check that a read searches an index rather than scanning a
 * table. Reads only by default; with `writes`, also the UPDATEs and DELETEs, whose WHERE is a
 * read of its own.
 */
export function queryPlans(run: (db: ReturnType<typeof openDatabase>) => void, options: { writes?: boolean } = {}): QueryPlan[] {
  return [...new Set(prepared(run, options.writes ?? false))].map((source) => ({ sql: source, plan: planOf(source) }));
}

/** As `queryPlans`, for work that awaits (the service's methods): the plans once it is over. */
export async function queryPlansAsync(run: (db: ReturnType<typeof openDatabase>) => Promise<void>, options: { writes?: boolean } = {}): Promise<QueryPlan[]> {
  const watched = watch();
  try {
    await run(watched.db);
  } finally {
    watched.stop();
  }
  return [...new Set(watched.planned(options.writes ?? false))].map((source) => ({ sql: source, plan: planOf(source) }));
}

/** The plans of the reads `run` executes, one per statement prepared, in that order. */
export function plansOf(run: (db: ReturnType<typeof openDatabase>) => void): string[] {
  return prepared(run, false).map(planOf);
}

const planner = openDatabase(':memory:').$client;

/** EXPLAIN QUERY PLAN's lines, joined with "; " (every parameter bound to 1). */
function planOf(source: string): string {
  const params = (source.match(/\?/g) ?? []).map(() => 1);
  return (planner.prepare(`EXPLAIN QUERY PLAN ${source}`).all(...params) as { detail: string }[]).map((r) => r.detail).join('; ');
}

/** The texts of the statements `run` prepares on a fresh database that are planned: reads, and writes if asked. */
function prepared(run: (db: ReturnType<typeof openDatabase>) => void, writes: boolean): string[] {
  const watched = watch();
  try {
    run(watched.db);
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
  client.prepare = ((source: string) => {
    seen.push(source);
    return prepare(source);
  }) as typeof client.prepare;
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
