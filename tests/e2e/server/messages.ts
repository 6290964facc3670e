/**
 * Turning a create/edit body (JSON or multipart) into message fields, shared by every route that
 * writes messages: channel messages, interaction callbacks and interaction webhooks. Handles
 * Discord's attachment rules: `attachments: [{ id }]` lists what the message keeps (existing
 * attachment ids) and which uploaded `files[n]` become new attachments (id n).
 */
import type { APIEmbed } from 'discord.js';
import type { FakeDiscordContext } from './context.js';
import { DiscordHttpError, ErrorCode, type UploadedFile } from './http.js';
import type { RawComponent, StoredAttachment, StoredMessage } from './model.js';
import { snowflake } from './snowflake.js';
import type { MessagePatch } from './store.js';
import { requireNonEmptyMessage, validateMessageFields } from './validate.js';

/** Message flags a bot may set itself (the rest are ignored like Discord does). */
const SETTABLE_FLAGS = 4 /* suppress embeds */ | 64 /* ephemeral */ | 4096 /* suppress notifications */ | 32768; /* components v2 */

export interface MessageFields extends MessagePatch {
  /** True when the body asked for flag 64 (only meaningful for interaction responses). */
  ephemeral: boolean;
  /** On creation: the users the message pings (see `pingedBy`). */
  pinged?: string[];
}

/**
 * The users a new message notifies, as Discord decides: the users its content mentions, all of
 * them without `allowed_mentions` or with "users" in its `parse`, else only those in its `users`.
 */
export function pingedBy(content: string, allowed: unknown): string[] {
  const mentioned = [...new Set([...content.matchAll(/<@!?(\d+)>/g)].map((m) => m[1] as string))];
  if (allowed === undefined || allowed === null || typeof allowed !== 'object') return mentioned;
  const { parse, users } = allowed as { parse?: unknown; users?: unknown };
  if (Array.isArray(parse) && parse.includes('users')) return mentioned;
  const listed = new Set(Array.isArray(users) ? users.map(String) : []);
  return mentioned.filter((id) => listed.has(id));
}

/**
 * Read message fields from a body. Fields absent from the body stay undefined (an edit keeps
 * them); `null` clears them. `existing` is the message being edited, if any.
 */
export function readMessageFields(
  ctx: FakeDiscordContext,
  body: Record<string, unknown>,
  files: UploadedFile[],
  channelId: string,
  options: { existing?: StoredMessage; create: boolean; path?: string },
): MessageFields {
  validateMessageFields(body, options.path ?? '');
  if (options.create) requireNonEmptyMessage(body, files.length);

  const fields: MessageFields = { ephemeral: false };
  if ('content' in body) fields.content = typeof body.content === 'string' ? body.content : '';
  if ('embeds' in body) fields.embeds = Array.isArray(body.embeds) ? (body.embeds as APIEmbed[]) : [];
  if ('components' in body) fields.components = Array.isArray(body.components) ? (body.components as RawComponent[]) : [];
  if (typeof body.flags === 'number') {
    fields.flags = body.flags & SETTABLE_FLAGS;
    fields.ephemeral = (body.flags & 64) !== 0;
  }
  const attachments = resolveAttachments(ctx, body.attachments, files, channelId, options.existing);
  if (attachments) fields.attachments = attachments;
  if (options.create) fields.pinged = pingedBy(fields.content ?? '', body.allowed_mentions);
  return fields;
}

function resolveAttachments(
  ctx: FakeDiscordContext,
  listed: unknown,
  files: UploadedFile[],
  channelId: string,
  existing: StoredMessage | undefined,
): StoredAttachment[] | undefined {
  for (const file of files) {
    if (file.bytes.length > ctx.options.attachmentSizeLimit) {
      throw new DiscordHttpError(413, ErrorCode.RequestEntityTooLarge, 'Request entity too large');
    }
  }
  const used = new Set<UploadedFile>();
  const fileFor = (id: unknown): UploadedFile | undefined => {
    const index = Number(id);
    return files.find((f) => f.index === index) ?? (Number.isInteger(index) ? files[index] : undefined);
  };

  let result: StoredAttachment[] | undefined;
  if (listed === null) result = [];
  if (Array.isArray(listed)) {
    result = [];
    for (const entry of listed as Array<Record<string, unknown>>) {
      const id = String(entry.id);
      const kept = existing?.attachments.find((a) => a.id === id);
      if (kept) {
        result.push(typeof entry.description === 'string' ? { ...kept, description: entry.description } : kept);
        continue;
      }
      const file = fileFor(entry.id);
      if (!file || used.has(file)) continue;
      used.add(file);
      const filename = typeof entry.filename === 'string' ? entry.filename : file.filename;
      const description = typeof entry.description === 'string' ? entry.description : null;
      result.push(storeAttachment(ctx, channelId, file, filename, description));
    }
  }
  const unreferenced = files.filter((f) => !used.has(f));
  if (unreferenced.length > 0) {
    // Files not listed in `attachments` are appended to what the message keeps.
    result ??= [...(existing?.attachments ?? [])];
    for (const file of unreferenced) result.push(storeAttachment(ctx, channelId, file, file.filename, null));
  }
  return result;
}

function storeAttachment(ctx: FakeDiscordContext, channelId: string, file: UploadedFile, filename: string, description: string | null): StoredAttachment {
  const id = snowflake();
  const size = pngSize(file.bytes);
  const attachment: StoredAttachment = {
    id,
    filename,
    description,
    contentType: file.contentType === 'application/octet-stream' ? guessContentType(filename) : file.contentType,
    size: file.bytes.length,
    bytes: ctx.options.keepUploadedBytes ? file.bytes : Buffer.alloc(0),
    url: `${ctx.origin}/attachments/${channelId}/${id}/${encodeURIComponent(filename)}`,
    width: size?.width ?? null,
    height: size?.height ?? null,
  };
  ctx.store.attachments.set(id, attachment);
  return attachment;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** True when the bytes start with the PNG signature. */
export function isPng(bytes: Buffer): boolean {
  return bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE);
}

/** Width and height from a PNG's IHDR chunk. */
export function pngSize(bytes: Buffer): { width: number; height: number } | null {
  if (!isPng(bytes) || bytes.length < 24) return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

function guessContentType(filename: string): string {
  const ext = filename.toLowerCase().split('.').pop() ?? '';
  const types: Record<string, string> = {
    png: 'image/png',
    jpg: 'image/jpeg',
    jpeg: 'image/jpeg',
    gif: 'image/gif',
    webp: 'image/webp',
    txt: 'text/plain; charset=utf-8',
    json: 'application/json',
    svg: 'image/svg+xml',
  };
  return types[ext] ?? 'application/octet-stream';
}
