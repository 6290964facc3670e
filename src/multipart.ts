/**
 * Discord's upload format, on its own so that a board worker can wrap the image it has just
 * drawn without loading discord.js: the bytes of a board are then copied once, in the worker, and
 * the main thread only hands the finished body to the REST client.
 */
import { randomBytes } from 'node:crypto';

/** A message with its files, ready to send. */
export interface Upload {
  body: Buffer;
  contentType: string;
}

/** A fresh boundary between the parts of a body: random, so no image can contain it by chance. */
export function newBoundary(): string {
  return `harbour-${randomBytes(16).toString('hex')}`;
}

export function multipartType(boundary: string): string {
  return `multipart/form-data; boundary=${boundary}`;
}

/** The message as `payload_json`, then each file as `files[n]` (PNG images here). */
export function multipart(json: unknown, files: { name: string; data: Uint8Array }[], boundary = newBoundary()): Upload {
  const part = (headers: string) => Buffer.from(`--${boundary}\r\n${headers}\r\n\r\n`);
  const parts: Uint8Array[] = [
    part('Content-Disposition: form-data; name="payload_json"\r\nContent-Type: application/json'),
    Buffer.from(`${JSON.stringify(json)}\r\n`),
  ];
  files.forEach((file, n) => {
    // Names are the bot's own ("<game>-12-34.png"); quotes and line breaks are kept out all the same.
    const name = file.name.replace(/["\r\n\\]/g, '_');
    parts.push(part(`Content-Disposition: form-data; name="files[${n}]"; filename="${name}"\r\nContent-Type: image/png`), file.data, Buffer.from('\r\n'));
  });
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: multipartType(boundary) };
}

/** Where an upload made by `multipart` holds its message: the `payload_json` part, always the first. */
function payloadSpan(upload: Upload): { start: number; end: number } {
  const boundary = /boundary=(\S+)$/.exec(upload.contentType)?.[1];
  const start = upload.body.indexOf('\r\n\r\n') + 4;
  const end = boundary === undefined ? -1 : upload.body.indexOf(`\r\n--${boundary}`, start);
  if (start < 4 || end < 0) throw new Error('not an upload made by multipart()');
  return { start, end };
}

/** The message of an upload made by `multipart`. */
export function payloadOf(upload: Upload): Record<string, unknown> {
  const { start, end } = payloadSpan(upload);
  return JSON.parse(upload.body.subarray(start, end).toString('utf8')) as Record<string, unknown>;
}

/** The same upload with another message in its `payload_json`; its files are not copied through a decoder. */
export function withPayload(upload: Upload, json: unknown): Upload {
  const { start, end } = payloadSpan(upload);
  return {
    body: Buffer.concat([upload.body.subarray(0, start), Buffer.from(JSON.stringify(json)), upload.body.subarray(end)]),
    contentType: upload.contentType,
  };
}
