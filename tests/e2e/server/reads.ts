/**
 * What tests read of what the bot did on a fake Discord: the messages of channels, threads, DMs and
 * ephemeral answers (and waiting for one), the commands it registered, the interactions and their
 * problems, and the diagnostics a timeout prints. FakeDiscord (server.ts) extends this class.
 */
import type { APIApplicationCommand } from 'discord.js';
import { FakeDiscordControls } from './controls.js';
import { describeState, summarizeMessage } from './diagnostics.js';
import type { InteractionProblem, InteractionRecord } from './interactions.js';
import { ChannelKind, type ChannelRecord, type GuildRecord, type StoredMessage } from './model.js';
import type { RestLogEntry } from './rest/index.js';
import type { SimUser } from './users.js';
import { waitFor } from './waits.js';

export interface WaitForMessageOptions {
  timeoutMs?: number;
  /** Only look in this channel or thread. */
  channelId?: string;
  /** Only messages created or edited after the wait started (default: current state counts too). */
  fresh?: boolean;
  /** Also match ephemeral messages (default true). */
  includeEphemeral?: boolean;
}

export class FakeDiscordReads extends FakeDiscordControls {
  /** The default channel: the first text channel of the first guild. */
  get defaultChannel(): ChannelRecord {
    return this.channel(this.defaultChannelIdOf(this.guild.id));
  }

  /** The first (default) guild. */
  get guild(): GuildRecord {
    const guild = this.ctx.store.guilds.values().next().value;
    if (!guild) throw new Error('No guild configured');
    return guild;
  }

  // ---- messages ----------------------------------------------------------------------------

  /** Public messages of a channel or thread, oldest first (no ephemeral, no deleted ones). */
  messages(channel: string | ChannelRecord = this.defaultChannel): StoredMessage[] {
    return this.ctx.store.visibleMessagesIn(this.channelId(channel));
  }

  /** Every message of a channel, ephemeral and deleted ones included. */
  allMessages(channel: string | ChannelRecord = this.defaultChannel): StoredMessage[] {
    return this.ctx.store.allMessagesIn(this.channelId(channel));
  }

  /** Ephemeral messages only `user` can see, oldest first (optionally in one channel). */
  visibleTo(user: SimUser, channel?: string | ChannelRecord): StoredMessage[] {
    return user.ephemeralMessages(channel === undefined ? undefined : this.channelId(channel));
  }

  /** Messages the bot sent to `user` in DMs. */
  dms(user: SimUser): StoredMessage[] {
    const channel = [...this.ctx.store.channels.values()].find((c) => c.type === ChannelKind.DM && c.recipientId === user.id);
    return channel ? this.ctx.store.visibleMessagesIn(channel.id) : [];
  }

  message(id: string): StoredMessage {
    const message = this.ctx.store.messages.get(id);
    if (!message) throw new Error(`Unknown message ${id}`);
    return message;
  }

  /**
   * Resolve with a message (already there, newly created, or edited) that matches. When several
   * match, the one with the most recent activity wins.
   */
  async waitForMessage(predicate: (message: StoredMessage) => boolean, options: number | WaitForMessageOptions = {}): Promise<StoredMessage> {
    const opts = typeof options === 'number' ? { timeoutMs: options } : options;
    const started = Date.now();
    const activity = (m: StoredMessage) => Math.max(m.createdAt, m.editedAt ?? 0);
    return waitFor(
      this.ctx.store,
      () => {
        let best: StoredMessage | undefined;
        for (const m of this.ctx.store.messages.values()) {
          if (m.deletedAt !== null) continue;
          if (opts.channelId !== undefined && m.channelId !== opts.channelId) continue;
          if (opts.includeEphemeral === false && m.ephemeral) continue;
          if (opts.fresh && activity(m) < started) continue;
          if (predicate(m) && (!best || activity(m) >= activity(best))) best = m;
        }
        return best;
      },
      {
        timeoutMs: opts.timeoutMs ?? this.ctx.options.defaultTimeoutMs,
        what: `a${opts.fresh ? ' new or edited' : ''} message matching ${predicate.toString().slice(0, 160)}${opts.channelId ? ` in ${opts.channelId}` : ''}`,
        details: () => this.describe(),
      },
    );
  }

