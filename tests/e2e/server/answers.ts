/**
 * Which session answered an interaction. On Discord every session of a shard gets each
 * INTERACTION_CREATE, with a token of its own; any of them answers. A bot that runs a shard twice
 * (a frozen host woken after another took its shard over) thus answers twice: the second callback
 * gets 400 40060 "Interaction has already been acknowledged". Each interaction keeps its tokens
 * (grants) and every request made with one of them (callback, follow-up, @original edit or
 * delete): which session's token, when, and the HTTP status given.
 */
import { randomBytes } from 'node:crypto';
import type { Gateway } from './gateway.js';
import { DiscordHttpError, RestResponse } from './http.js';

/** One token of an interaction, as dispatched to one session. */
export interface InteractionGrant {
  token: string;
  /** The gateway session it went to; null only when no session got the interaction. */
  sessionId: string | null;
  shard: [number, number] | null;
}

export type AnswerKind = 'callback' | 'follow-up' | 'edit' | 'delete';

/** One request that answered, or tried to answer, an interaction. */
export interface InteractionAnswer {
  kind: AnswerKind;
  /** "POST /interactions/:interaction/:token/callback", "PATCH /webhooks/:application/:token/messages/:message"... */
  request: string;
  /** The session whose token it came with. */
  sessionId: string | null;
  shard: [number, number] | null;
  at: number;
  /** Time since the interaction was dispatched. */
  ms: number;
  /** The HTTP status given (204 or 200 when taken; 400 with code 40060 for a second callback...). */
  status: number;
  /** Discord's error code when refused. */
  code: number | null;
}

/** An interaction with more than one callback attempt (`discord.answeredTwice()`). */
export interface DoubleAnswer {
  interactionId: string;
  label: string;
  user: string;
  /** Every callback attempt, in order. */
  callbacks: InteractionAnswer[];
  /** The sessions the attempts came from, in order of their first attempt. */
  sessions: Array<string | null>;
}

/** Shaped like Discord's: base64 of "interaction:<id>:<secret>", one per (interaction, session). */
export function newInteractionToken(interactionId: string): string {
  return Buffer.from(`interaction:${interactionId}:${randomBytes(48).toString('base64url')}`).toString('base64url');
}

/**
 * Send INTERACTION_CREATE to every session of the record's shard, each with a token of its own,
 * filling in `grants`, `token` and `payload` (those of the first session it reached now, not of
 * one that keeps it for a RESUME that may never come). `remember` indexes each token.
 */
export function dispatchWithTokens(
  gateway: Pick<Gateway, 'dispatchEach'>,
  record: { id: string; guildId: string; token: string; grants: InteractionGrant[]; payload: Record<string, unknown> },
  payload: Record<string, unknown>,
  remember: (token: string, grant: InteractionGrant) => void,
): void {
  const grant = (session: { id: string; shard: [number, number] } | null): Record<string, unknown> => {
    const given: InteractionGrant = { token: newInteractionToken(record.id), sessionId: session?.id ?? null, shard: session?.shard ?? null };
    record.grants.push(given);
    remember(given.token, given);
    return { ...payload, token: given.token };
  };
  const sent = gateway.dispatchEach('INTERACTION_CREATE', grant, { guildId: record.guildId });
  // (The caller checked that a session is ready; a token exists whatever happens.)
  if (record.grants.length === 0) grant(null);
  const first = record.grants[0] as InteractionGrant;
  const shown = record.grants.find((g) => g.sessionId === sent[0]) ?? first;
  record.token = shown.token;
  record.payload = { ...payload, token: shown.token };
}

/** What an answer attempt is told back by a route: its status, or the error's. */
function outcomeOf(result: unknown): { status: number; code: number | null } {
  if (result instanceof RestResponse) return { status: result.status, code: null };
  return { status: result === undefined ? 204 : 200, code: null };
}

/**
 * Run an interaction route's work and keep the attempt on `answers`, whatever it is told. Faults
 * the test injects (`failNext`) never reach the route and are not attempts: Discord never saw them.
 */
export function attempt<T>(answers: InteractionAnswer[], base: Omit<InteractionAnswer, 'status' | 'code' | 'at'>, run: () => T): T {
  const keep = (outcome: { status: number; code: number | null }) => answers.push({ ...base, at: Date.now(), ...outcome });
  try {
    const result = run();
    keep(outcomeOf(result));
    return result;
  } catch (error) {
    keep(error instanceof DiscordHttpError ? { status: error.status, code: error.code } : { status: 500, code: null });
    throw error;
  }
}

/** Interactions with more than one callback attempt, whatever their status. */
export function doubleAnswers(
  records: Iterable<{ id: string; label: string; userId: string; answers: InteractionAnswer[] }>,
  userName: (id: string) => string,
): DoubleAnswer[] {
  const found: DoubleAnswer[] = [];
  for (const r of records) {
    const callbacks = r.answers.filter((a) => a.kind === 'callback');
    if (callbacks.length < 2) continue;
    const sessions = [...new Set(callbacks.map((a) => a.sessionId))];
    found.push({ interactionId: r.id, label: r.label, user: userName(r.userId), callbacks, sessions });
  }
  return found;
}
