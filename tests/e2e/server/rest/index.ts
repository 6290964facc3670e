/**
 * The REST API entry point: strips the `/api` and optional `/vN` prefix, checks the bot token,
 * dispatches to the route modules, turns errors into Discord-style JSON and logs loudly when the
 * bot calls a route this server does not implement. Also serves uploaded attachments.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FakeDiscordContext } from '../context.js';
import { FaultInjector, interactionOfRequest, type FaultRequest } from '../faults.js';
import { AnswerHolds } from '../held-answers.js';
import { DiscordHttpError, ErrorCode, RestResponse, Router, parseBody, readBody, sendJson } from '../http.js';
import { registerApplicationRoutes } from './application.js';
import { registerChannelRoutes } from './channels.js';
import { registerGuildRoutes } from './guilds.js';
import { registerInteractionRoutes } from './interactions.js';
import { refuseLoneSurrogates } from '../validate.js';

/** One REST call, kept for diagnostics and for tests that assert on what the bot called. */
export interface RestLogEntry {
  at: number;
  method: string;
  path: string;
  /** The matched route pattern, or null for unhandled routes. */
  route: string | null;
  status: number;
  errorCode: number | null;
  ms: number;
  /** The answer came from `discord.failNext` instead of the route. */
  injected?: boolean;
}

export interface RestApi {
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
  readonly log: RestLogEntry[];
  /** "METHOD /path" of every call that matched no route. */
  readonly unhandled: string[];
  readonly faults: FaultInjector;
  /** Answers kept from the caller after the route ran (`discord.holdAnswers`). */
  readonly holds: AnswerHolds;
}

const API_PREFIX = /^\/api(?:\/v(\d+))?(?=\/|$)/;

/** Shorten interaction tokens in paths so log lines stay readable. */
const redact = (path: string) => path.replace(/[A-Za-z0-9_-]{60,}/g, (token) => `${token.slice(0, 8)}…`);

export function createRestApi(ctx: FakeDiscordContext): RestApi {
  const router = new Router();
  registerApplicationRoutes(router, ctx);
  registerGuildRoutes(router, ctx);
  registerChannelRoutes(router, ctx);
  registerInteractionRoutes(router, ctx);

  const log: RestLogEntry[] = [];
  const unhandled: string[] = [];
  const faults = new FaultInjector(() => router.list());
  const holds = new AnswerHolds();

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = Date.now();
    const url = new URL(req.url ?? '/', 'http://local');
    const method = (req.method ?? 'GET').toUpperCase();

    if (method === 'GET' && url.pathname.startsWith('/attachments/')) {
      serveAttachment(ctx, url.pathname, res);
      return;
    }

    const prefix = API_PREFIX.exec(url.pathname);
    const path = prefix ? url.pathname.slice(prefix[0].length) || '/' : url.pathname;
    const entry: RestLogEntry = { at: started, method, path, route: null, status: 200, errorCode: null, ms: 0 };
    let status = 200;
    let body: unknown;
    let headers: Record<string, string> = {};
    try {
      if (!prefix) throw new DiscordHttpError(404, ErrorCode.General, '404: Not Found');
      if (prefix[1] !== undefined && prefix[1] !== '10') {
        console.warn(`[fake-discord] REST call for API v${prefix[1]}: ${method} ${url.pathname} (only v10 is modelled)`);
      }
      const match = router.match(method, path);
      if (!match) {
        const line = `${method} ${path}`;
        unhandled.push(line);
        console.warn(
          `[fake-discord] UNHANDLED REST ROUTE: ${line}${url.search} -> 404. ` +
            'The bot called a Discord route the fake server does not implement; add it under tests/e2e/server/rest/.',
        );
        throw new DiscordHttpError(404, ErrorCode.General, '404: Not Found');
      }
      entry.route = match.entry.pattern;
      if (match.entry.auth && (ctx.botTokenRevoked || req.headers.authorization !== `Bot ${ctx.options.botToken}`)) {
        throw new DiscordHttpError(401, ErrorCode.General, '401: Unauthorized');
      }
      const parsed = await parseBody(req.headers['content-type'], await readBody(req));
      const seen: FaultRequest = { method, path, params: match.params, body: parsed.body, files: parsed.files.map((f) => ({ filename: f.filename })) };
      const fault = faults.take(match.entry.pattern, match.entry.auth, seen);
      if (fault) {
        entry.injected = true;
        entry.errorCode = fault.code;
        status = fault.status;
        body = fault.body;
        headers = fault.headers;
        const record = interactionOfRequest(ctx, match.entry.pattern, match.params);
        if (record) ctx.interactions.recordError(record, `${method} ${match.entry.pattern}`, status, fault.code ?? 0, fault.message, true);
        ctx.log(`${method} ${redact(path)} -> injected ${status}${fault.code !== null ? ` ${fault.code}` : ''}`);
        finish(res, entry, started, status, body, headers);
        return;
      }
      refuseLoneSurrogates(parsed.body);
      const result = await match.entry.handler({
        method,
        path,
        route: match.entry.pattern,
        params: match.params,
        query: url.searchParams,
        headers: req.headers,
        body: parsed.body,
        files: parsed.files,
      });
      if (result instanceof RestResponse) {
        status = result.status;
        body = result.body;
      } else if (result === undefined) {
        status = 204;
      } else {
        body = result;
      }
      const held = holds.take(match.entry.pattern, seen);
      if (held) {
        ctx.log(`${method} ${redact(path)} -> ran; its answer is held`);
        await held;
      }
    } catch (error) {
      if (error instanceof DiscordHttpError) {
        status = error.status;
        body = error.toJSON();
        entry.errorCode = error.code;
        if (entry.route !== null) {
          console.warn(
            `[fake-discord] ${method} ${redact(path)} -> ${status} ${error.code} ${error.message}${error.errors ? ` ${JSON.stringify(error.errors)}` : ''}`,
          );
        }
      } else {
        status = 500;
        body = { message: `Fake Discord internal error: ${String(error)}`, code: 0 };
        console.error(`[fake-discord] ${method} ${redact(path)} crashed:`, error);
      }
    }
    finish(res, entry, started, status, body, headers);
  }

  function finish(res: ServerResponse, entry: RestLogEntry, started: number, status: number, body: unknown, headers: Record<string, string>): void {
    entry.status = status;
    entry.ms = Date.now() - started;
    log.push(entry);
    if (log.length > 2000) log.shift();
    if (ctx.options.verbose) console.log(`[fake-discord] ${entry.method} ${redact(entry.path)} -> ${status} (${entry.ms} ms)`);
    sendJson(res, status, body, headers);
  }

  return { handle, log, unhandled, faults, holds };
}

/** GET /attachments/:channel/:attachment/:filename returns the uploaded bytes. */
function serveAttachment(ctx: FakeDiscordContext, pathname: string, res: ServerResponse): void {
  const id = pathname.split('/')[3] ?? '';
  const attachment = ctx.store.attachments.get(id);
  if (!attachment) {
    res.writeHead(404, { 'Content-Type': 'text/plain' });
    res.end('Not found');
    return;
  }
  res.writeHead(200, { 'Content-Type': attachment.contentType, 'Content-Length': attachment.bytes.length });
  res.end(attachment.bytes);
}
