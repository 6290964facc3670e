import { DiscordAPIError, Routes, type APIMessage, type REST } from 'discord.js';

/** A message the bot posts into a game's place. */
export interface Outgoing {
  content: string;
  components?: unknown[];
  files?: { name: string; data: Buffer }[];
  /** Users the message may ping; nobody else is pinged. */
  mentions?: string[];
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

/** Discord's answer for a message that is no longer there. */
const UNKNOWN_MESSAGE = 10008;

/**
 * Edits a board post down to its summary: no image, no button. A post that is gone, or a place
 * closed to the bot, needs no trimming any more: only other failures are thrown, to try again.
 */
export async function trimPost(rest: REST, post: { channelId: string; messageId: string; summary: string }): Promise<void> {
  try {
    await rest.patch(Routes.channelMessage(post.channelId, post.messageId), { body: { content: post.summary, components: [], attachments: [], allowed_mentions: { parse: [] } } });
  } catch (error) {
    if (isPlaceFailure(error) || (error instanceof DiscordAPIError && error.code === UNKNOWN_MESSAGE)) return;
    throw error;
  }
}

/** Posts a message straight through REST (no channel lookup that could fail on its own). */
export async function send(rest: REST, channelId: string, message: Outgoing): Promise<APIMessage> {
  const files = message.files ?? [];
  const body = {
    content: message.content,
    ...(message.components ? { components: message.components } : {}),
    allowed_mentions: { parse: [], users: message.mentions ?? [] },
    ...(files.length > 0 ? { attachments: files.map((f, id) => ({ id, filename: f.name })) } : {}),
  };
  return (await rest.post(Routes.channelMessages(channelId), {
    body,
    ...(files.length > 0 ? { files: files.map((f) => ({ name: f.name, data: f.data, contentType: 'image/png' })) } : {}),
  })) as APIMessage;
}

/** Growing waits between attempts to post: seconds at first, then minutes, never more than `maxMs`. */
export function backoffMs(attempt: number, firstMs: number, maxMs: number): number {
  return Math.min(maxMs, firstMs * 2 ** Math.max(0, attempt - 1));
}
