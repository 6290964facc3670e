import { DiscordAPIError, Routes, type APIMessage, type REST } from 'discord.js';
import type { Upload } from '../multipart.js';

/** A message the bot posts into a game's place. */
export interface Outgoing {
  content: string;
  components?: unknown[];
  /** Users the message may ping; nobody else is pinged. */
  mentions?: string[];
  /**
   * The post's nonce (nonces.ts), sent with `enforce_nonce`: Discord answers a retry of a post it
   * made a few minutes ago with that post, so a retry after a crash is not a second message.
   */
  nonce?: string;
  /** The message with its files as one body (see multipart.ts), made from the fields above: sent instead of them. */
  upload?: Upload;
  /**
   * With an upload: the text to post instead where the bot may not attach files, telling in words
   * what the files show (a board's description). Without it, the content goes out alone.
   */
  words?: () => string;
}

/**
 * Discord's answers that say the place itself is the problem, not the moment: the channel or
 * thread is gone, the bot may not see it or send there, or the thread is locked or archived for
 * good. Posting there again will not help; the game needs another place.
 */
const PLACE_CODES = new Set([
  10003, // Unknown Channel
  50001, // Missing Access
  50013, // Missing Permissions
  50083, // Operation not allowed on an archived thread
  160005, // Thread is locked
]);

/** Whether a failed post failed because of its place (else: try again later, same place). */
export function isPlaceFailure(error: unknown): boolean {
  return error instanceof DiscordAPIError && typeof error.code === 'number' && PLACE_CODES.has(error.code);
}

/** Whether a failed post failed because its channel or thread no longer exists (10003 Unknown Channel). */
export function isUnknownChannel(error: unknown): boolean {
  return error instanceof DiscordAPIError && error.code === 10003;
}

/**
 * Discord's answer for a permission the bot lacks. For a message with files it may be only Attach
 * Files, which a place closed to the bot cannot be told from but by posting without them.
 */
export function isMissingPermissions(error: unknown): boolean {
  return error instanceof DiscordAPIError && error.code === 50013;
}

/** The message without its files: their words in its place, where it has them. */
export function withoutFiles(message: Outgoing): Outgoing {
  const { upload: _upload, words, ...rest } = message;
  return { ...rest, content: words?.() ?? message.content };
}

/** Discord's answer for a message that is no longer there. */
const UNKNOWN_MESSAGE = 10008;

/**
 * Edits a board post down to its summary: no image, no button. A post that is gone, or a place
 * closed to the bot, needs no trimming any more: only other failures are thrown, to try again.
 */
export async function trimPost(rest: REST, post: { channelId: string; messageId: string; summary: string }): Promise<void> {
  try {
    await rest.patch(Routes.channelMessage(post.channelId, post.messageId), {
      body: { content: post.summary, components: [], attachments: [], allowed_mentions: { parse: [] } },
    });
  } catch (error) {
    if (isPlaceFailure(error) || (error instanceof DiscordAPIError && error.code === UNKNOWN_MESSAGE)) return;
    throw error;
  }
}

/**
 * The message's JSON as Discord takes it. `files` names the files uploaded with it (`files[n]`
 * becomes attachment n).
 */
export function messagePayload(message: Outgoing, files: string[] = []): Record<string, unknown> {
  return {
    content: message.content,
    ...(message.components ? { components: message.components } : {}),
    allowed_mentions: { parse: [], users: message.mentions ?? [] },
    ...(message.nonce ? { nonce: message.nonce, enforce_nonce: true } : {}),
    ...(files.length > 0 ? { attachments: files.map((filename, id) => ({ id, filename })) } : {}),
  };
}

/**
 * Posts a message straight through REST (no channel lookup that could fail on its own). A message
 * with an image comes as an upload already built (multipart.ts), handed to the REST library as
 * it is: the library's own form data streamed each image through web streams, which took twice
 * the main thread's time per board post.
 */
export async function send(rest: REST, channelId: string, message: Outgoing): Promise<APIMessage> {
  const route = Routes.channelMessages(channelId);
  if (!message.upload) return (await rest.post(route, { body: messagePayload(message) })) as APIMessage;
  const { body, contentType } = message.upload;
  return (await rest.post(route, { body, passThroughBody: true, headers: { 'Content-Type': contentType } })) as APIMessage;
}

/** Growing waits between attempts to post: seconds at first, then minutes, never more than `maxMs`. */
export function backoffMs(attempt: number, firstMs: number, maxMs: number): number {
  return Math.min(maxMs, firstMs * 2 ** Math.max(0, attempt - 1));
}
