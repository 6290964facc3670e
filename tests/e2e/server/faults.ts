/**
 * Fault injection on REST routes: `discord.failNext({ route, status, ... })` answers the next
 * matching call(s) with an error shaped like Discord's instead of running the route, so tests can
 * show how the bot copes with outages (5xx), rate limits (429), lost access (403), vanished
 * channels (404) and dead interaction tokens.
 *
 * How @discordjs/rest 2.x (discord.js 14) reacts, with default options:
 * - 5xx: retried at once, without waiting, `retries` (3) more times: 4 attempts per call, then
 *   it throws `HTTPError` (message = HTTP status text, no Discord code; the body is not read).
 * - 429: waits and retries without limit (unless `rejectOnRateLimit` is set, then it throws
 *   `RateLimitError`). Per-route buckets wait for X-RateLimit-Reset-After; global limits and
 *   interaction routes (burst buckets) wait for the Retry-After header, which Discord sends in
 *   whole seconds, so a 300 ms limit there costs a full second.
 * - other 4xx: no retry; throws `DiscordAPIError` with .status, .code, .method, .url,
 *   .requestBody and .rawError (the JSON body). A 401 on a route sent with the bot token also
 *   makes that REST instance forget its token.
 */
import { STATUS_CODES } from 'node:http';
import type { FakeDiscordContext } from './context.js';
import { ErrorCode } from './http.js';
import type { InteractionRecord } from './interactions.js';

/** What `when` sees of a request. */
export interface FaultRequest {
  method: string;
  /** The path without the /api/v10 prefix, e.g. /channels/123/messages. */
  path: string;
  params: Record<string, string>;
  /** Parsed JSON body (or payload_json of a multipart upload). */
  body: unknown;
  files: { filename: string }[];
}

/**
 * A fault is checked once a call matched its route and passed the bot-token check (a revoked
 * token answers 401 first), before the route runs: the failed call changes nothing.
 */
export interface FaultSpec {
  /** A route pattern exactly as registered, e.g. '/channels/:channel/messages'. */
  route: string;
  /** Only this HTTP method (default: any method registered for the route). */
  method?: string;
  /** HTTP status to answer with (400-599). */
  status: number;
  /** Discord's JSON error code; defaults depend on status and route (see `defaultError`). */
  code?: number;
  /** Error message; defaults to Discord's text for the code. */
  message?: string;
  /** How many matching calls fail (default 1; Infinity = until cancelled). */
  count?: number;
  /** 429 only: how long the client must wait (default 1000 ms). */
  retryAfterMs?: number;
  /** 429 only: a global rate limit (blocks every route of that REST client). */
  global?: boolean;
  /** Only calls for which this returns true fail (and use up the count). */
  when?: (req: FaultRequest) => boolean;
}

export interface FaultHandle {
  /** Calls this fault will still fail. */
  readonly remaining: number;
  /** Calls this fault has failed so far. */
  readonly hits: number;
  /** Stop failing calls. */
  cancel(): void;
}

/** The answer to send instead of running the route. */
export interface InjectedResponse {
  status: number;
  /** Discord's JSON error code (null for a 429 without one). */
  code: number | null;
  message: string;
  body: Record<string, unknown>;
  headers: Record<string, string>;
}

interface ActiveFault {
  spec: FaultSpec;
  method: string | null;
  remaining: number;
  hits: number;
}

/** Discord's messages for the codes tests use most. */
const MESSAGES: Record<number, string> = {
  [ErrorCode.UnknownChannel]: 'Unknown Channel',
  [ErrorCode.UnknownGuild]: 'Unknown Guild',
  [ErrorCode.UnknownMember]: 'Unknown Member',
  [ErrorCode.UnknownMessage]: 'Unknown Message',
  [ErrorCode.UnknownUser]: 'Unknown User',
  [ErrorCode.UnknownWebhook]: 'Unknown Webhook',
  [ErrorCode.UnknownInteraction]: 'Unknown interaction',
  [ErrorCode.AlreadyAcknowledged]: 'Interaction has already been acknowledged.',
  [ErrorCode.MissingAccess]: 'Missing Access',
  [ErrorCode.MissingPermissions]: 'Missing Permissions',
  [ErrorCode.InvalidWebhookToken]: 'Invalid Webhook Token',
  [ErrorCode.CannotSendMessagesToThisUser]: 'Cannot send messages to this user',
  [ErrorCode.InvalidFormBody]: 'Invalid Form Body',
  [ErrorCode.ThreadArchived]: 'Thread is archived',
  [ErrorCode.ThreadLocked]: 'Thread is locked',
};

const CALLBACK_ROUTE = '/interactions/:interaction/:token/callback';

