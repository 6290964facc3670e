import { pino, type DestinationStream, type LogFn, type Logger } from 'pino';

export type { Logger };

export interface LogOptions {
  /** `json` (the default): one JSON line each; `pretty`: readable lines through pino-pretty, a dev dependency. */
  format?: 'json' | 'pretty';
  /** Told of every line logged at error level or above (counted in the metrics). */
  onError?: () => void;
}

/** pino's number for the error level. */
const ERROR_LEVEL = 50;

/** No log line is longer than this, whatever was logged. */
export const MAX_LINE = 2000;

interface Limits {
  /** Characters per string value. */
  text: number;
  /** Items per array, keys per object. */
  items: number;
  /** Nesting of objects and arrays. */
  depth: number;
}

const NORMAL: Limits = { text: 300, items: 20, depth: 4 };
/** For a line that came out too long anyway: one more pass, much tighter. */
const TIGHT: Limits = { text: 80, items: 6, depth: 2 };
const STACK_FRAMES = 5;
const FIELD_ERRORS = 8;
const SECRET_KEYS = new Set(['token', 'authorization', 'password', 'secret']);

/**
 * Structured JSON logs on stdout. Every value goes through `clean` before pino sees it: errors
 * from Discord become method, route, status and code (never the request body, which holds panel
 * texts and images, nor the URL, which holds interaction tokens); other errors keep a short
 * message and stack; strings are capped and tokens cut out by pattern; bytes become a length.
 * A line that still comes out longer than MAX_LINE is shrunk once more before it is written.
 */
export function createLogger(level: string, destination?: DestinationStream, extra: LogOptions = {}): Logger {
  const options = {
    level,
    base: undefined,
    redact: { paths: ['token', '*.token', 'headers.authorization', '*.headers.authorization'], censor: '[redacted]' },
    // Child bindings do not pass the hook below, but they do pass the serializers.
    serializers: { err: (value: unknown) => clean(value, NORMAL) },
    hooks: {
      logMethod(this: Logger, args: Parameters<LogFn>, method: LogFn, level: number) {
        if (level >= ERROR_LEVEL) extra.onError?.();
        const [first, ...rest] = args as unknown[];
        // pino takes a lone Error as { err }; keep that shape once it is a plain object.
        let head = first instanceof Error ? { err: serializeError(first, NORMAL, 0) } : clean(first, NORMAL);
        // An object that cleans to a text (a Map, a class instance) stays a field, not the message.
        if (typeof first === 'object' && first !== null && (typeof head !== 'object' || head === null)) head = { value: head };
        method.apply(this, [head, ...rest.map((value) => clean(value, NORMAL))] as Parameters<LogFn>);
      },
      streamWrite: fitLine,
    },
  };
  return pino(options, destination ?? (extra.format === 'pretty' ? prettyOutput() : undefined));
}

/**
 * Readable lines for a person at a terminal: pino-pretty in a worker thread. It is a dev
 * dependency; where it is not installed the lines stay JSON, with a note why.
 */
