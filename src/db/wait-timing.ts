import { sql, type Column, type SQL } from 'drizzle-orm';

// Stored with each running game (games.waiting_since, deadline_at, reminder_at); the service
// decides when a wait starts (src/service/time-limits.ts).

/** The timing of the current wait: when it began, when it runs out, when to remind. */
export interface WaitTiming {
  waitingSince: number | null;
  deadlineAt: number | null;
  reminderAt: number | null;
}

export const NO_WAIT: WaitTiming = { waitingSince: null, deadlineAt: null, reminderAt: null };

/** The wait's columns of a games table (SQLite's or PostgreSQL's). */
interface WaitColumns {
  waitingSince: Column;
  deadlineAt: Column;
  reminderAt: Column;
}

/**
 * The wait's columns as a move writes them, from its prepared statement's placeholders: left as
 * they are when `keepWait` is 1 (the wait goes on, and a shift made since the game was read is
 * kept), else the step's `waitingSince`, `deadlineAt` and `reminderAt`. `casts`: PostgreSQL's
 * types for the placeholders (SQLite needs none).
 */
export function waitWrites(games: WaitColumns, casts: { ms: string; flag: string } = { ms: '', flag: '' }): Record<keyof WaitColumns, SQL> {
  const keep = sql`${sql.placeholder('keepWait')}${sql.raw(casts.flag)} = 1`;
  const written = (column: Column, name: keyof WaitColumns) => sql`CASE WHEN ${keep} THEN ${column} ELSE ${sql.placeholder(name)}${sql.raw(casts.ms)} END`;
  return {
    waitingSince: written(games.waitingSince, 'waitingSince'),
    deadlineAt: written(games.deadlineAt, 'deadlineAt'),
    reminderAt: written(games.reminderAt, 'reminderAt'),
  };
}

/** `keepWait` of a move's statement: 1 when its wait goes on as it was. */
export function keptWait(move: { waitGoesOn?: boolean }): 0 | 1 {
  return move.waitGoesOn === true ? 1 : 0;
}