/** The code and message Discord would most likely send for this status on this route. */
function defaultError(status: number, route: string, auth: boolean): { code: number; message: string } {
  const generic = { code: ErrorCode.General, message: `${status}: ${STATUS_CODES[status] ?? 'Error'}` };
  if (status === 401) return auth ? generic : { code: ErrorCode.InvalidWebhookToken, message: 'Invalid Webhook Token' };
  if (status === 403) return { code: ErrorCode.MissingPermissions, message: 'Missing Permissions' };
  if (status !== 404) return generic;
  const code =
    route === CALLBACK_ROUTE
      ? ErrorCode.UnknownInteraction
      : route.includes(':message')
        ? ErrorCode.UnknownMessage
        : route.startsWith('/webhooks/')
          ? ErrorCode.UnknownWebhook
          : route.includes(':channel')
            ? ErrorCode.UnknownChannel
            : route.includes(':guild')
              ? ErrorCode.UnknownGuild
              : null;
  return code === null ? generic : { code, message: MESSAGES[code] ?? generic.message };
}

export class FaultInjector {
  private faults: ActiveFault[] = [];

  constructor(private readonly routes: () => Array<{ method: string; pattern: string; auth: boolean }>) {}

  add(spec: FaultSpec): FaultHandle {
    const method = spec.method?.toUpperCase() ?? null;
    const known = this.routes().filter((r) => r.pattern === spec.route);
    if (known.length === 0) {
      const patterns = [...new Set(this.routes().map((r) => r.pattern))].sort();
      throw new Error(`failNext: no route "${spec.route}" is registered. Known routes:\n  ${patterns.join('\n  ')}`);
    }
    if (method !== null && !known.some((r) => r.method === method)) {
      throw new Error(`failNext: route ${spec.route} has no ${method} (has: ${known.map((r) => r.method).join(', ')})`);
    }
    if (!Number.isInteger(spec.status) || spec.status < 400 || spec.status > 599) {
      throw new Error(`failNext: status must be an HTTP error status (400-599), got ${spec.status}`);
    }
    const count = spec.count ?? 1;
    if (!(count >= 1)) throw new Error(`failNext: count must be at least 1, got ${count}`);
    const fault: ActiveFault = { spec, method, remaining: count, hits: 0 };
    this.faults.push(fault);
    return {
      get remaining() {
        return fault.remaining;
      },
      get hits() {
        return fault.hits;
      },
      cancel: () => {
        fault.remaining = 0;
        this.faults = this.faults.filter((f) => f !== fault);
      },
    };
  }

  clear(): void {
    for (const fault of this.faults) fault.remaining = 0;
    this.faults = [];
  }

  /** The injected answer for this call, if a fault matches (using up one of its count). */
  take(route: string, auth: boolean, req: FaultRequest): InjectedResponse | null {
    const fault = this.faults.find((f) => f.spec.route === route && (f.method === null || f.method === req.method) && (!f.spec.when || f.spec.when(req)));
    if (!fault) return null;
    fault.hits += 1;
    fault.remaining -= 1;
    if (fault.remaining <= 0) this.faults = this.faults.filter((f) => f !== fault);
    return respond(fault.spec, route, auth);
  }
}

function respond(spec: FaultSpec, route: string, auth: boolean): InjectedResponse {
  const { status } = spec;
  if (status === 429) {
    const ms = Math.max(0, spec.retryAfterMs ?? 1000);
    const seconds = ms / 1000;
    const global = spec.global === true;
    const message = spec.message ?? 'You are being rate limited.';
    const headers: Record<string, string> = {
      // Discord rounds Retry-After up to whole seconds; the body and Reset-After keep the fraction.
      'Retry-After': String(Math.ceil(seconds)),
      'X-RateLimit-Limit': '5',
      'X-RateLimit-Remaining': '0',
      'X-RateLimit-Reset': ((Date.now() + ms) / 1000).toFixed(3),
      'X-RateLimit-Reset-After': seconds.toFixed(3),
      'X-RateLimit-Bucket': `fake-${Buffer.from(route).toString('hex').slice(-16)}`,
      'X-RateLimit-Scope': global ? 'global' : 'user',
      // @discordjs/rest only checks that this header exists, so it is sent only when true.
      ...(global ? { 'X-RateLimit-Global': 'true' } : {}),
    };
    const code = spec.code ?? null;
    return { status, code, message, headers, body: { message, retry_after: Number(seconds.toFixed(3)), global, ...(code !== null ? { code } : {}) } };
  }
  const fallback = defaultError(status, route, auth);
  const code = spec.code ?? fallback.code;
  const message = spec.message ?? (spec.code !== undefined ? (MESSAGES[spec.code] ?? fallback.message) : fallback.message);
  return { status, code, message, headers: {}, body: { message, code } };
}

/** The interaction a request to an interaction route is about (for its diagnostics). */
export function interactionOfRequest(ctx: FakeDiscordContext, route: string, params: Record<string, string>): InteractionRecord | undefined {
  if (route === CALLBACK_ROUTE) {
    const record = ctx.interactions.byId(params.interaction ?? '');
    return record && ctx.interactions.byToken(params.token ?? '') === record ? record : undefined;
  }
  if (route.startsWith('/webhooks/:application/:token')) return ctx.interactions.byToken(params.token ?? '');
  return undefined;
}

export { CALLBACK_ROUTE };
