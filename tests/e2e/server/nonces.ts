/**
 * A message's `nonce` as Discord takes it on POST /channels/:channel/messages: an integer or a
 * string of at most 25 characters. With `enforce_nonce: true`, a message the same author made in
 * the same channel with the same nonce a short while ago is answered again (200, the existing
 * message) and nothing is created: no second message and no second MESSAGE_CREATE. Discord keeps
 * nonces for "a few minutes"; the local Discord keeps them for the low end of that, so that a bot
 * cannot lean on more.
 */
import { httpErrors } from './http.js';
import type { StoredMessage } from './model.js';
import type { Store } from './store.js';

/** How long a nonce is remembered. */
export const NONCE_WINDOW_MS = 2 * 60_000;

/** The body's nonce (null without one); 50035 for one Discord refuses. */
export function nonceOf(body: Record<string, unknown>): string | number | null {
  const { nonce } = body;
  if (nonce === undefined || nonce === null) return null;
  if (typeof nonce === 'number' && Number.isSafeInteger(nonce)) return nonce;
  if (typeof nonce !== 'string') throw httpErrors.invalidForm('nonce', 'Must be an integer or a string.');
  if ([...nonce].length > 25) throw httpErrors.invalidForm('nonce', 'Must be 25 or fewer in length.', 'BASE_TYPE_MAX_LENGTH');
  return nonce;
}

/**
 * The message `authorId` made in `channelId` with this nonce within the window, if the body asks
 * for the nonce to be enforced; a message deleted since is not answered again.
 */
export function earlierMessageWithNonce(
  store: Store,
  channelId: string,
  authorId: string,
  body: Record<string, unknown>,
  now = Date.now(),
): StoredMessage | undefined {
  const nonce = nonceOf(body);
  if (body.enforce_nonce !== true || nonce === null) return undefined;
  for (const message of store.messagesNewestFirst(channelId)) {
    if (message.createdAt < now - NONCE_WINDOW_MS) return undefined;
    if (message.authorId === authorId && message.deletedAt === null && message.nonce === nonce) return message;
  }
  return undefined;
}
