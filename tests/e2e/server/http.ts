/**
 * HTTP plumbing for the REST API: a small path router, body parsing (JSON and the multipart
 * `payload_json` + `files[n]` format discord.js uses for uploads), Discord-style errors and
 * response headers that keep @discordjs/rest's rate-limit logic quiet.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** An error answered the way Discord does: `{ message, code, errors? }` with an HTTP status. */
export class DiscordHttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    readonly errors?: unknown,
  ) {
    super(message);
    this.name = 'DiscordHttpError';
  }

  toJSON(): { message: string; code: number; errors?: unknown } {
    return { message: this.message, code: this.code, ...(this.errors ? { errors: this.errors } : {}) };
  }
}

/** The JSON error codes this server produces (same numbers as Discord). */
export const ErrorCode = {
  General: 0,
  UnknownChannel: 10003,
  UnknownGuild: 10004,
  UnknownMember: 10007,
  UnknownMessage: 10008,
  UnknownUser: 10013,
  UnknownWebhook: 10015,
  UnknownApplication: 10002,
  UnknownInteraction: 10062,
  UnknownApplicationCommand: 10063,
  RequestEntityTooLarge: 40005,
  AlreadyAcknowledged: 40060,
  MissingAccess: 50001,
  MissingPermissions: 50013,
  CannotSendEmptyMessage: 50006,
  CannotSendMessagesToThisUser: 50007,
  CannotEditOtherUsersMessage: 50005,
  InvalidWebhookToken: 50027,
  InvalidFormBody: 50035,
  ThreadAlreadyCreated: 160004,
  ThreadArchived: 50083,
  ThreadLocked: 160005,
} as const;

export const httpErrors = {
  unauthorized: () => new DiscordHttpError(401, ErrorCode.General, '401: Unauthorized'),
  notFound: (code: number, what: string) => new DiscordHttpError(404, code, what),
  badRequest: (code: number, message: string, errors?: unknown) => new DiscordHttpError(400, code, message, errors),
  forbidden: (code: number, message: string) => new DiscordHttpError(403, code, message),
  missingAccess: () => new DiscordHttpError(403, ErrorCode.MissingAccess, 'Missing Access'),
  missingPermissions: () => new DiscordHttpError(403, ErrorCode.MissingPermissions, 'Missing Permissions'),
  /** 50035 with Discord's nested `errors` object for one field path like `data.components[0]`. */
  invalidForm: (path: string, message: string, code = 'BASE_TYPE_INVALID') =>
    new DiscordHttpError(400, ErrorCode.InvalidFormBody, 'Invalid Form Body', errorTree(path, { code, message })),
};

/** Build Discord's nested error object: 'a.b[0].c' -> { a: { b: { 0: { c: { _errors: [...] } } } } }. */
function errorTree(path: string, error: { code: string; message: string }): Record<string, unknown> {
  const keys = path.split(/\.|\[(\d+)\]/).filter((k) => k !== undefined && k !== '');
  const root: Record<string, unknown> = {};
  let node = root;
  for (const key of keys) {
    const child: Record<string, unknown> = {};
    node[key] = child;
    node = child;
  }
  node._errors = [error];
  return root;
}

/** A file from a multipart upload (`files[n]`). */
export interface UploadedFile {
  /** The form field name, e.g. 'files[0]'. */
  field: string;
  /** n in `files[n]`, or null for other field names. */
  index: number | null;
  filename: string;
  contentType: string;
  bytes: Buffer;
}

export interface RestRequest {
  method: string;
  /** The route path without the /api[/vN] prefix, e.g. /channels/1/messages. */
  path: string;
  /** The route pattern that matched, e.g. /channels/:channel/messages. */
  route: string;
  params: Record<string, string>;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  /** Parsed JSON body (or payload_json of a multipart body); undefined without a body. */
  body: unknown;
  files: UploadedFile[];
}

/** Returned by handlers that need a status other than 200 (or 204 for `undefined`). */
export class RestResponse {
  constructor(
    readonly status: number,
    readonly body?: unknown,
  ) {}
}

/** Its answer, or a Promise of it. */
export type RestHandler = (req: RestRequest) => unknown;

interface RouteEntry {
  method: string;
  pattern: string;
  segments: string[];
  handler: RestHandler;
  /** Whether the route needs `Authorization: Bot <token>` (webhook and callback routes do not). */
  auth: boolean;
}

export class Router {
  private readonly routes: RouteEntry[] = [];

  /** Register a route; `:name` segments become `req.params.name`. */
  add(method: string, pattern: string, handler: RestHandler, options: { auth?: boolean } = {}): void {
    this.routes.push({
      method: method.toUpperCase(),
      pattern,
      segments: pattern.split('/').filter(Boolean),
      handler,
      auth: options.auth ?? true,
    });
  }

  /** The registered routes as `{ method, pattern, auth }`. */
  list(): Array<{ method: string; pattern: string; auth: boolean }> {
    return this.routes.map(({ method, pattern, auth }) => ({ method, pattern, auth }));
  }

  match(method: string, path: string): { entry: RouteEntry; params: Record<string, string> } | null {
    const parts = path.split('/').filter(Boolean).map(decodeURIComponent);
    for (const entry of this.routes) {
      if (entry.method !== method || entry.segments.length !== parts.length) continue;
      const params: Record<string, string> = {};
      const ok = entry.segments.every((segment, i) => {
        const part = parts[i] as string;
        if (segment.startsWith(':')) {
          params[segment.slice(1)] = part;
          return true;
        }
        return segment === part;
      });
      if (ok) return { entry, params };
    }
    return null;
  }
}

