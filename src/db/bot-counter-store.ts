/**
 * Counts kept for the whole bot, over every process and host sharing the database, in fixed
 * windows of the database's clock (./dialect.ts, `nowMs`): Discord's invalid requests per ten
 * minutes (../discord/invalid-requests.ts). Each add is one statement; windows older than the one
 * before the current are pruned as counts are added.
 */
import { and, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from './connection.js';
import type { Dialect } from './dialect.js';
import { msLiteral } from './identify-store.js';
import { handleOf } from './sqlite-dialect.js';
import { addExcluded } from './upsert.js';

/** A counter as the whole bot has it now. */
export interface CounterReading {
  /** The count of the current window. */
  count: number;
  /** The count of the window before it. */
  previous: number;
  /** How long the current window still lasts (ms). */
  windowLeftMs: number;
}

/** What the bot's limits need of the counter: add to it, read it. */
export type BotCounter = Pick<BotCounterStore, 'add' | 'read'>;

export class BotCounterStore {
  private readonly h: Dialect;

  constructor(db: Db | Dialect) {
    this.h = handleOf(db);
  }

  /** Adds `n` to `name` in the current window of `windowMs`, and reads it as it then stands. */
  async add(name: string, n: number, windowMs: number): Promise<CounterReading> {
    const width = msLiteral(windowMs);
    return this.h.run(async (db) => {
      const { botCounters: counters, nowMs } = this.h.t;
      const current = windowStart(nowMs, width);
      await db
        .insert(counters)
        .values({ name, windowAt: current, count: n })
        .onConflictDoUpdate({ target: [counters.name, counters.windowAt], set: { count: addExcluded(counters.count) } });
      await db.delete(counters).where(and(eq(counters.name, name), lt(counters.windowAt, sql`${current} - ${width}`)));
      return this.reading(name, width);
    });
  }

  /** `name` as the whole bot has it now. */
  async read(name: string, windowMs: number): Promise<CounterReading> {
    const width = msLiteral(windowMs);
    return this.h.run(() => this.reading(name, width));
  }

  /** One statement, one reading of the clock: the current window, the one before, and what is left of it. */
  private async reading(name: string, width: SQL): Promise<CounterReading> {
    const { botCounters: counters, nowMs } = this.h.t;
    const countAt = (start: SQL) =>
      sql`COALESCE((SELECT ${counters.count} FROM ${counters} WHERE ${counters.name} = ${name} AND ${counters.windowAt} = ${start}), 0)`;
    const start = sql`(c.t - c.t % ${width})`;
    const [row] = await this.h.rows<{ count: unknown; previous: unknown; left_ms: unknown }>(
      sql`SELECT ${countAt(start)} AS count, ${countAt(sql`${start} - ${width}`)} AS previous, ${start} + ${width} - c.t AS left_ms FROM (SELECT ${nowMs} AS t) AS c`,
    );
    // node-postgres gives a bigint as text.
    return { count: Number(row?.count ?? 0), previous: Number(row?.previous ?? 0), windowLeftMs: Number(row?.left_ms ?? 0) };
  }
}

/** The start of the window the database's clock is in now: the clock read once (PostgreSQL's moves within a statement). */
function windowStart(nowMs: SQL, width: SQL): SQL {
  return sql`(SELECT c.t - c.t % ${width} FROM (SELECT ${nowMs} AS t) AS c)`;
}
