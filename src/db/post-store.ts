import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from './connection.js';
import { handleOf } from './sqlite-dialect.js';
import type { Dialect } from './dialect.js';
import type { PostRef } from './schema.js';
import { ALL_GUILDS, inShard, type ShardScope } from './shard.js';

/**
 * What the public posts of a game owe and have done: how far its board posts cover the log, which
 * post is the current board, and which earlier ones still wait to be trimmed.
 */
export class PostStore {
  private readonly h: Dialect;

  constructor(
    db: Db | Dialect,
    private readonly shard: ShardScope = ALL_GUILDS,
  ) {
    this.h = handleOf(db);
  }

  /** Every ended turn records a post and a trim: prepared once per connection. */
  private hot(h: Dialect) {
    // update().set() takes placeholders only inside sql``, which bypasses the columns' JSON
    // mapping: the lists are passed already serialised.
    const param = (name: string) => sql`${sql.placeholder(name)}`;
    const id = sql.placeholder('id');
    return {
      // Moves it forward only: a guarded write rather than SQLite's two-argument max().
      markPosted: h.prepared('posts.markPosted', (db, { games }) =>
        db
          .update(games)
          .set({ lastPostedSeq: param('seq') })
          .where(and(eq(games.id, id), lt(games.lastPostedSeq, sql.placeholder('seq'))))
          .returning({ id: games.id })
          .prepare(),
      ),
      // Every board post moves the one before it to the posts to trim, and every trim takes it off.
      posts: h.prepared('posts.posts', (db, { games }) =>
        db.select({ boardPost: games.boardPost, postsToTrim: games.postsToTrim, status: games.status }).from(games).where(eq(games.id, id)).prepare(),
      ),
      setPosts: h.prepared('posts.setPosts', (db, { games }) =>
        db
          .update(games)
          .set({ boardPost: param('boardPost'), postsToTrim: param('postsToTrim') })
          .where(eq(games.id, id))
          .returning({ id: games.id })
          .prepare(),
      ),
      setTrims: h.prepared('posts.setTrims', (db, { games }) =>
        db
          .update(games)
          .set({ postsToTrim: param('postsToTrim') })
          .where(eq(games.id, id))
          .returning({ id: games.id })
          .prepare(),
      ),
    };
  }

  /** Records that the public post now covers everything up to `seq` (a later, older post never moves it back). */
  async markPosted(id: number, seq: number, post?: PostRef): Promise<void> {
    if (!post) {
      const { markPosted } = this.hot(this.h);
      await this.h.run(() => markPosted({ id, seq }));
      return;
    }
    // The post it follows is owed a trim from now on: both in one write.
    await this.h.transaction(async (tx) => {
      const hot = this.hot(tx);
      await tx.lockGame(id);
      await hot.markPosted({ id, seq });
      const [row] = await hot.posts({ id });
      if (!row) return;
      const postsToTrim = row.boardPost ? [...row.postsToTrim, row.boardPost] : row.postsToTrim;
      // Cancelled while this post was on its way: it is superseded already, and owed a trim too.
      if (row.status === 'cancelled') await hot.setPosts({ id, boardPost: null, postsToTrim: JSON.stringify([...postsToTrim, post]) });
      else await hot.setPosts({ id, boardPost: JSON.stringify(post), postsToTrim: JSON.stringify(postsToTrim) });
    });
  }

  /** A board post has been trimmed (or is gone): it is owed nothing more. */
  async markTrimmed(id: number, messageId: string): Promise<void> {
    await this.h.transaction(async (tx) => {
      const hot = this.hot(tx);
      await tx.lockGame(id);
      const [row] = await hot.posts({ id });
      if (!row) return;
      await hot.setTrims({ id, postsToTrim: JSON.stringify(row.postsToTrim.filter((p) => p.messageId !== messageId)) });
    });
  }

  /**
   * Nothing more is owed for the game's posts: its board is taken as posted and its trims dropped
   * (its place is gone). Returns what was dropped.
   */
  abandon(id: number): Promise<{ boardPost: boolean; trims: number }> {
    return this.h.transaction(async (tx) => {
      const { db, t } = tx;
      const hot = this.hot(tx);
      await tx.lockGame(id);
      const [row] = await db
        .select({ version: t.games.version, lastPostedSeq: t.games.lastPostedSeq, postsToTrim: t.games.postsToTrim })
        .from(t.games)
        .where(eq(t.games.id, id));
      if (!row) return { boardPost: false, trims: 0 };
      await hot.markPosted({ id, seq: row.version });
      await hot.setTrims({ id, postsToTrim: '[]' });
      return { boardPost: row.lastPostedSeq < row.version, trims: row.postsToTrim.length };
    });
  }

  /**
   * This shard's games that owe a post or a trim (running or finished games whose latest actions are
   * not posted yet); with `trims` false, only those owing a post (their trims wait, see ../discord/request-pressure.ts).
   */
  owing({ trims = true }: { trims?: boolean } = {}): Promise<number[]> {
    const { games, owesAPost } = this.h.t;
    // The partial index's own condition first, so that both databases read only the owing games.
    const postOwed = and(inArray(games.status, ['running', 'finished']), lt(games.lastPostedSeq, games.version));
    return this.h.run(async (db) => {
      const rows = await db
        .select({ id: games.id })
        .from(games)
        .where(and(owesAPost, trims ? undefined : postOwed, inShard(this.shard, games)));
      return rows.map((row) => row.id);
    });
  }
}
