import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { addExcluded, excluded } from './upsert.js';
import type { Db } from './connection.js';
import { actions, AVERAGE_PLACE, games, playerRecords, seats } from './schema.js';
import { recordsOfFinish, type FinishFacts, type RecordAddition, type TimedAction } from './finish-records.js';

export type PlayerRecordRow = typeof playerRecords.$inferSelect;


/**
 * The players' records per game and server (added to by the write that finishes a game, by the
 * rules of src/db/finish-records.ts): each read is a few indexed rows, however many games a
 * server has finished and however many members played.
 */
export class RecordStore {
  /** Read when a game finishes: its seats and its own actions (their primary key). */
  private readonly finishing;

  /** The writes of a finishing game, prepared once. */
  private readonly writes;

  constructor(private readonly db: Db) {
    const id = sql.placeholder('id');
    const r = playerRecords;
    const p = (name: keyof RecordAddition) => sql.placeholder(name);
    this.writes = {
      add: db
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
        .prepare(),
      lateMove: db
        .update(r)
        .set({ moves: sql`${r.moves} + 1`, moveMs: sql`${r.moveMs} + ${sql.placeholder('ms')}` })
        .where(and(eq(r.guildId, sql.placeholder('guildId')), eq(r.gameId, sql.placeholder('gameId')), eq(r.userId, sql.placeholder('userId'))))
        .prepare(),
    };
    this.finishing = {
      game: db.select({ guildId: games.guildId, gameId: games.gameId }).from(games).where(eq(games.id, id)).prepare(),
      seats: db.select({ seat: seats.seat, userId: seats.userId, botLevel: seats.botLevel }).from(seats).where(eq(seats.gameId, id)).prepare(),
      // The action as its text: only a player's own moves are parsed (`timedLog`).
      log: db
        .select({ seq: actions.seq, seat: actions.seat, origin: actions.origin, undone: actions.undone, action: sql<string>`${actions.action}`, createdAt: actions.createdAt })
        .from(actions)
        .where(eq(actions.gameId, id))
        .orderBy(asc(actions.seq))
        .prepare(),
    };
  }

  /** What a game that is finishing now brings to the records: read in its transaction, before its finishing action is logged. */
  factsOf(id: number, result: unknown, finishedAt: number): FinishFacts | undefined {
    const game = this.finishing.game.get({ id });
    if (!game) return undefined;
    const log = this.finishing.log.all({ id }).map((a): TimedAction => ({ ...a, action: a.origin === 'player' && !a.undone ? (JSON.parse(a.action) as unknown) : null }));
    return { ...game, finishedAt, result, seats: this.finishing.seats.all({ id }), log };
  }

  /** Adds a finished game to its players' records (`finishing`: its last action, logged after `facts` were read). */
  addFinished(facts: FinishFacts, finishing?: TimedAction): void {
    const { additions, lateMove } = recordsOfFinish(facts, finishing);
    for (const row of additions) this.writes.add.run({ ...row });
    if (lateMove) this.writes.lateMove.run({ ...lateMove });
  }

  /** A player's records in a server, one per game, in the order he first finished them. */
  of(guildId: string, userId: string): PlayerRecordRow[] {
    return this.db
      .select()
      .from(playerRecords)
      .where(and(eq(playerRecords.guildId, guildId), eq(playerRecords.userId, userId)))
      .orderBy(asc(playerRecords.firstAt), asc(playerRecords.gameId))
      .all();
  }

  /** The best `limit` players of a game in a server: most wins, then the better average place, then more games. */
  best(guildId: string, gameId: string, limit: number): PlayerRecordRow[] {
    return this.db
      .select()
      .from(playerRecords)
      .where(and(eq(playerRecords.guildId, guildId), eq(playerRecords.gameId, gameId)))
      // Exactly the order of player_records_board_idx: the first `limit` entries, no sort.
      .orderBy(desc(playerRecords.wins), AVERAGE_PLACE, desc(playerRecords.played), asc(playerRecords.userId))
      .limit(limit)
      .all();
  }
}
