/**
 * The PostgreSQL side of the store's seam (../dialect.ts). node-postgres gives a pool: every store
 * call outside a transaction takes any connection, and each transaction holds one of its own for
 * its whole work, so writes to different games never wait for each other. What SQLite gets from
 * BEGIN IMMEDIATE (one writer at a time), PostgreSQL gets per game: `lockGame` locks the game's
 * row (FOR UPDATE) until the transaction ends, and every read-then-write of a game calls it first.
 * A lock that cannot be had in time (lock_timeout), a serialization failure and a deadlock fail
 * the transaction whole; ../busy.ts knows them, and the work is tried again as SQLITE_BUSY is.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { alias as pgAlias } from 'drizzle-orm/pg-core';
import type { Dialect, OneTrip, PreparedRows, SqlDb, Tables } from '../dialect.js';
import { asCommitFailure } from '../busy.js';
import { AVERAGE_PLACE, OWES_A_POST, actions, botState, games, guildSettings, invitePings, notices, playerRecords, seats, userSettings } from './schema.js';
import { headToHead, ratedSeats, ratingHistory, ratings } from './rating-schema.js';
import { timeOff } from './time-off-schema.js';
import { botCounters, identifySlots } from './cluster-schema.js';
import { oneTripOn } from './one-trip.js';
import { FencedOff, NOW, type Fencing } from './leases.js';
import type pg from 'pg';

/**
 * PostgreSQL's tables under the names the store uses. They have the SQLite tables' names, columns
 * and JS types (./schema.pg.test.ts checks it), so the store's queries, typed against SQLite's,
 * build the same statements over these; only the SQL dialect differs, and drizzle takes that from
 * the database the query runs on.
 */
const pgTables = {
  games,
  seats,
  actions,
  notices,
  playerRecords,
  invitePings,
  botState,
  guildSettings,
  userSettings,
  timeOff,
  ratings,
  ratingHistory,
  headToHead,
  ratedSeats,
  identifySlots,
  botCounters,
  // The server's clock, one for every host (now() would be the transaction's start).
  nowMs: sql<number>`(extract(epoch from clock_timestamp()) * 1000)::bigint`,
  owesAPost: OWES_A_POST,
  averagePlace: AVERAGE_PLACE,
} satisfies Record<keyof Tables, unknown> as unknown as Tables;

/** A drizzle database on node-postgres (the pool), or one of its transactions. */
type PgHandle = Pick<NodePgDatabase<Record<string, unknown>>, 'execute' | 'transaction'>;

/** A transaction in progress: its context, told whether it is still open, and what waits for its commit. */
interface Open {
  open: boolean;
  committed: (() => void)[];
}

/** What a drizzle query prepared on PostgreSQL answers with (SQLite's prepared queries answer `all`). */
interface PgPrepared<R> {
  execute(params?: Record<string, unknown>): Promise<R[]>;
}

/**
 * Names a query prepared through the seam, so node-postgres prepares it on the server once per
 * connection (PostgreSQL then parses and plans it once, not on every click). The store's queries
 * are written with drizzle's SQLite-typed `.prepare()`, which takes no name; the name is the
 * seam's, one per statement (SQLite's side keys its prepared statements by it too).
 */
function named<Q>(query: Q, name: string): Q {
  const configs = query as { rawQueryConfig?: { name?: string }; queryConfig?: { name?: string } };
  if (configs.rawQueryConfig) configs.rawQueryConfig.name = `harbour.${name}`;
  if (configs.queryConfig) configs.queryConfig.name = `harbour.${name}`;
  return query;
}

const outside = () =>
  new Error('a store call was made outside its transaction while one is open: inside store.transaction(work), use only the tx that work is given');

/**
 * The store's handle on a PostgreSQL database (drizzle over a node-postgres pool). With `fencing`
 * (a shard process of several hosts), every transaction and every one-statement move first checks
 * that the process still holds its shard's lease, and is refused (FencedOff) when it does not.
 */
