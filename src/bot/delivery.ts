import { randomBytes } from 'node:crypto';
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

/**
 * Posts a message straight through REST (no channel lookup that could fail on its own). A message
 * with files goes as one multipart buffer written here: the REST library's own form data streams
 * each image through web streams, which took twice the main thread's time per board post.
 */
export async function send(rest: REST, channelId: string, message: Outgoing): Promise<APIMessage> {
  const files = message.files ?? [];
  const body = {
    content: message.content,
    ...(message.components ? { components: message.components } : {}),
    allowed_mentions: { parse: [], users: message.mentions ?? [] },
    ...(files.length > 0 ? { attachments: files.map((f, id) => ({ id, filename: f.name })) } : {}),
  };
  if (files.length === 0) return (await rest.post(Routes.channelMessages(channelId), { body })) as APIMessage;
  const upload = multipart(body, files);
  return (await rest.post(Routes.channelMessages(channelId), { body: upload.body, passThroughBody: true, headers: { 'Content-Type': upload.contentType } })) as APIMessage;
}

/** Discord's upload format: the message as `payload_json`, then each file as `files[n]` (PNG images here). */
export function multipart(json: unknown, files: { name: string; data: Uint8Array }[]): { body: Buffer; contentType: string } {
  const boundary = `harbour-${randomBytes(16).toString('hex')}`;
  const part = (headers: string) => Buffer.from(`--${boundary}\r\n${headers}\r\n\r\n`);
  const parts: Uint8Array[] = [part('Content-Disposition: form-data; name="payload_json"\r\nContent-Type: application/json'), Buffer.from(`${JSON.stringify(json)}\r\n`)];
  files.forEach((file, n) => {
    // Names are the bot's own ("cartagena-12-34.png"); quotes and line breaks are kept out all the same.
    const name = file.name.replace(/["\r\n\\]/g, '_');
    parts.push(part(`Content-Disposition: form-data; name="files[${n}]"; filename="${name}"\r\nContent-Type: image/png`), file.data, Buffer.from('\r\n'));
  });
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Growing waits between attempts to post: seconds at first, then minutes, never more than `maxMs`. */
export function backoffMs(attempt: number, firstMs: number, maxMs: number): number {
  return Math.min(maxMs, firstMs * 2 ** Math.max(0, attempt - 1));
}
