/**
 * A raw gateway client for the local Discord's own tests, where exact payloads matter: it
 * identifies (or resumes) on HELLO, keeps what it receives, heartbeats when told to, and can answer
 * each interaction with its own token. discord.js hides what these tests look at (two tokens of one
 * interaction, a 40060, a close code).
 */
import { WebSocket } from 'ws';
import { z } from 'zod';
import type { FakeDiscord } from './server/index.js';

/** A gateway payload as it came: `d` is read through the schemas below, never assumed. */
export interface Payload {
  op: number;
  d: unknown;
  s: number | null;
  t: string | null;
}

const shard = z.tuple([z.number(), z.number()]);

/**
 * What the tests read of each dispatch: a field the local Discord stops sending, or sends as
 * another type, fails where it is read, by name. Fields no test reads are left out (and dropped).
 */
export const DISPATCHES = {
  READY: z.object({ session_id: z.string(), shard: shard.optional(), guilds: z.array(z.object({ id: z.string() })) }),
  GUILD_CREATE: z.object({ id: z.string() }),
  CHANNEL_UPDATE: z.object({ guild_id: z.string() }),
  MESSAGE_CREATE: z.object({ content: z.string(), channel_id: z.string(), guild_id: z.string().optional() }),
  INTERACTION_CREATE: z.object({ id: z.string(), token: z.string(), guild_id: z.string().optional() }),
};
export type DispatchName = keyof typeof DISPATCHES;
export type DispatchData<T extends DispatchName> = z.infer<(typeof DISPATCHES)[T]>;

/** What the tests read of REST answers: a made object's id, GET /gateway/bot's start limit. */
export const Made = z.object({ id: z.string() });
export const GatewayBot = z.object({ session_start_limit: z.object({ reset_after: z.number() }) });

export type FirstPayload = { shard?: unknown } | { resume: { session_id: string; seq: number } };

export interface RawSessionOptions {
  token: string;
  intents?: number;
  /** Heartbeat every this many ms from HELLO on (default: never). */
  heartbeatMs?: number;
  /** Answer every interaction with an ephemeral reply saying this (default: leave it). */
  answer?: string;
}

/** Every raw socket opened, for the tests' afterEach to terminate. */
export const rawSockets: WebSocket[] = [];

/** A POST/PUT/GET on the local Discord's REST API with the bot token (or none for interaction routes). */
export async function api(discord: FakeDiscord, method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
  const res = await fetch(`${discord.apiBase}/v10${path}`, {
    method,
    headers: { Authorization: `Bot ${discord.botToken}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: res.status === 204 ? null : await res.json() };
}

export class RawSession {
  readonly socket: WebSocket;
  readonly received: Payload[] = [];
  readonly closed: Promise<number>;
  closeCode: number | null = null;
  /** Status of each automatic answer, by interaction id. */
  readonly answered = new Map<string, number>();
  private beating: NodeJS.Timeout | null = null;

  constructor(
    private readonly discord: FakeDiscord,
    first: FirstPayload,
    private readonly options: RawSessionOptions,
  ) {
    this.socket = new WebSocket(`${discord.gatewayUrl}?v=10&encoding=json`);
    rawSockets.push(this.socket);
    this.closed = new Promise((resolve) =>
      this.socket.on('close', (code) => {
        this.stopHeartbeats();
        resolve((this.closeCode = code));
      }),
    );
    this.socket.on('message', (data) => this.onPayload(JSON.parse((data as Buffer).toString()) as Payload, first));
  }

  private onPayload(payload: Payload, first: FirstPayload): void {
    if (payload.op === 10) {
      if (this.options.heartbeatMs !== undefined) this.beating = setInterval(() => this.heartbeat(), this.options.heartbeatMs);
      const { token, intents = 1 | (1 << 9) | (1 << 12) } = this.options;
      const d = 'resume' in first ? { token, ...first.resume } : { token, intents, properties: {}, ...first };
      this.socket.send(JSON.stringify({ op: 'resume' in first ? 6 : 2, d }));
      return;
    }
    this.received.push(payload);
    if (payload.t === 'INTERACTION_CREATE' && this.options.answer !== undefined) {
      const { id, token } = DISPATCHES.INTERACTION_CREATE.parse(payload.d);
      const body = { type: 4, data: { content: this.options.answer, flags: 64 } };
      void api(this.discord, 'POST', `/interactions/${id}/${token}/callback`, body).then((r) => this.answered.set(id, r.status));
    }
  }

  heartbeat(): void {
    if (this.socket.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify({ op: 1, d: this.seq || null }));
  }

  /** Go silent, as a frozen process would. */
  stopHeartbeats(): void {
    if (this.beating) clearInterval(this.beating);
    this.beating = null;
  }

  dispatches(t?: string): Payload[] {
    return this.received.filter((p) => p.op === 0 && (t === undefined || p.t === t));
  }

  /** The data of every dispatch of one type received so far, read through its schema. */
  events<T extends DispatchName>(t: T): DispatchData<T>[] {
    return this.dispatches(t).map((p) => DISPATCHES[t].parse(p.d) as DispatchData<T>);
  }

  get seq(): number {
    return Math.max(0, ...this.dispatches().map((p) => p.s ?? 0));
  }

  /** The session id from READY (throws before it). */
  get sessionId(): string {
    const ready = this.events('READY')[0];
    if (!ready) throw new Error('no READY yet');
    return ready.session_id;
  }

  /** READY's data, once it came (a session that resumes waits for RESUMED with `until`). */
  async ready(): Promise<DispatchData<'READY'>> {
    return this.discord.waitFor(() => this.events('READY')[0], { what: 'READY' });
  }

  async until<T>(check: () => T | null | undefined | false, what: string): Promise<T> {
    return this.discord.waitFor(check, { what });
  }
}
