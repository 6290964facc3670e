/**
 * What tests read when several bot processes share shards (one host frozen, another taking its
 * shards over): every session of a shard, which session answered each interaction, and whether
 * anything was answered or posted twice. FakeDiscord (server.ts) extends this class.
 */
import { doubleAnswers, type DoubleAnswer, type InteractionAnswer } from './answers.js';
import type { ChannelRecord } from './model.js';
import type { DoublePost, PostAttempt } from './posts.js';
import { FakeDiscordReads } from './reads.js';
import type { GatewaySessionInfo } from './shards.js';

export class FakeDiscordHosts extends FakeDiscordReads {
  /**
   * Every session ever identified for this shard id, oldest first, ended ones included: when each
   * identified, whether it is connected (`connected`) or ended (`invalidated`), how it last closed
   * (`lastClose`: 4009 after missed heartbeats) and the client end of its connection (`peer`).
   */
  sessionsOfShard(shard: number): GatewaySessionInfo[] {
    return this.ctx.gateway.sessionsOfShard(shard);
  }

  /**
   * Each request made with one of the interaction's tokens, in order: callbacks, follow-ups,
   * @original edits and deletes, with the session whose token it came by, when, and the status.
   */
  answersOf(interaction: string | { id: string }): InteractionAnswer[] {
    const id = typeof interaction === 'string' ? interaction : interaction.id;
    const record = this.ctx.interactions.byId(id);
    if (!record) throw new Error(`Unknown interaction ${id}`);
    return [...record.answers];
  }

  /** Interactions with more than one callback attempt (any status), naming the sessions they came from. */
  answeredTwice(): DoubleAnswer[] {
    return doubleAnswers(this.ctx.interactions.all(), (id) => this.ctx.store.users.get(id)?.username ?? id);
  }

  /** (channel, nonce) pairs with more than one message create attempt, those answered by an enforced nonce included. */
  postedTwice(): DoublePost[] {
    return this.ctx.posts.postedTwice();
  }

  /** Message create attempts that carried a nonce, oldest first (optionally in one channel). */
  postAttempts(channel?: string | ChannelRecord): PostAttempt[] {
    return this.ctx.posts.attempts(channel === undefined ? undefined : this.channelId(channel));
  }

  /** Messages the bot made in a channel through POST /channels/:channel/messages (nonce or not). */
  messageCreates(channel: string | ChannelRecord): number {
    return this.ctx.posts.createsIn(this.channelId(channel));
  }

  /** `messageCreates` of every channel that has any, by channel id. */
  messageCreatesByChannel(): Map<string, number> {
    return this.ctx.posts.createsByChannel();
  }

  /** Throw a readable error when any interaction was answered twice or any post was made twice. */
  assertNothingTwice(): void {
    const answers = this.answeredTwice().map(
      (d) =>
        `  - ${d.label} by ${d.user} (interaction ${d.interactionId}): ` +
        d.callbacks.map((a) => `${a.status}${a.code !== null ? ` ${a.code}` : ''} from session ${a.sessionId ?? '?'} after ${a.ms} ms`).join(', '),
    );
    const posts = this.postedTwice().map(
      (p) => `  - nonce ${JSON.stringify(p.nonce)} in ${p.channelId}: ${p.attempts.map((a) => `${a.outcome} (${a.status})`).join(', ')}`,
    );
    if (answers.length === 0 && posts.length === 0) return;
    throw new Error(
      [
        ...(answers.length ? [`${answers.length} interaction(s) answered more than once:`, ...answers] : []),
        ...(posts.length ? [`${posts.length} post(s) attempted more than once:`, ...posts] : []),
      ].join('\n'),
    );
  }
}
