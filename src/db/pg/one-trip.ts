/**
 * The two store calls of every click, each in one round trip on PostgreSQL. There, every
 * statement is a round trip to the server, and a click read a game's row, then its seats, and
 * committed with BEGIN, UPDATE, INSERT and COMMIT: six trips, most of the time of a click on both
 * sides. Here the seats come with the row (as JSON, in the same statement), and the version-guarded
 * UPDATE and the log's INSERT are one statement (a data-modifying WITH: all of it or none, without
 * a transaction around it). SQLite's side is ../sqlite-one-trip.ts.
 */
import { eq, getTableColumns, sql, type Column } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { Dialect, OneTrip, PreparedRows, SqlDb } from '../dialect.js';
import type { SeatRow } from '../schema.js';
import { actions, games, seats } from './schema.js';
import { timeOff } from './time-off-schema.js';
import { waitWrites } from '../wait-timing.js';
import { FencedOff, NOW, stillHeld, type Fencing } from './leases.js';
import type pg from 'pg';

const p = (name: string) => sql.placeholder(name);

/** A row as row_to_json spells it (the columns' SQL names) back in the store's shape, as drizzle maps a row it reads. */
function fromJson<R>(columns: Record<string, Column>, json: Record<string, unknown>): R {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(columns)) {
    const value = json[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as R;
}

const seatColumns = getTableColumns(seats);

/**
 * `OneTrip` over a handle's prepared queries: the root's (any connection of the pool) or a
 * transaction's (its own). With `fencing` (the root of a process that holds a shard's lease), the
 * move is made only while the lease is its owner's, in the same statement.
 */
export function oneTripOn(prepared: Dialect['prepared'], fencing?: { pool: pg.Pool; fencing: Fencing }): OneTrip {
  const pg = (db: SqlDb) => db as unknown as NodePgDatabase<Record<string, unknown>>;
  const asRows = <R>(query: unknown) => query as PreparedRows<R>;

  const gameWithSeats = prepared<Record<string, unknown> & { state: string | null; seats: string; away: string }>('oneTrip.gameWithSeats', (db) =>
    asRows(
      pg(db)
        .select({
          ...getTableColumns(games),
          state: sql<string | null>`${games.state}::text`,
          // The outer row's columns spelled out with their table: drizzle writes a selected table's
          // columns unqualified, and inside a subquery a bare "id" would be the inner table's.
          seats: sql<string>`(SELECT coalesce(json_agg(s ORDER BY s.seat), '[]')::text FROM ${seats} s WHERE s.game_id = "games"."id")`,
          // On the member's key (time_off_member_idx): a few rows each at most.
          away: sql<string>`(SELECT coalesce(json_agg(json_build_array(t.user_id, t.starts_at, t.until)), '[]')::text FROM ${timeOff} t
            WHERE t.guild_id = "games"."guild_id" AND t.user_id IN (SELECT s.user_id FROM ${seats} s WHERE s.game_id = "games"."id")
            AND t.until > ${p('now')}::bigint AND t.ended_at IS NULL)`,
        })
        .from(games)
        .where(eq(games.id, p('id')))
        .prepare('harbour.oneTrip.gameWithSeats'),
    ),
  );

  const advance = prepared<{ seq: number }>('oneTrip.advance', (db) => {
    const moved = pg(db)
      .$with('moved')
      .as(
        pg(db)
          .update(games)
          .set({
            state: sql`${p('state')}::jsonb`,
            version: sql`${p('next')}::integer`,
            updatedAt: sql`${p('at')}::bigint`,
            ...waitWrites(games, { ms: '::bigint', flag: '::integer' }),
          })
          .where(
            sql`${games.id} = ${p('id')}::integer AND ${games.version} = ${p('expected')}::integer AND ${games.status} = 'running'
              AND (${p('fenceShard')}::integer IS NULL OR EXISTS (SELECT 1 FROM shard_leases WHERE shard = ${p('fenceShard')}::integer
                AND owner = ${p('fenceOwner')}::text AND epoch = ${p('fenceEpoch')}::integer AND expires_at > ${sql.raw(NOW)} FOR SHARE))`,
          )
          .returning({ id: games.id }),
      );
    // INSERT … SELECT names every column of the log in the table's order (drizzle's insert order).
    const logged = sql`SELECT moved.id, ${p('next')}::integer, ${p('seat')}::integer, ${p('action')}::jsonb, ${p('events')}::jsonb, ${p('origin')}::text, ${p('undoable')}::boolean, false, ${p('at')}::bigint FROM ${moved}`;
    return asRows(pg(db).with(moved).insert(actions).select(logged).returning({ seq: actions.seq }).prepare('harbour.oneTrip.advance'));
  });

  return {
    gameWithSeats: async (id, now) => {
      const [found] = await gameWithSeats({ id, now });
      if (!found) return undefined;
      const { seats: seatsJson, away: awayJson, ...row } = found;
      const parsed = JSON.parse(seatsJson) as Record<string, unknown>[];
      const away = (JSON.parse(awayJson) as [string, number, number][]).map(([userId, startsAt, until]) => ({
        userId,
        startsAt: Number(startsAt),
        until: Number(until),
      }));
      return { row, seats: parsed.map((json) => fromJson<SeatRow>(seatColumns, json)), away };
    },
    advance: async (step) => {
      const lease = fencing?.fencing.current() ?? null;
      if (fencing && !lease) throw new FencedOff(null);
      const fence = { fenceShard: lease?.shard ?? null, fenceOwner: lease?.owner ?? null, fenceEpoch: lease?.epoch ?? null };
      const written = await advance({ ...step, ...fence, action: JSON.stringify(step.action), events: JSON.stringify(step.events) });
      if (written.length === 1) return true;
      // Not moved: the game was not at that version, or the lease had gone (rare: asked only then).
      if (fencing && lease && !(await stillHeld(fencing.pool, lease))) {
        fencing.fencing.refused();
        throw new FencedOff(lease.shard);
      }
      return false;
    },
  };
}
