/**
 * What `npm run db:copy` checks of its copy before committing it: every game with a snapshot,
 * read back from PostgreSQL with its seats and log, replays with the engine (the service's replay,
 * src/service/action-log.ts) to exactly that snapshot, and to its result when it has one; and every
 * table has as many rows as in SQLite. Games are read a page at a time, as they were copied.
 */
import { isDeepStrictEqual } from 'node:util';
import { and, asc, count, gt, inArray, isNotNull } from 'drizzle-orm';
import type { AnyGameDefinition } from '../../engine/index.js';
import { actions, games, seats } from '../../db/pg/schema.js';
import { replay } from '../../service/action-log.js';
import type { PgTx } from './copy.js';

const GAMES_PER_PAGE = 100;

/** A game that does not replay to its snapshot, and why. */
export interface Mismatch {
  id: number;
  why: string;
}

export interface ReplayCheck {
  /** Games with a snapshot, replayed. */
  replayed: number;
  mismatches: Mismatch[];
}

/** Replays every game of the target that has a snapshot; `progress` is told after each page. */
export async function replayEveryGame(db: PgTx, registry: Record<string, AnyGameDefinition>, progress: (replayed: number) => void): Promise<ReplayCheck> {
  const check: ReplayCheck = { replayed: 0, mismatches: [] };
  for (let after = 0; ;) {
    const page = await db
      .select({
        id: games.id,
        gameId: games.gameId,
        seed: games.seed,
        options: games.options,
        rulesVersion: games.rulesVersion,
        state: games.state,
        result: games.result,
      })
      .from(games)
      .where(and(gt(games.id, after), isNotNull(games.state)))
      .orderBy(asc(games.id))
      .limit(GAMES_PER_PAGE);
    if (page.length === 0) return check;
    after = (page.at(-1) as { id: number }).id;
    const ids = page.map((game) => game.id);
    const seatCounts = new Map(
      (await db.select({ id: seats.gameId, n: count() }).from(seats).where(inArray(seats.gameId, ids)).groupBy(seats.gameId)).map((row) => [row.id, row.n]),
    );
    const logs = new Map<number, { seat: number; action: unknown; undone: boolean }[]>();
    const logRows = await db
      .select({ id: actions.gameId, seat: actions.seat, action: actions.action, undone: actions.undone })
      .from(actions)
      .where(inArray(actions.gameId, ids))
      .orderBy(asc(actions.gameId), asc(actions.seq));
    for (const row of logRows) {
      const log = logs.get(row.id) ?? [];
      log.push(row);
      logs.set(row.id, log);
    }
    for (const game of page) {
      const why = mismatch(registry, game, seatCounts.get(game.id) ?? 0, logs.get(game.id) ?? []);
      if (why) check.mismatches.push({ id: game.id, why });
      check.replayed++;
    }
    progress(check.replayed);
  }
}

function mismatch(
  registry: Record<string, AnyGameDefinition>,
  game: { gameId: string; seed: string; options: unknown; rulesVersion: number; state: unknown; result: unknown },
  seatCount: number,
  log: { seat: number; action: unknown; undone: boolean }[],
): string | null {
  const def = Object.hasOwn(registry, game.gameId) ? registry[game.gameId] : undefined;
  if (!def) return `it is a game this version of the bot does not know (${game.gameId})`;
  let replayed: unknown;
  try {
    // As JSON, as it is stored: jsonb keeps no key order and drops nothing but undefined.
    replayed = JSON.parse(JSON.stringify(replay(def, game, seatCount, log)));
  } catch (error) {
    return `its log cannot be replayed (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`;
  }
  if (!isDeepStrictEqual(replayed, game.state)) return 'its log replays to another state than its snapshot';
  if (game.result !== null && !isDeepStrictEqual(JSON.parse(JSON.stringify(def.result(replayed))), game.result))
    return 'its log replays to another result than the one recorded';
  return null;
}

/** "games 12 here, 13 in SQLite" for each table whose counts differ. */
export function countDifferences(source: Map<string, number>, target: Map<string, number>): string[] {
  return [...source].filter(([table, n]) => target.get(table) !== n).map(([table, n]) => `${table} ${target.get(table) ?? 0} here, ${n} in SQLite`);
}
