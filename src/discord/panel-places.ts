/**
 * Where a player's panel lies in the game's thread. An ephemeral message stays where it was first
 * shown (an edit does not move it), while every post of the game lands below it; Discord's ids grow
 * with time, so the posts below a panel are those with a greater id. Kept in memory for the games
 * with live panels only, a few ids per game: after a restart nothing is known, and a panel is
 * simply not moved.
 */

/** A panel's message as the interaction webhook takes it. */
export interface PanelMessage {
  content: string;
  components: unknown[];
  allowed_mentions: { parse: never[] };
}

/** Enough to tell "far up the thread" from "at the bottom": a panel with more posts below counts as this many. */
const KEPT_POSTS = 20;

/** Whether Discord id `a` is newer than `b` (both snowflakes). */
export function isNewer(a: string, b: string): boolean {
  return a.length !== b.length ? a.length > b.length : a > b;
}

export class PanelPlaces {
  private readonly posts = new Map<number, string[]>();

  /** A message of the game went out into its place. */
  posted(gameId: number, messageId: string): void {
    const ids = this.posts.get(gameId) ?? [];
    ids.push(messageId);
    if (ids.length > KEPT_POSTS) ids.shift();
    this.posts.set(gameId, ids);
  }

  /** How many of the game's posts lie below the message `messageId` (at most the number kept). */
  below(gameId: number, messageId: string): number {
    return (this.posts.get(gameId) ?? []).filter((id) => isNewer(id, messageId)).length;
  }

  /** The game has no live panel left: its posts no longer matter. */
  drop(gameId: number): void {
    this.posts.delete(gameId);
  }
}
