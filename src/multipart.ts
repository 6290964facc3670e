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
  const parts: Uint8Array[] = [part('Content-Disposition: form-data; name="payload_json"\r\nContent-Type: application/json'), Buffer.from(`${JSON.stringify(json)}\r\n`)];
  files.forEach((file, n) => {
    // Names are the bot's own ("<game>-12-34.png"); quotes and line breaks are kept out all the same.
    const name = file.name.replace(/["\r\n\\]/g, '_');
    parts.push(part(`Content-Disposition: form-data; name="files[${n}]"; filename="${name}"\r\nContent-Type: image/png`), file.data, Buffer.from('\r\n'));
  });
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: multipartType(boundary) };
}
