import { createHash } from 'node:crypto';

/** Discord takes a nonce of at most 25 characters. */
const MAX_NONCE = 25;

/**
 * A post's nonce: the same for every attempt at that one post, across restarts, and different for
 * any other post made within minutes. Sent with `enforce_nonce`, it makes Discord answer a retry of
 * a post it already made (the bot killed before the answer came) with that post instead of a
 * second one. Made of what the database says is owed, kind first; a key too long for Discord is
 * hashed.
 */
function nonceOf(kind: string, ...parts: (number | string)[]): string {
  const key = [kind, ...parts.map((p) => (typeof p === 'number' ? p.toString(36) : p))].join('.');
  if (key.length <= MAX_NONCE) return key;
  return `h${createHash('sha256')
    .update(key)
    .digest('base64url')
    .slice(0, MAX_NONCE - 1)}`;
}

/** The nonce of each post the bot makes in a channel where a retry could make it twice. */
export const nonces = {
  /** The board post covering a game's log up to `version` (its opening post too). */
  board: (gameId: number, version: number) => nonceOf('b', gameId, version),
  /** A kept notice (a cancellation, more time, ...), by its row. */
  notice: (noticeId: number) => nonceOf('n', noticeId),
  /** "The game goes on here": a game leaves its thread once. */
  moved: (gameId: number) => nonceOf('m', gameId),
  /** The reminder of a game's wait at `version` (a reminder sent comes again only after an extension, an hour at least). */
  reminder: (gameId: number, version: number) => nonceOf('r', gameId, version),
  /** That reminder by direct message to one player. */
  reminderDm: (gameId: number, version: number, userId: string) => nonceOf('d', gameId, version, userId),
  /** A lobby's message (a rematch's, posted by the bot). */
  lobby: (gameId: number) => nonceOf('l', gameId),
};
