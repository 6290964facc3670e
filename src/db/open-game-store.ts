import { and, count, desc, eq, inArray, isNotNull, isNull, or } from 'drizzle-orm';
import type { Db } from './connection.js';
import { handleOf } from './sqlite-dialect.js';
import type { Dialect } from './dialect.js';
import type { GameRow } from './schema.js';
import { ALL_GUILDS, inShard, type ShardScope } from './shard.js';

/** Finding lobbies and running games: a member's, a place's, those with bot players; counting those being played. */
export class OpenGameStore {
  private readonly h: Dialect;

  constructor(
    db: Db | Dialect,
    /** The games this process looks after on its own: its shard's. */
    private readonly shard: ShardScope = ALL_GUILDS,
  ) {
    this.h = handleOf(db);
  }

  /**
   * Lobbies and running games a user sits in, in one server, newest activity first: read on his
   * open seats (a partial index), never on the games he finished, however many.
   */
  activeGamesOf(guildId: string, userId: string): Promise<{ game: GameRow; seat: number }[]> {
    const { games, seats } = this.h.t;
    return this.h.run(async (db) =>
      db
        .select({ game: games, seat: seats.seat })
        .from(seats)
        .innerJoin(games, eq(games.id, seats.gameId))
        .where(and(eq(seats.userId, userId), eq(seats.active, true), eq(games.guildId, guildId), inArray(games.status, ['lobby', 'running'])))
        .orderBy(desc(games.updatedAt)),
    );
  }

  /**
   * The lobbies and running games played in a thread (or in a channel without threads): lets
   * commands used there find their game. Each branch names the statuses itself, so that each is a
   * search of its own index (the thread's; the channel's open games) rather than of every open game.
   */
  runningIn(channelId: string): Promise<GameRow[]> {
    const { games } = this.h.t;
    const open = inArray(games.status, ['lobby', 'running']);
    return this.h.run(async (db) =>
      db
        .select()
        .from(games)
        .where(or(and(eq(games.threadId, channelId), open), and(isNull(games.threadId), eq(games.channelId, channelId), open)))
        .orderBy(desc(games.updatedAt)),
    );
  }

  /** Running games with a bot player, or a player the bot stands in for (who may have to move after a restart). */
  runningWithBots(): Promise<number[]> {
    const { games, seats } = this.h.t;
    return this.h.run(async (db) => {
      const rows = await db
        .selectDistinct({ id: games.id })
        .from(games)
        .innerJoin(seats, eq(seats.gameId, games.id))
        .where(and(eq(games.status, 'running'), or(isNotNull(seats.botLevel), isNotNull(seats.standInUntil)), inShard(this.shard, games)));
      return rows.map((r) => r.id);
    });
  }

  /** This shard's games being played: a count on the status index, reading no state. */
  countRunning(): Promise<number> {
    const { games } = this.h.t;
    return this.h.run(
      async (db) =>
        (
          await db
            .select({ n: count() })
            .from(games)
            .where(and(eq(games.status, 'running'), inShard(this.shard, games)))
        )[0]?.n ?? 0,
    );
  }

  /** The game played in this thread, whatever its status (a thread belongs to one game). */
  gameOfThread(threadId: string): Promise<GameRow | undefined> {
    const { games } = this.h.t;
    return this.h.run(async (db) => (await db.select().from(games).where(eq(games.threadId, threadId)).orderBy(desc(games.id)).limit(1))[0]);
  }
}
