/**
 * The SQLite side of the store's seam (./dialect.ts). better-sqlite3 has one connection and runs
 * every statement synchronously; a statement run while a transaction is open on it joins that
 * transaction. So one store call or one transaction at a time has the connection: the others
 * wait their turn in order (a FIFO). AsyncLocalStorage tells whose turn it is: a call on the root
 * store from inside its own open transaction throws at once (it would wait for itself for ever),
 * and a call made by a store call that already has the turn runs at once.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { Db } from './connection.js';
import { isDialect, sqliteTables, type Dialect, type PreparedRows, type SqlDb, type Tables } from './dialect.js';
import { sqliteOneTrip } from './sqlite-one-trip.js';

/** Who has the connection in an asynchronous context: a store call, or a transaction. */
interface Turn {
  transaction: boolean;
  /** Cleared when the turn ends: what it left scheduled (a timer, a microtask) waits like anyone. */
  held: boolean;
}

/** One better-sqlite3 connection's turns and prepared queries, shared by every handle over it. */
class Connection {
  readonly turns = new AsyncLocalStorage<Turn>();
  readonly prepared = new Map<string, PreparedRows<unknown>>();
  /** What waits for the open transaction's commit. */
  committed: (() => void)[] = [];
  /** The handle of its transaction (one at a time), made once. */
  txHandle?: Dialect;
  private tail: Promise<void> = Promise.resolve();

  constructor(readonly db: Db) {}

  /** A query prepared once on this connection, under `name`. */
  prepare<R>(name: string, build: (db: SqlDb, t: Tables) => PreparedRows<R>): PreparedRows<R> {
    let query = this.prepared.get(name) as PreparedRows<R> | undefined;
    if (!query) this.prepared.set(name, (query = build(this.db, sqliteTables)));
    return query;
  }

  /** Runs `work` when every earlier turn has ended. */
  async inTurn<T>(transaction: boolean, work: () => Promise<T>): Promise<T> {
    const before = this.tail;
    let done!: () => void;
    this.tail = new Promise((resolve) => (done = resolve));
    await before;
    const turn: Turn = { transaction, held: true };
    try {
      return await this.turns.run(turn, work);
    } finally {
      turn.held = false;
      done();
    }
  }

  /** The turn this context holds on the connection, if any. */
  current(): Turn | undefined {
    const turn = this.turns.getStore();
    return turn?.held ? turn : undefined;
  }

  /** BEGIN IMMEDIATE takes the write lock now: a busy database fails here, before anything is written. */
  async transaction<T>(work: (tx: Dialect) => Promise<T>, handle: (connection: Connection) => Dialect): Promise<T> {
    const client = this.db.$client;
    client.exec('BEGIN IMMEDIATE');
    const turn: Turn = { transaction: true, held: true };
    const committed: (() => void)[] = (this.committed = []);
    try {
      const result = await this.turns.run(turn, () => work(handle(this)));
      client.exec('COMMIT');
      for (const told of committed) queueMicrotask(told);
      return result;
    } catch (error) {
      if (client.inTransaction) client.exec('ROLLBACK');
      throw error;
    } finally {
      turn.held = false;
    }
  }
}

const connections = new WeakMap<object, Connection>();

const outside = () =>
  new Error('a store call was made outside its transaction while one is open: inside store.transaction(work), use only the tx that work is given');

/** The store's handle on a SQLite database (every handle over one connection shares its turns). */
export function sqliteDialect(db: Db): Dialect {
  let connection = connections.get(db.$client);
  if (!connection) connections.set(db.$client, (connection = new Connection(db)));
  return root(connection);
}

function common(connection: Connection): Omit<Dialect, 'inTransaction' | 'run' | 'transaction' | 'afterCommit'> {
  const db = connection.db as unknown as SqlDb;
  return {
    db,
    t: sqliteTables,
    file: connection.db.$client.name,
    lockGame: async () => {},
    lock: async () => {},
    rows: async <R>(query: SQL) => connection.db.all<R>(query),
    prepared: <R>(name: string, build: (db: SqlDb, t: typeof sqliteTables) => PreparedRows<R>) => {
      const ready = connection.prepare(name, build);
      return async (params?: Record<string, unknown>) => ready.all(params);
    },
    jsonText: (column: AnyColumn) => sql<string>`${column}`,
    // A unary + hides a column from SQLite's planner.
    unindexed: (column: AnyColumn) => sql`+${column}`,
    alias,
  };
}

function root(connection: Connection): Dialect {
  const base = common(connection);
  const run = <T>(work: (db: SqlDb) => Promise<T>): Promise<T> => {
    const turn = connection.current();
    if (turn?.transaction) return Promise.reject(outside());
    // A store call made by one that has the turn (a sub-store's, say) runs within it.
    if (turn) return work(base.db);
    return connection.inTurn(false, () => work(base.db));
  };
  return {
    ...base,
    oneTrip: sqliteOneTrip(
      connection.db.$client,
      (name, build) => connection.prepare(name, build),
      (work) => run(async () => work()),
    ),
    get inTransaction() {
      return connection.db.$client.inTransaction;
    },
    afterCommit: (told) => {
      if (connection.current()?.transaction) throw outside();
      queueMicrotask(told);
    },
    run,
    transaction: <T>(work: (tx: Dialect) => Promise<T>): Promise<T> => {
      const turn = connection.current();
      if (turn?.transaction) return Promise.reject(outside());
      if (turn) return connection.transaction(work, inTransaction);
      return connection.inTurn(false, () => connection.transaction(work, inTransaction));
    },
  };
}

function inTransaction(connection: Connection): Dialect {
  if (connection.txHandle) return connection.txHandle;
  const base = common(connection);
  const handle: Dialect = {
    ...base,
    inTransaction: true,
    afterCommit: (told) => connection.committed.push(told),
    oneTrip: sqliteOneTrip(
      connection.db.$client,
      (name, build) => connection.prepare(name, build),
      async (work) => work(),
    ),
    run: (work) => work(base.db),
    transaction: (work) => work(handle),
  };
  return (connection.txHandle = handle);
}

/** A handle as given, or the SQLite one of a bare database (the sub-stores are made either way). */
export function handleOf(db: Db | Dialect): Dialect {
  return isDialect(db) ? db : sqliteDialect(db);
}
