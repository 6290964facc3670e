import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { addExcluded, excluded } from './upsert.js';
import type { Db } from './connection.js';
import { handleOf } from './sqlite-dialect.js';
import type { Dialect } from './dialect.js';
import type { playerRecords } from './schema.js';
import { recordsOfFinish, type FinishFacts, type RecordAddition, type TimedAction } from './finish-records.js';

export type PlayerRecordRow = typeof playerRecords.$inferSelect;

/**
 * The players' records per game and server (added to by the write that finishes a game, by the
 * rules of src/db/finish-records.ts): each read is a few indexed rows, however many games a
 * server has finished and however many members played.
 */
export class RecordStore {
  private readonly h: Dialect;

  constructor(db: Db | Dialect) {
    this.h = handleOf(db);
  }

  /** The writes of a finishing game, prepared once per connection. */
  /** The writes, prepared on `h`: the transaction's handle they run in. */
  private writes(h: Dialect) {
    const p = (name: keyof RecordAddition) => sql.placeholder(name);
    return {
      add: h.prepared('records.add', (db, { playerRecords: r }) =>
        db
          .insert(r)
          .values({
            guildId: p('guildId'),
            gameId: p('gameId'),
            userId: p('userId'),
            played: p('played'),
            wins: p('wins'),
            placeSum: p('placeSum'),
            place1: p('place1'),
            place2: p('place2'),
            place3: p('place3'),
            place4: p('place4'),
            place5: p('place5'),
            botPlayed: p('botPlayed'),
            botWins: p('botWins'),
            firstAt: p('firstAt'),
            moves: p('moves'),
            moveMs: p('moveMs'),
          })
          .onConflictDoUpdate({
            target: [r.guildId, r.gameId, r.userId],
            set: {
              played: addExcluded(r.played),
              wins: addExcluded(r.wins),
              placeSum: addExcluded(r.placeSum),
              place1: addExcluded(r.place1),
              place2: addExcluded(r.place2),
              place3: addExcluded(r.place3),
              place4: addExcluded(r.place4),
              place5: addExcluded(r.place5),
              botPlayed: addExcluded(r.botPlayed),
              botWins: addExcluded(r.botWins),
              // The earlier of the two, in SQL every dialect reads alike.
              firstAt: sql`CASE WHEN ${excluded(r.firstAt)} < ${r.firstAt} THEN ${excluded(r.firstAt)} ELSE ${r.firstAt} END`,
              moves: addExcluded(r.moves),
              moveMs: addExcluded(r.moveMs),
            },
          })
          .returning({ userId: r.userId })
          .prepare(),
      ),
      lateMove: h.prepared('records.lateMove', (db, { playerRecords: r }) =>
        db
          .update(r)
          .set({ moves: sql`${r.moves} + 1`, moveMs: sql`${r.moveMs} + ${sql.placeholder('ms')}` })
          .where(and(eq(r.guildId, sql.placeholder('guildId')), eq(r.gameId, sql.placeholder('gameId')), eq(r.userId, sql.placeholder('userId'))))
          .returning({ userId: r.userId })
          .prepare(),
      ),
    };
  }

  /** What a game that is finishing now brings to the records: read in its transaction, before its finishing action is logged. */
  factsOf(id: number, result: unknown, finishedAt: number): Promise<FinishFacts | undefined> {
    const game = this.h.prepared('records.game', (db, { games }) =>
      db
        .select({ guildId: games.guildId, gameId: games.gameId })
        .from(games)
        .where(eq(games.id, sql.placeholder('id')))
        .prepare(),
    );
    const seats = this.h.prepared('records.seats', (db, t) =>
      db
        .select({ seat: t.seats.seat, userId: t.seats.userId, botLevel: t.seats.botLevel })
        .from(t.seats)
        .where(eq(t.seats.gameId, sql.placeholder('id')))
        .prepare(),
    );
    // The action as its text: only a player's own moves are parsed.
    const log = this.h.prepared('records.log', (db, { actions }) =>
      db
        .select({
          seq: actions.seq,
          seat: actions.seat,
          origin: actions.origin,
          undone: actions.undone,
          action: this.h.jsonText(actions.action),
          createdAt: actions.createdAt,
        })
        .from(actions)
        .where(eq(actions.gameId, sql.placeholder('id')))
        .orderBy(asc(actions.seq))
        .prepare(),
    );
    return this.h.run(async () => {
      const [row] = await game({ id });
      if (!row) return undefined;
      const timed = (await log({ id })).map((a): TimedAction => ({
        ...a,
        action: a.origin === 'player' && !a.undone ? (JSON.parse(a.action) as unknown) : null,
      }));
      return { ...row, finishedAt, result, seats: await seats({ id }), log: timed };
    });
  }

  /** Adds a finished game to its players' records (`finishing`: its last action, logged after `facts` were read). */
  addFinished(facts: FinishFacts, finishing?: TimedAction): Promise<void> {
    return this.h.transaction(async (tx) => {
      const writes = this.writes(tx);
      const { additions, lateMove } = recordsOfFinish(facts, finishing);
      for (const row of additions) await writes.add({ ...row });
      if (lateMove) await writes.lateMove({ ...lateMove });
    });
  }

  /** A player's records in a server, one per game, in the order he first finished them. */
  of(guildId: string, userId: string): Promise<PlayerRecordRow[]> {
    const { playerRecords } = this.h.t;
    return this.h.run(async (db) =>
      db
        .select()
        .from(playerRecords)
        .where(and(eq(playerRecords.guildId, guildId), eq(playerRecords.userId, userId)))
        .orderBy(asc(playerRecords.firstAt), asc(playerRecords.gameId)),
    );
  }

  /** The best `limit` players of a game in a server: most wins, then the better average place, then more games. */
  best(guildId: string, gameId: string, limit: number): Promise<PlayerRecordRow[]> {
    const { playerRecords, averagePlace } = this.h.t;
    return this.h.run(async (db) =>
      db
        .select()
        .from(playerRecords)
        .where(and(eq(playerRecords.guildId, guildId), eq(playerRecords.gameId, gameId)))
        // Exactly the order of player_records_board_idx: the first `limit` entries, no sort.
        .orderBy(desc(playerRecords.wins), averagePlace, desc(playerRecords.played), asc(playerRecords.userId))
        .limit(limit),
    );
  }
}
