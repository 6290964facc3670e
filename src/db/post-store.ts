import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from './connection.js';
import { games, OWES_A_POST, type PostRef } from './schema.js';
import { ALL_GUILDS, inShard, type ShardScope } from './shard.js';

/**
 * What the public posts of a game owe and have done: how far its board posts cover the log, which
 * post is the current board, and which earlier ones still wait to be trimmed.
 */
export class PostStore {
  /** Every ended turn records a post and a trim: prepared once. */
  private readonly hot;

  /** `write`: the store's own transaction (GameStore.transaction), so that both take the write lock alike. */
  constructor(
    private readonly db: Db,
    private readonly write: (work: () => void) => void,
    private readonly shard: ShardScope = ALL_GUILDS,
  ) {
    const id = sql.placeholder('id');
    // update().set() takes placeholders only inside sql``, which bypasses the columns' JSON
    // mapping: the lists are passed already serialised.
    const param = (name: string) => sql`${sql.placeholder(name)}`;
    this.hot = {
      // Moves it forward only: a guarded write rather than SQLite's two-argument max().
      markPosted: db
        .update(games)
        .set({ lastPostedSeq: param('seq') })
        .where(and(eq(games.id, id), lt(games.lastPostedSeq, sql.placeholder('seq'))))
        .prepare(),
      // Every board post moves the one before it to the posts to trim, and every trim takes it off.
      posts: db.select({ boardPost: games.boardPost, postsToTrim: games.postsToTrim, status: games.status }).from(games).where(eq(games.id, id)).prepare(),
      setPosts: db.update(games).set({ boardPost: param('boardPost'), postsToTrim: param('postsToTrim') }).where(eq(games.id, id)).prepare(),
      setTrims: db.update(games).set({ postsToTrim: param('postsToTrim') }).where(eq(games.id, id)).prepare(),
    };
  }

  /** Records that the public post now covers everything up to `seq` (a later, older post never moves it back). */
  markPosted(id: number, seq: number, post?: PostRef): void {
    if (!post) {
      this.hot.markPosted.run({ id, seq });
      return;
    }
    // The post it follows is owed a trim from now on: both in one write.
    this.write(() => {
      this.hot.markPosted.run({ id, seq });
      const row = this.hot.posts.get({ id });
      if (!row) return;
      const postsToTrim = row.boardPost ? [...row.postsToTrim, row.boardPost] : row.postsToTrim;
      // Cancelled while this post was on its way: it is superseded already, and owed a trim too.
      if (row.status === 'cancelled') this.hot.setPosts.run({ id, boardPost: null, postsToTrim: JSON.stringify([...postsToTrim, post]) });
      else this.hot.setPosts.run({ id, boardPost: JSON.stringify(post), postsToTrim: JSON.stringify(postsToTrim) });
    });
  }

  /** A board post has been trimmed (or is gone): it is owed nothing more. */
  markTrimmed(id: number, messageId: string): void {
    this.write(() => {
      const row = this.hot.posts.get({ id });
      if (!row) return;
      this.hot.setTrims.run({ id, postsToTrim: JSON.stringify(row.postsToTrim.filter((p) => p.messageId !== messageId)) });
    });
  }

  /**
   * Nothing more is owed for the game's posts: its board is taken as posted and its trims dropped
   * (its place is gone). Returns what was dropped.
   */
  abandon(id: number): { boardPost: boolean; trims: number } {
    let dropped = { boardPost: false, trims: 0 };
    this.write(() => {
      const row = this.db.select({ version: games.version, lastPostedSeq: games.lastPostedSeq, postsToTrim: games.postsToTrim }).from(games).where(eq(games.id, id)).get();
      if (!row) return;
      dropped = { boardPost: row.lastPostedSeq < row.version, trims: row.postsToTrim.length };
      this.hot.markPosted.run({ id, seq: row.version });
      this.hot.setTrims.run({ id, postsToTrim: '[]' });
    });
    return dropped;
  }

  /** This shard's games that owe a post or a trim (running or finished games whose latest actions are not posted yet). */
  owing(): number[] {
    return this.db
      .select({ id: games.id })
      .from(games)
      .where(and(OWES_A_POST, inShard(this.shard)))
      .all()
      .map((row) => row.id);
  }
}