export function postgresDialect(db: NodePgDatabase<Record<string, unknown>>, where = 'PostgreSQL', fencing?: Fencing): Dialect {
  const contexts = new AsyncLocalStorage<Open>();
  let open = 0;
  const insideOwn = () => contexts.getStore()?.open === true;
  const base = common(db, where);
  // A root query run inside a transaction would take another connection of the pool: outside it.
  const prepared: Dialect['prepared'] = (name, build) => {
    const query = base.prepared(name, build);
    return (params) => (insideOwn() ? Promise.reject(outside()) : query(params));
  };
  const root: Dialect = {
    ...base,
    get inTransaction() {
      return open > 0;
    },
    run: (work) => (insideOwn() ? Promise.reject(outside()) : work(base.db)),
    prepared,
    oneTrip: committing(oneTripOn(prepared, fencing ? { pool: (db as unknown as { $client: pg.Pool }).$client, fencing } : undefined)),
    lockGame: async () => {},
    lock: async () => {},
    afterCommit: (told) => {
      if (insideOwn()) throw outside();
      queueMicrotask(told);
    },
    transaction: async (work) => {
      if (insideOwn()) throw outside();
      const context: Open = { open: true, committed: [] };
      open += 1;
      // Past the work, the failure is COMMIT's: a cut connection then leaves the outcome unknown.
      let worked = false;
      try {
        const result = await db.transaction((pgTx) =>
          contexts.run(context, async () => {
            if (fencing) await fence(pgTx, fencing);
            const done = await work(inTransaction(pgTx, where, context));
            worked = true;
            return done;
          }),
        );
        context.open = false;
        for (const told of context.committed) queueMicrotask(told);
        return result;
      } catch (error) {
        throw worked ? asCommitFailure(error) : error;
      } finally {
        context.open = false;
        open -= 1;
      }
    },
  };
  return root;
}

/** A fenced transaction's first statement: the lease is still this process's, and held until the commit (FOR SHARE). */
async function fence(pgTx: PgHandle, fencing: Fencing): Promise<void> {
  const lease = fencing.current();
  if (!lease) throw new FencedOff(null);
  const { rows } = await pgTx.execute(
    sql`SELECT 1 FROM shard_leases WHERE shard = ${lease.shard} AND owner = ${lease.owner} AND epoch = ${lease.epoch} AND expires_at > ${sql.raw(NOW)} FOR SHARE`,
  );
  if (rows.length === 1) return;
  fencing.refused();
  throw new FencedOff(lease.shard);
}

/** The root's one-statement move commits by itself: a cut connection leaves its outcome unknown. */
function committing(oneTrip: OneTrip): OneTrip {
  return {
    gameWithSeats: oneTrip.gameWithSeats.bind(oneTrip),
    advance: (step) => oneTrip.advance(step).catch((error: unknown) => Promise.reject(asCommitFailure(error))),
  };
}

function inTransaction(pgTx: PgHandle, where: string, context: Open): Dialect {
  const base = common(pgTx, where);
  const handle: Dialect = {
    ...base,
    inTransaction: true,
    run: (work) => work(base.db),
    transaction: (work) => work(handle),
    lockGame: async (id) => {
      await pgTx.execute(sql`SELECT 1 FROM ${games} WHERE ${eq(games.id, id)} FOR UPDATE`);
    },
    lock: async (key) => {
      await pgTx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
    },
    afterCommit: (told) => context.committed.push(told),
    oneTrip: oneTripOn(base.prepared),
  };
  return handle;
}

function common(db: PgHandle, where: string): Omit<Dialect, 'inTransaction' | 'run' | 'transaction' | 'lockGame' | 'lock' | 'afterCommit'> {
  const asSqlDb = db as unknown as SqlDb;
  // Built once per handle (a transaction's queries run on its own connection): drizzle builds the
  // statement's text once, and node-postgres sends it with each call's values.
  const prepared = new Map<string, PgPrepared<unknown>>();
  return {
    db: asSqlDb,
    t: pgTables,
    file: where,
    rows: async <R>(query: SQL) => (await db.execute(query)).rows as R[],
    prepared: <R>(name: string, build: (db: SqlDb, t: Tables) => PreparedRows<R>) => {
      return async (params?: Record<string, unknown>) => {
        let query = prepared.get(name) as PgPrepared<R> | undefined;
        if (!query) prepared.set(name, (query = named(build(asSqlDb, pgTables) as unknown as PgPrepared<R>, name)));
        return query.execute(params);
      };
    },
    jsonText: (column: AnyColumn) => sql<string>`${column}::text`,
    unindexed: (column: AnyColumn) => sql`${column}`,
    alias: pgAlias as unknown as Dialect['alias'],
  };
}
