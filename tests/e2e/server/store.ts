/**
 * The fake Discord's world state: users, guilds, channels, threads, messages, attachments and
 * registered commands, plus one change feed that every wait in the test library listens to.
 * Nothing here knows about HTTP or the gateway.
 */
import type { APIApplicationCommand, APIEmbed } from 'discord.js';
import type {
  ChannelRecord,
  GuildRecord,
  MemberRecord,
  MessageInteractionLink,
  MessageRevision,
  RawComponent,
  StoredAttachment,
  StoredMessage,
  UserRecord,
} from './model.js';
import { snowflake } from './snowflake.js';

/** Everything that can change; waits re-check their condition on each of these. */
export type StoreChange =
  | { kind: 'message-created'; message: StoredMessage }
  | { kind: 'message-updated'; message: StoredMessage }
  | { kind: 'message-deleted'; message: StoredMessage }
  | { kind: 'channel-created'; channel: ChannelRecord }
  | { kind: 'channel-updated'; channel: ChannelRecord }
  | { kind: 'channel-deleted'; channel: ChannelRecord }
  | { kind: 'thread-member-added'; channel: ChannelRecord; userId: string }
  | { kind: 'commands-updated'; guildId: string | null }
  | { kind: 'interaction-updated'; interactionId: string }
  | { kind: 'gateway-updated' };

type Listener = (change: StoreChange) => void;

export interface NewMessage {
  channelId: string;
  authorId: string;
  content?: string;
  embeds?: APIEmbed[];
  components?: RawComponent[];
  attachments?: StoredAttachment[];
  flags?: number;
  /** Make the message ephemeral, visible to this user only. */
  ephemeralFor?: string | null;
  loading?: boolean;
  type?: number;
  webhookId?: string | null;
  applicationId?: string | null;
  interaction?: MessageInteractionLink | null;
  tts?: boolean;
  nonce?: string | number | null;
  reference?: StoredMessage['reference'];
  pinged?: string[];
}

export type MessagePatch = Partial<Pick<StoredMessage, 'content' | 'embeds' | 'components' | 'attachments' | 'flags' | 'loading'>>;

export const MessageFlag = { Ephemeral: 64, Loading: 128 } as const;

/** Key for the registered commands of one scope: a guild id or 'global'. */
export type CommandScope = string | null;

export class Store {
  readonly users = new Map<string, UserRecord>();
  readonly guilds = new Map<string, GuildRecord>();
  readonly members = new Map<string, MemberRecord>();
  readonly channels = new Map<string, ChannelRecord>();
  /** Channels and threads deleted by the bot or by `discord.deleteChannel`, by id. */
  readonly deletedChannels = new Map<string, ChannelRecord>();
  readonly messages = new Map<string, StoredMessage>();
  readonly attachments = new Map<string, StoredAttachment>();
  private readonly channelMessages = new Map<string, string[]>();
  private readonly commands = new Map<string, APIApplicationCommand[]>();
  private readonly listeners = new Set<Listener>();

  // ---- change feed -------------------------------------------------------------------------

