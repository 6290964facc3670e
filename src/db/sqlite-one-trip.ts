/**
 * A click's two store calls (./dialect.ts, `OneTrip`) on SQLite: each in one turn on the
 * connection, its statements run back to back without handing the event loop back in between.
 * better-sqlite3 runs a statement synchronously, so what costs here is not the statement but each
 * turn's awaits; the move's UPDATE and INSERT are one synchronous transaction (BEGIN IMMEDIATE, or
 * a savepoint inside an open one).
 */
import { asc, eq, getTableColumns, sql } from 'drizzle-orm';
import type Database from 'better-sqlite3';
import type { OneTrip, PreparedRows, SqlDb, Tables } from './dialect.js';
import type { SeatRow } from './schema.js';
import { waitWrites } from './wait-timing.js';

const p = (name: string) => sql.placeholder(name);

/** A query prepared once on the connection, run synchronously. */
type Prepare = <R>(name: string, build: (db: SqlDb, t: Tables) => PreparedRows<R>) => PreparedRows<R>;

/**
 * `OneTrip` on one connection: `turn` runs its synchronous work when the handle may use the
 * connection (the root waits its turn; a transaction's handle has it).
 */
export function sqliteOneTrip(client: Database.Database, prepareNow: Prepare, turn: <T>(work: () => T) => Promise<T>): OneTrip {
  // Prepared on first use (the connection keeps them by name), not when a handle is made.
  const prepare: Prepare = (name, build) => {
    let query: PreparedRows<never> | undefined;
    return { all: (params) => (query ??= prepareNow(name, build) as PreparedRows<never>).all(params) };
  };
  const game = prepare<Record<string, unknown> & { state: string | null }>('oneTrip.game', (db, t) =>
    db
      .select({ ...getTableColumns(t.games), state: sql<string | null>`${t.games.state}` })
      .from(t.games)
      .where(eq(t.games.id, p('id')))
      .prepare(),
  );
  const seats = prepare<SeatRow>('oneTrip.seats', (db, t) =>
    db
      .select()
      .from(t.seats)
      .where(eq(t.seats.gameId, p('id')))
      .orderBy(asc(t.seats.seat))
      .prepare(),
  );
  const advance = prepare<{ id: number }>('oneTrip.advance', (db, t) =>
    db
      .update(t.games)
      .set({
        // Placeholders inside sql`` skip the columns' JSON mapping: the state comes serialised.
        state: sql`${p('state')}`,
        version: sql`${p('next')}`,
        updatedAt: sql`${p('at')}`,
        ...waitWrites(t.games),
      })
      .where(sql`${t.games.id} = ${p('id')} AND ${t.games.version} = ${p('expected')} AND ${t.games.status} = 'running'`)
      .returning({ id: t.games.id })
      .prepare(),
  );
  const log = prepare<{ seq: number }>('oneTrip.log', (db, t) =>
    db
      .insert(t.actions)
      .values({
        gameId: p('id'),
        seq: p('next'),
        seat: p('seat'),
        action: p('action'),
        publicEvents: p('events'),
        origin: p('origin'),
        undoable: p('undoable'),
        createdAt: p('at'),
      })
      .returning({ seq: t.actions.seq })
      .prepare(),
  );
  const move = client.transaction((step: Record<string, unknown>): boolean => {
    if (advance.all(step).length !== 1) return false;
    log.all(step);
    return true;
  });

  return {
    gameWithSeats: (id) =>
      turn(() => {
        const [row] = game.all({ id });
        // No time off: in process, a move asks for its awaited player's when it needs it, cheaper
        // than reading every seat's on every load.
        return row && { row, seats: seats.all({ id }) };
      }),
    advance: (step) => turn(() => move.immediate({ ...step, events: step.events })),
  };
}
