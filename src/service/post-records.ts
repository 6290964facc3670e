import type { NoticeRow, PostRef } from '../db/schema.js';
import type { Hosting } from './hosting.js';

/**
 * What a game's public posts and notices owe and have done, for the announcer: which games owe
 * something, the notices waiting, what went out, and whether the game's place can be posted in.
 */
export class PostRecords {
  constructor(private readonly h: Hosting) {}

  /** This shard's games that owe a board post, a trim (unless `trims` is false) or a notice. */
  async owing({ trims = true }: { trims?: boolean } = {}): Promise<number[]> {
    const { posts, notices } = this.h.store;
    return [...new Set([...(await posts.owing({ trims })), ...(await notices.pending()).map((n) => n.gameId)])];
  }

  /** Keeps a notice for the game's place until it is posted. */
  async keepNotice(gameId: number, text: string, mentions: string[]): Promise<NoticeRow> {
    return this.h.store.notices.add(gameId, text, mentions);
  }

  /** The notices of a game still to be posted, oldest first. */
  async noticesOf(gameId: number): Promise<NoticeRow[]> {
    return this.h.store.notices.pending(gameId);
  }

  async noticePosted(noticeId: number): Promise<void> {
    await this.h.store.notices.remove(noticeId);
  }

  /** The board post covering the log up to `version` went out (as `post`, the game's current board). */
  async boardPosted(gameId: number, version: number, post?: PostRef): Promise<void> {
    await this.h.store.posts.markPosted(gameId, version, post);
  }

  /** An earlier board post was cut down to what happened. */
  async trimmed(gameId: number, messageId: string): Promise<void> {
    await this.h.store.posts.markTrimmed(gameId, messageId);
  }

  /**
   * A game that is over and whose channel no longer exists: its notices, board post and trims can
   * never go out, and are given up in one write. Returns what was given up.
   */
  async giveUp(gameId: number): Promise<{ notices: number; boardPost: boolean; trims: number }> {
    return this.h.store.transaction(async (tx) => {
      await tx.lockGame(gameId);
      return { notices: await tx.notices.removeAll(gameId), ...(await tx.posts.abandon(gameId)) };
    });
  }

  /**
   * The bot may not attach files in the game's place: keeps `notice` (what to grant, for its host)
   * unless he was told before, in the same write. Returns whether it was kept.
   */
  async attachFilesMissing(gameId: number, notice: { text: string; mentions: string[] }): Promise<boolean> {
    const { store, clock } = this.h;
    return store.transaction(async (tx) => {
      await tx.lockGame(gameId);
      if (!(await tx.reach.markAttachFilesTold(gameId, clock.now()))) return false;
      await tx.notices.add(gameId, notice.text, notice.mentions);
      return true;
    });
  }

  /** The bot can post nowhere for this game (from now on, if not already). */
  async unreachable(gameId: number): Promise<void> {
    await this.h.store.reach.markUnreachable(gameId, this.h.clock.now());
  }

  /** The bot can post for this game again; its wait gets the time back. Returns the time given back. */
  async reachable(gameId: number): Promise<number> {
    return this.h.store.reach.markReachable(gameId, this.h.clock.now());
  }
}
