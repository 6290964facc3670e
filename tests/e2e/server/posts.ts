/**
 * Every message create the bot makes through POST /channels/:channel/messages (channel posts,
 * threads, DMs), counted per channel and, when it carries a nonce, per (channel, nonce). A post
 * Discord answered with the earlier message because of `enforce_nonce` counts as an attempt too:
 * the channel shows one message, but two processes (or one, twice) meant to post it, which is what
 * `postedTwice()` is for. Faults the test injects (`failNext`) never reach the route and are not
 * attempts; refusals of the route itself (403, 400...) are, with their status.
 */
import { DiscordHttpError } from './http.js';
import type { StoredMessage } from './model.js';

export type PostOutcome = 'created' | 'nonce-answered' | 'refused';

export interface PostAttempt {
  channelId: string;
  nonce: string | number;
  at: number;
  outcome: PostOutcome;
  /** 200, or the refusal's status. */
  status: number;
  code: number | null;
  /** The message made, or the earlier one answered again; null when refused. */
  messageId: string | null;
}

/** A (channel, nonce) that more than one create attempt carried. */
export interface DoublePost {
  channelId: string;
  nonce: string | number;
  attempts: PostAttempt[];
}

const keyOf = (channelId: string, nonce: string | number) => `${channelId}\u0000${typeof nonce}:${nonce}`;

export class PostLedger {
  private readonly byNonce = new Map<string, PostAttempt[]>();
  private readonly created = new Map<string, number>();

  /** Run a message create and keep the attempt; `run` says whether it made a message. */
  attempt(channelId: string, nonce: string | number | null, run: () => { message: StoredMessage; created: boolean }): StoredMessage {
    const keep = (entry: Omit<PostAttempt, 'channelId' | 'nonce' | 'at'>) => {
      if (nonce === null) return;
      const key = keyOf(channelId, nonce);
      const list = this.byNonce.get(key) ?? [];
      list.push({ channelId, nonce, at: Date.now(), ...entry });
      this.byNonce.set(key, list);
    };
    try {
      const { message, created } = run();
      if (created) this.created.set(channelId, (this.created.get(channelId) ?? 0) + 1);
      keep({ outcome: created ? 'created' : 'nonce-answered', status: 200, code: null, messageId: message.id });
      return message;
    } catch (error) {
      const refusal = error instanceof DiscordHttpError ? { status: error.status, code: error.code } : { status: 500, code: null };
      keep({ outcome: 'refused', ...refusal, messageId: null });
      throw error;
    }
  }

  /** Create attempts with a nonce, oldest first, optionally of one channel. */
  attempts(channelId?: string): PostAttempt[] {
    const all = [...this.byNonce.values()].flat().filter((a) => channelId === undefined || a.channelId === channelId);
    return all.sort((a, b) => a.at - b.at);
  }

  /** (channel, nonce) pairs with more than one create attempt, whatever each was answered. */
  postedTwice(): DoublePost[] {
    return [...this.byNonce.values()]
      .filter((list) => list.length > 1)
      .map((list) => ({ channelId: list[0]!.channelId, nonce: list[0]!.nonce, attempts: [...list] }));
  }

  /** Messages made in a channel by POST /channels/:channel/messages (nonce or not; answers to an enforced nonce make none). */
  createsIn(channelId: string): number {
    return this.created.get(channelId) ?? 0;
  }

  /** `createsIn` for every channel that has any. */
  createsByChannel(): Map<string, number> {
    return new Map(this.created);
  }
}