function prettyOutput(): DestinationStream | undefined {
  try {
    return pino.transport({ target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' } });
  } catch {
    process.stderr.write('LOG_FORMAT=pretty needs pino-pretty (npm install without --omit=dev); the log stays JSON.\n');
    return undefined;
  }
}

/**
 * Cuts interaction and webhook tokens, bot tokens and other long opaque runs out of a text.
 * Every pattern runs in linear time, so that a huge string costs no more than reading it.
 */
export function redactTokens(text: string): string {
  return (
    text
      .replace(/\/(interactions|webhooks)\/(\d+)\/[^/?#\s"'`]+/g, '/$1/$2/:token')
      // Discord's interaction tokens are base64 of "interaction:<id>:<secret>".
      .replace(/aW50ZXJhY3Rpb246[\w-]*/g, '[interaction token]')
      .replace(/\b(Bot|Bearer) +[\w.-]{20,}/g, '$1 [token]')
      .replace(/[\w.-]{45,}/g, (run) => (isBotToken(run) ? '[token]' : run))
      // Any other long unbroken run is a token or an encoded blob, never something to read.
      .replace(/[\w+=-]{60,}/g, (run) => `[${run.length} chars]`)
  );
}

/** A bot token: three base64url parts separated by dots (id, timestamp, signature). */
function isBotToken(run: string): boolean {
  const parts = run.split('.');
  return parts.some((part, i) => part.length >= 20 && (parts[i + 1]?.length ?? 0) >= 5 && (parts[i + 2]?.length ?? 0) >= 20);
}

/** A text capped at `max` characters with tokens cut out; only the head of a huge text is read. */
function safeText(text: string, max: number): string {
  // The margin lets a token cut by the slice still be recognised as one.
  const long = text.length > max + 300;
  const head = redactTokens(long ? text.slice(0, max + 300) : text);
  return !long && head.length <= max ? head : `${head.slice(0, max)}… (${text.length} chars)`;
}

/** The API route of a request URL: its path without the API prefix, query or tokens. */
export function routeOf(url: string): string {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    path = url.split(/[?#]/)[0] ?? '';
  }
  return safeText(path.replace(/^\/api(\/v\d+)?(?=\/)/, ''), 200);
}

/** A log-safe copy of any value (see createLogger). */
export function clean(value: unknown, limits: Limits = NORMAL, depth = 0, seen = new WeakSet<object>()): unknown {
  switch (typeof value) {
    case 'string':
      return safeText(value, limits.text);
    case 'number':
    case 'boolean':
    case 'undefined':
      return value;
    case 'bigint':
      return value.toString();
    case 'function':
    case 'symbol':
      return undefined;
  }
  if (value === null) return null;
  const object = value as object;
  if (object instanceof Error) return serializeError(object, limits, depth);
  if (ArrayBuffer.isView(object) || object instanceof ArrayBuffer) return `[${object.constructor.name} ${object.byteLength} bytes]`;
  if (object instanceof Date) return Number.isNaN(object.getTime()) ? 'Invalid Date' : object.toISOString();
  if (seen.has(object)) return '[circular]';
  if (depth >= limits.depth) return Array.isArray(object) ? `[${object.length} items]` : '[object]';
  seen.add(object);
  if (Array.isArray(object)) {
    const items = object.slice(0, limits.items).map((item) => clean(item, limits, depth + 1, seen));
    if (object.length > limits.items) items.push(`… ${object.length - limits.items} more`);
    return items;
  }
  const prototype = Object.getPrototypeOf(object) as object | null;
  // Class instances (a discord.js Message, a Map) are named, not walked: they carry content and clients.
  if (prototype !== Object.prototype && prototype !== null) return `[${object.constructor?.name ?? 'object'}]`;
  const entries = Object.entries(object);
  const out: Record<string, unknown> = {};
  for (const [key, item] of entries.slice(0, limits.items)) {
    out[key] = SECRET_KEYS.has(key.toLowerCase()) ? '[redacted]' : clean(item, limits, depth + 1, seen);
  }
  if (entries.length > limits.items) out['…'] = `${entries.length - limits.items} more keys`;
  return out;
}

/**
 * An error as a small object. A failed request to Discord (it carries `method` and `url`):
 * type, method, route, status, code, Discord's own short message and the paths of the invalid
 * fields. Anything else: type, code, capped message, the first frames of the stack, the cause.
 */
export function serializeError(error: Error, limits: Limits = NORMAL, depth = 0): Record<string, unknown> {
  const fields = error as unknown as Record<string, unknown>;
  // discord.js puts the code or route in the name (`DiscordAPIError[50035]`): the type is what precedes it.
  const named = String(error.name).split('[')[0] ?? '';
  const type = cap(named && named !== 'Error' ? named : error.constructor?.name || 'Error', 60);
  if (typeof fields.method === 'string' && typeof fields.url === 'string') {
    const raw = (typeof fields.rawError === 'object' && fields.rawError !== null ? fields.rawError : {}) as Record<string, unknown>;
    const message = typeof raw.message === 'string' ? raw.message : fields.status !== undefined ? error.message : undefined;
    const invalid = raw.errors ? fieldErrors(raw.errors) : [];
    return pick({
      type,
      method: fields.method,
      route: routeOf(fields.url),
      status: number(fields.status),
      code: number(fields.code),
      message: message === undefined ? undefined : safeText(message.split('\n')[0] ?? '', 200),
      errors: invalid.length > 0 ? invalid : undefined,
      // Rate limits: how long and for whom.
      retryAfter: number(fields.retryAfter),
      global: typeof fields.global === 'boolean' ? fields.global : undefined,
      scope: typeof fields.scope === 'string' ? cap(fields.scope, 20) : undefined,
    });
  }
  const frames = (error.stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .slice(0, STACK_FRAMES)
    .map((line) => safeText(line.trim(), 200));
  const code = fields.code;
  // A failed query as drizzle wraps it: "Failed query: <text>" then "params: <values>", and the
  // values may be a game's whole state, hidden hands included. The first line only; the cause says why.
  const failedQuery = typeof fields.query === 'string' && Array.isArray(fields.params);
  return pick({
    type,
    code: typeof code === 'string' || typeof code === 'number' ? cap(String(code), 60) : undefined,
    message: safeText(failedQuery ? (error.message.split('\n')[0] ?? '') : error.message, limits.text),
    stack: frames.length > 0 ? frames.join('\n') : undefined,
    cause:
      error.cause !== undefined && depth < 2
        ? error.cause instanceof Error
          ? serializeError(error.cause, limits, depth + 1)
          : clean(error.cause, limits, limits.depth - 1)
        : undefined,
  });
}

/**
 * Discord's `errors` tree names the fields it refused (`content[BASE_TYPE_MAX_LENGTH]`); its
 * texts may quote the refused value, so only the paths and codes are kept.
 */
function fieldErrors(tree: unknown): string[] {
  const found: string[] = [];
  const walk = (node: unknown, path: string, depth: number) => {
    if (found.length > FIELD_ERRORS || depth > 8 || typeof node !== 'object' || node === null) return;
    for (const [key, child] of Object.entries(node)) {
      if (key === '_errors' && Array.isArray(child)) {
        for (const entry of child) {
          const code = (entry as { code?: unknown } | null)?.code;
          found.push(`${path || '(body)'}[${typeof code === 'string' ? cap(code, 40) : '?'}]`);
        }
      } else {
        walk(child, /^\d+$/.test(key) ? `${path}[${key}]` : path ? `${path}.${cap(key, 40)}` : cap(key, 40), depth + 1);
      }
    }
  };
  walk(tree, '', 0);
  return found.length > FIELD_ERRORS ? [...found.slice(0, FIELD_ERRORS), '…'] : found;
}

/** The last guard: a line longer than MAX_LINE is cleaned again, tighter, or reduced to its message. */
function fitLine(line: string): string {
  if (line.length <= MAX_LINE + 1) return line;
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return `${JSON.stringify({ msg: 'unreadable log line left out', length: line.length })}\n`;
  }
  const tighter = `${JSON.stringify({ ...(clean(parsed, { ...TIGHT, depth: TIGHT.depth + 1 }) as object), cut: line.length })}\n`;
  if (tighter.length <= MAX_LINE + 1) return tighter;
  const { level, time, msg } = parsed;
  return `${JSON.stringify({ level, time, msg: typeof msg === 'string' ? cap(msg, 200) : undefined, cut: line.length })}\n`;
}

function cap(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length} chars)`;
}

function number(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** Leaves out undefined fields, so that the line shows only what is known. */
function pick(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
}