  /** Wait for any condition over the fake Discord's state, with the standard diagnostics on timeout. */
  async waitFor<T>(check: () => T | null | undefined | false, options: { what: string; timeoutMs?: number }): Promise<T> {
    return waitFor(this.ctx.store, check, {
      timeoutMs: options.timeoutMs ?? this.ctx.options.defaultTimeoutMs,
      what: options.what,
      details: () => this.describe(),
    });
  }

  // ---- commands ----------------------------------------------------------------------------

  /** Commands the bot registered for a guild, or globally with `null`. */
  commands(guildId: string | null = this.guild.id): APIApplicationCommand[] {
    return this.ctx.store.getCommands(guildId);
  }

  /** Wait until commands with these names are registered (in the guild or globally). */
  async waitForCommands(names: string[], options: { guildId?: string; timeoutMs?: number } = {}): Promise<APIApplicationCommand[]> {
    const guildId = options.guildId ?? this.guild.id;
    const visible = () => [...this.ctx.store.getCommands(guildId), ...this.ctx.store.getCommands(null)];
    return waitFor(
      this.ctx.store,
      () => {
        const list = visible();
        return names.every((n) => list.some((c) => c.name === n)) ? list : null;
      },
      {
        timeoutMs: options.timeoutMs ?? Math.max(20_000, this.ctx.options.defaultTimeoutMs),
        what: `commands ${names.map((n) => `/${n}`).join(', ')} to be registered`,
        details: () =>
          `Registered: ${
            visible()
              .map((c) => `/${c.name}`)
              .join(', ') || 'none'
          }\n${this.describe()}`,
      },
    );
  }

  // ---- interactions ------------------------------------------------------------------------

  interactions(): InteractionRecord[] {
    return this.ctx.interactions.all();
  }

  /** Interactions answered late, never answered, deferred forever, or with refused requests. */
  interactionProblems(): InteractionProblem[] {
    return this.ctx.interactions.problems();
  }

  /** Throw a readable error if any interaction broke Discord's rules. */
  assertInteractionsHealthy(): void {
    const problems = this.interactionProblems();
    if (problems.length === 0) return;
    throw new Error(`${problems.length} interaction problem(s):\n${problems.map((p) => `  - [${p.kind}] ${p.label} by ${p.user}: ${p.detail}`).join('\n')}`);
  }

  // ---- diagnostics -------------------------------------------------------------------------

  /** Every REST call the bot made (most recent last). */
  get restLog(): readonly RestLogEntry[] {
    return this.rest.log;
  }

  /** Calls to routes this server does not implement ("METHOD /path"). */
  get unhandledRoutes(): readonly string[] {
    return this.rest.unhandled;
  }

  /** A summary of the recent state (what timeout errors print). */
  describe(): string {
    return describeState(this.ctx, this.rest);
  }

  summarize(message: StoredMessage): string {
    return summarizeMessage(this.ctx.store, message);
  }

  // ---- internals -----------------------------------------------------------------------------

  /** Deleted channels resolve too, so `messages(deletedId)` answers [] rather than throwing. */
  protected channelId(channel: string | ChannelRecord): string {
    if (typeof channel !== 'string') return channel.id;
    return this.ctx.store.deletedChannels.has(channel) ? channel : this.channel(channel).id;
  }

  protected defaultChannelIdOf(guildId: string): string {
    const channel = this.ctx.store.channelsOf(guildId).find((c) => c.type === ChannelKind.GuildText);
    if (!channel) throw new Error(`Guild ${guildId} has no text channel`);
    return channel.id;
  }
}
