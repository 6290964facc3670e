/**
 * The REST requests the bot makes, as the local Discord logs them, sorted into what they are for
 * and whether Discord counts them against the bot's global limit of 50 requests a second.
 *
 * Interaction endpoints are not bound by that limit: the callback that answers a click, and the
 * webhook routes with the interaction's token (a deferred answer filled in, a follow-up, a live
 * panel edited in place). Everything else is: a board post, the trim of the previous one, a
 * direct message (its channel opened, then the message), a lobby edited, a thread made for a new
 * game. With several hosts each has its own discord.js budget, but Discord counts the bot's
 * requests together.
 */
import type { FakeDiscord, RestLogEntry } from '../../tests/e2e/server/index.js';

/** Discord's global limit for a bot's requests, outside interaction endpoints. */
export const GLOBAL_PER_SECOND = 50;

/** What a request is for; `global` says whether it counts against the 50 a second. */
export interface Kind {
  label: string;
  global: boolean;
}

const CALLBACK: Kind = { label: 'interaction answer (callback)', global: false };
const WEBHOOK_EDIT: Kind = { label: 'panel or reply edited through its interaction (webhook)', global: false };
const WEBHOOK_OTHER: Kind = { label: 'follow-up or other interaction webhook', global: false };
const BOARD_POST: Kind = { label: 'post in a game thread or channel (board post, notice)', global: true };
const TRIM: Kind = { label: 'previous board post trimmed (message edited in a thread)', global: true };
const CHANNEL_EDIT: Kind = { label: 'message edited in a channel (lobby)', global: true };
const DM_OPEN: Kind = { label: 'DM channel opened', global: true };
const DM_POST: Kind = { label: 'DM sent', global: true };

/** The kind of one logged request; requests of other routes are named by their route. */
export function kindOf(discord: FakeDiscord, entry: RestLogEntry): Kind {
  const route = entry.route ?? entry.path;
  if (route.endsWith('/callback')) return CALLBACK;
  if (route.startsWith('/webhooks/')) return entry.method === 'PATCH' ? WEBHOOK_EDIT : WEBHOOK_OTHER;
  if (entry.method === 'POST' && route === '/users/@me/channels') return DM_OPEN;
  if (entry.method === 'POST' && route === '/channels/:channel/messages') return typeOf(discord, entry) === DM ? DM_POST : BOARD_POST;
  if (entry.method === 'PATCH' && route === '/channels/:channel/messages/:message') return THREADS.has(typeOf(discord, entry)) ? TRIM : CHANNEL_EDIT;
  return { label: `${entry.method} ${route}`, global: true };
}

/** Discord's channel types: a DM, a public or private thread. */
const DM = 1;
const THREADS = new Set([11, 12]);

/** The type of the channel a /channels/:channel/… request went to; -1 if it is gone. */
function typeOf(discord: FakeDiscord, entry: RestLogEntry): number {
  try {
    return discord.channel(entry.path.split('/')[2] ?? '').type;
  } catch {
    return -1;
  }
}

/** Requests by kind, counted over a window. */
export type RequestCounts = Map<string, { kind: Kind; count: number }>;

/**
 * Reads the local Discord's request log from now on, five times a second (it keeps only the last
 * 2,000 requests), calling `each` once per new request; `stop` reads the last ones.
 */
export function tailRestLog(discord: FakeDiscord, each: (entry: RestLogEntry) => void): { stop: () => void } {
  const seen = new WeakSet<object>();
  const take = (count: boolean) => {
    const log = discord.restLog;
    const fresh: RestLogEntry[] = [];
    for (let i = log.length - 1; i >= 0; i--) {
      const entry = log[i] as RestLogEntry;
      if (seen.has(entry)) break;
      seen.add(entry);
      fresh.push(entry);
    }
    if (count) for (const entry of fresh.reverse()) each(entry);
  };
  take(false); // what was there before the window is not counted
  const timer = setInterval(() => take(true), 200);
  return {
    stop: () => {
      clearInterval(timer);
      take(true);
    },
  };
}

/** Counts the bot's requests by kind from now until `stop`. */
export function countRequests(discord: FakeDiscord): { stop: () => RequestCounts } {
  const counts: RequestCounts = new Map();
  const tail = tailRestLog(discord, (entry) => {
    const kind = kindOf(discord, entry);
    const slot = counts.get(kind.label) ?? { kind, count: 0 };
    slot.count++;
    counts.set(kind.label, slot);
  });
  return {
    stop: () => {
      tail.stop();
      return counts;
    },
  };
}

/** Requests counted against the global limit, and the others. */
export function totals(counts: RequestCounts): { global: number; interaction: number } {
  let global = 0;
  let interaction = 0;
  for (const { kind, count } of counts.values()) {
    if (kind.global) global += count;
    else interaction += count;
  }
  return { global, interaction };
}

/**
 * The games in play the global limit allows the whole bot at one move a minute each, from what a
 * move costs: 50 requests a second over the global requests a game makes a second (its requests per
 * move over the minute between its moves).
 */
export function gamesCeiling(counts: RequestCounts, moves: number): number {
  const perMove = totals(counts).global / moves;
  return perMove > 0 ? GLOBAL_PER_SECOND / (perMove / 60) : Number.POSITIVE_INFINITY;
}