  /** Listen to every change; returns the function that stops listening. */
  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  notify(change: StoreChange): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(change);
      } catch (error) {
        console.error('[fake-discord] change listener failed:', error);
      }
    }
  }

  // ---- users and members -------------------------------------------------------------------

  addUser(user: UserRecord): UserRecord {
    this.users.set(user.id, user);
    return user;
  }

  member(guildId: string, userId: string): MemberRecord | undefined {
    return this.members.get(`${guildId}:${userId}`);
  }

  addMember(member: MemberRecord): MemberRecord {
    this.members.set(`${member.guildId}:${member.userId}`, member);
    return member;
  }

  // ---- channels and threads ----------------------------------------------------------------

  addChannel(channel: ChannelRecord): ChannelRecord {
    this.channels.set(channel.id, channel);
    this.deletedChannels.delete(channel.id);
    this.channelMessages.set(channel.id, []);
    this.notify({ kind: 'channel-created', channel });
    return channel;
  }

  /**
   * Delete a channel or thread; a text channel takes its threads with it. Their messages are
   * marked deleted without MESSAGE_DELETE events (Discord sends none), and only one
   * 'channel-deleted' change is announced: Discord sends CHANNEL_DELETE for a channel and no
   * THREAD_DELETE for its threads. Returns everything removed.
   */
  removeChannel(channel: ChannelRecord): ChannelRecord[] {
    const removed = channel.thread ? [channel] : [channel, ...this.threadsOf(null, channel.id)];
    const now = Date.now();
    for (const c of removed) {
      this.channels.delete(c.id);
      this.deletedChannels.set(c.id, c);
      for (const message of this.allMessagesIn(c.id)) message.deletedAt ??= now;
    }
    if (channel.thread && channel.parentId) {
      // The starter message loses its thread (as on Discord, where `thread` disappears from it).
      const starter = channel.thread.starterMessageId ? this.messages.get(channel.thread.starterMessageId) : undefined;
      if (starter) starter.threadId = null;
    }
    this.notify({ kind: 'channel-deleted', channel });
    return removed;
  }

  channelsOf(guildId: string): ChannelRecord[] {
    return [...this.channels.values()].filter((c) => c.guildId === guildId && !c.thread);
  }

  threadsOf(guildId: string | null, parentId?: string): ChannelRecord[] {
    return [...this.channels.values()].filter(
      (c) => c.thread !== undefined && (guildId === null || c.guildId === guildId) && (parentId === undefined || c.parentId === parentId),
    );
  }

  // ---- messages ----------------------------------------------------------------------------

  createMessage(init: NewMessage): StoredMessage {
    const channel = this.channels.get(init.channelId);
    if (!channel) throw new Error(`createMessage: unknown channel ${init.channelId}`);
    const ephemeral = Boolean(init.ephemeralFor);
    const message: StoredMessage = {
      id: snowflake(),
      channelId: channel.id,
      guildId: channel.guildId,
      authorId: init.authorId,
      webhookId: init.webhookId ?? null,
      applicationId: init.applicationId ?? null,
      type: init.type ?? 0,
      content: init.content ?? '',
      embeds: init.embeds ?? [],
      components: init.components ?? [],
      attachments: init.attachments ?? [],
      flags: (init.flags ?? 0) | (ephemeral ? MessageFlag.Ephemeral : 0) | (init.loading ? MessageFlag.Loading : 0),
      ephemeral,
      viewerIds: init.ephemeralFor ? [init.ephemeralFor] : null,
      loading: init.loading ?? false,
      createdAt: Date.now(),
      editedAt: null,
      deletedAt: null,
      tts: init.tts ?? false,
      nonce: init.nonce ?? null,
      reference: init.reference ?? null,
      interaction: init.interaction ?? null,
      threadId: null,
      edits: [],
      pinged: init.pinged ?? [],
    };
    this.messages.set(message.id, message);
    this.channelMessages.get(channel.id)?.push(message.id);
    if (!ephemeral) {
      channel.lastMessageId = message.id;
      if (channel.thread) {
        channel.thread.messageCount += 1;
        channel.thread.totalMessageSent += 1;
      }
    }
    this.notify({ kind: 'message-created', message });
    return message;
  }

  /** Apply an edit, keeping the previous state in `message.edits`. */
  updateMessage(message: StoredMessage, patch: MessagePatch): StoredMessage {
    const previous: MessageRevision = {
      replacedAt: Date.now(),
      content: message.content,
      embeds: message.embeds,
      components: message.components,
      attachments: message.attachments,
      flags: message.flags,
    };
    message.edits.push(previous);
    if (patch.content !== undefined) message.content = patch.content;
    if (patch.embeds !== undefined) message.embeds = patch.embeds;
    if (patch.components !== undefined) message.components = patch.components;
    if (patch.attachments !== undefined) message.attachments = patch.attachments;
    if (patch.loading !== undefined) message.loading = patch.loading;
    const keep = message.ephemeral ? MessageFlag.Ephemeral : 0;
    const flags = patch.flags !== undefined ? patch.flags : message.flags;
    message.flags = (flags & ~(MessageFlag.Ephemeral | MessageFlag.Loading)) | keep | (message.loading ? MessageFlag.Loading : 0);
    message.editedAt = Date.now();
    this.notify({ kind: 'message-updated', message });
    return message;
  }

  deleteMessage(message: StoredMessage): void {
    if (message.deletedAt !== null) return;
    message.deletedAt = Date.now();
    const channel = this.channels.get(message.channelId);
    if (channel?.thread && !message.ephemeral) channel.thread.messageCount = Math.max(0, channel.thread.messageCount - 1);
    this.notify({ kind: 'message-deleted', message });
  }

  /** All messages of a channel in creation order, deleted ones and ephemeral ones included. */
  allMessagesIn(channelId: string): StoredMessage[] {
    const ids = this.channelMessages.get(channelId) ?? [];
    return ids.map((id) => this.messages.get(id)).filter((m): m is StoredMessage => m !== undefined);
  }

  /** A channel's messages, deleted ones included, newest first: for reads that stop early. */
  *messagesNewestFirst(channelId: string): Generator<StoredMessage> {
    const ids = this.channelMessages.get(channelId) ?? [];
    for (let i = ids.length - 1; i >= 0; i--) {
      const message = this.messages.get(ids[i] as string);
      if (message) yield message;
    }
  }

  /** What `userId` sees in a channel (or what everyone sees, without a user). */
  visibleMessagesIn(channelId: string, userId?: string): StoredMessage[] {
    return this.allMessagesIn(channelId).filter((m) => m.deletedAt === null && (!m.ephemeral || (userId !== undefined && m.viewerIds?.includes(userId))));
  }

  allMessages(): StoredMessage[] {
    return [...this.messages.values()];
  }

  // ---- application commands ----------------------------------------------------------------

  setCommands(scope: CommandScope, commands: APIApplicationCommand[]): void {
    this.commands.set(scope ?? 'global', commands);
    this.notify({ kind: 'commands-updated', guildId: scope });
  }

  getCommands(scope: CommandScope): APIApplicationCommand[] {
    return this.commands.get(scope ?? 'global') ?? [];
  }
}