export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Parse a request body: JSON, or multipart with `payload_json` and `files[n]`. */
export async function parseBody(contentType: string | undefined, raw: Buffer): Promise<{ body: unknown; files: UploadedFile[] }> {
  if (raw.length === 0) return { body: undefined, files: [] };
  const type = contentType ?? '';
  if (!type.startsWith('multipart/form-data')) return { body: parseJson(raw.toString('utf8')), files: [] };
  let body: unknown = undefined;
  const files: UploadedFile[] = [];
  const plain: Record<string, unknown> = {};
  for (const part of multipartParts(type, raw)) {
    if (part.filename === null) {
      const value = part.bytes.toString('utf8');
      if (part.name === 'payload_json') body = parseJson(value);
      else plain[part.name] = value;
      continue;
    }
    const match = /^files\[(\d+)\]$/.exec(part.name);
    files.push({
      field: part.name,
      index: match ? Number(match[1]) : null,
      filename: part.filename || `file${files.length}`,
      contentType: part.contentType ?? 'application/octet-stream',
      bytes: part.bytes,
    });
  }
  if (body === undefined && Object.keys(plain).length > 0) body = plain;
  return { body, files };
}

interface MultipartPart {
  name: string;
  /** Null for a plain field. */
  filename: string | null;
  contentType: string | null;
  /** A view into the request body, not a copy: uploads are board images of a few hundred KB. */
  bytes: Buffer;
}

const malformed = (why: string) => httpErrors.badRequest(ErrorCode.General, `400: Bad Request (malformed multipart body: ${why})`);

/**
 * Splits a multipart/form-data body (RFC 7578) into its parts. Strict, as Discord is: a body that
 * does not follow the format is refused, never half read. Parts are views into `raw`, so that an
 * upload is not copied again and again (those copies made the server's own garbage collection
 * stall the clocks the benchmarks read).
 */
function multipartParts(contentType: string, raw: Buffer): MultipartPart[] {
  const boundary = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const token = boundary?.[1] ?? boundary?.[2];
  if (!token) throw malformed('no boundary');
  const delimiter = Buffer.from(`--${token}`);
  if (raw.indexOf(delimiter) !== 0) throw malformed('does not start with the boundary');
  const parts: MultipartPart[] = [];
  let at = delimiter.length;
  for (;;) {
    // After a delimiter: "--" ends the body, CRLF starts a part.
    if (raw[at] === 0x2d && raw[at + 1] === 0x2d) return parts;
    if (raw[at] !== 0x0d || raw[at + 1] !== 0x0a) throw malformed('no line break after a boundary');
    const headersEnd = raw.indexOf('\r\n\r\n', at + 2);
    if (headersEnd === -1) throw malformed('a part without the end of its headers');
    const headers = raw
      .subarray(at + 2, headersEnd)
      .toString('utf8')
      .split('\r\n');
    const next = raw.indexOf(Buffer.concat([Buffer.from('\r\n'), delimiter]), headersEnd + 4);
    if (next === -1) throw malformed('a part without the closing boundary');
    parts.push(partOf(headers, raw.subarray(headersEnd + 4, next)));
    at = next + 2 + delimiter.length;
  }
}

function partOf(headers: string[], bytes: Buffer): MultipartPart {
  let disposition: string | null = null;
  let contentType: string | null = null;
  for (const line of headers) {
    const colon = line.indexOf(':');
    if (colon === -1) throw malformed(`a header line without a colon: ${line.slice(0, 40)}`);
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (name === 'content-disposition') disposition = value;
    else if (name === 'content-type') contentType = value;
  }
  if (!disposition || !/^form-data\s*(;|$)/i.test(disposition)) throw malformed('a part that is not form-data');
  const param = (key: string) => new RegExp(`;\\s*${key}="([^"]*)"`, 'i').exec(disposition)?.[1];
  const name = param('name');
  if (name === undefined) throw malformed('a part without a name');
  return { name, filename: param('filename') ?? null, contentType, bytes };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw httpErrors.badRequest(ErrorCode.General, '400: Bad Request (body is not valid JSON)');
  }
}

/** Headers Discord sends on every REST response; generous so @discordjs/rest never waits. */
function rateLimitHeaders(): Record<string, string> {
  return {
    'X-RateLimit-Limit': '50',
    'X-RateLimit-Remaining': '49',
    'X-RateLimit-Reset': ((Date.now() + 1000) / 1000).toFixed(3),
    'X-RateLimit-Reset-After': '1.000',
  };
}

/** Send a JSON answer; `headers` replace the default rate-limit headers (e.g. for a 429). */
export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (status === 204 || body === undefined) {
    res.writeHead(status === 200 ? 204 : status, { ...rateLimitHeaders(), ...headers });
    res.end();
    return;
  }
  const text = JSON.stringify(body, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value));
  res.writeHead(status, {
    ...rateLimitHeaders(),
    ...headers,
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}

/** Narrow an unknown JSON body to an object (Discord answers 50035 for anything else). */
export function bodyObject(body: unknown, what = 'body'): Record<string, unknown> {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw httpErrors.invalidForm(what, 'Expected an object.');
  return body as Record<string, unknown>;
}
