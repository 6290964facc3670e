/**
 * Channel routes: reading channels, posting/editing/deleting messages (JSON or multipart with
 * files), threads (from a message or standalone), thread members and typing.
 */
import { PermissionFlagsBits } from 'discord.js';
import type { FakeDiscordContext } from '../context.js';
import { DiscordHttpError, ErrorCode, RestResponse, bodyObject, httpErrors, type RestRequest, type Router } from '../http.js';
import { readMessageFields } from '../messages.js';
import { earlierMessageWithNonce, nonceOf } from '../nonces.js';
import { ChannelKind, type ChannelRecord, type StoredMessage } from '../model.js';
import { MessageKind, apiChannel, apiMessage, apiThread } from '../payloads.js';
import { snowflake } from '../snowflake.js';
import { BotPermissions } from './permissions-check.js';
import { validateChannelName } from '../validate.js';

const AUTO_ARCHIVE_DURATIONS = [60, 1440, 4320, 10080];

export function registerChannelRoutes(router: Router, ctx: FakeDiscordContext): void {
  const { store, bot } = ctx;
  const perms = new BotPermissions(ctx);

  const channelOf = (req: RestRequest): ChannelRecord => {
    const channel = store.channels.get(req.params.channel ?? '');
    if (!channel) throw httpErrors.notFound(ErrorCode.UnknownChannel, 'Unknown Channel');
    return channel;
  };

  /** Messages the bot can address through channel routes (ephemeral ones are not reachable). */
  const messageOf = (channel: ChannelRecord, id: string): StoredMessage => {
    const message = store.messages.get(id);
    if (!message || message.channelId !== channel.id || message.deletedAt !== null || message.ephemeral) {
      throw httpErrors.notFound(ErrorCode.UnknownMessage, 'Unknown Message');
    }
    return message;
  };

  /** Posting into an archived thread unarchives it; a locked thread refuses all but ManageThreads. */
  const ensureWritable = (channel: ChannelRecord): void => {
    if (channel.type === ChannelKind.GuildCategory) throw httpErrors.badRequest(50008, 'Cannot send messages in a non-text channel');
    const thread = channel.thread;
    if (!thread) return;
    if (thread.locked && !perms.manageThreads(channel)) throw httpErrors.badRequest(ErrorCode.ThreadLocked, 'Thread is locked');
    if (thread.archived) {
      thread.archived = false;
      thread.archiveTimestamp = Date.now();
      store.notify({ kind: 'channel-updated', channel });
    }
  };

  /** A channel the bot can see (404 10003 when it does not exist, 403 50001 when hidden). */
  const visibleChannelOf = (req: RestRequest): ChannelRecord => {
    const channel = channelOf(req);
    perms.view(channel);
    return channel;
  };

  /** Drop embeds the bot may not post (Discord does so silently without EmbedLinks). */
  const withoutForbiddenEmbeds = <T extends { embeds?: unknown[] }>(channel: ChannelRecord, fields: T): T =>
    fields.embeds && fields.embeds.length > 0 && !perms.mayEmbed(channel) ? { ...fields, embeds: [] } : fields;

  router.add('GET', '/channels/:channel', (req) => apiChannel(store, visibleChannelOf(req)));

  router.add('PATCH', '/channels/:channel', (req) => {
    const channel = visibleChannelOf(req);
    const body = bodyObject(req.body);
    if (body.name !== undefined) validateChannelName(body.name);
    if (typeof body.name === 'string') channel.name = body.name;
    if (typeof body.topic === 'string' || body.topic === null) channel.topic = body.topic ?? null;
    const thread = channel.thread;
    if (thread) {
      if (typeof body.archived === 'boolean' && body.archived !== thread.archived) {
        thread.archived = body.archived;
        thread.archiveTimestamp = Date.now();
      }
      if (typeof body.locked === 'boolean') thread.locked = body.locked;
      if (typeof body.invitable === 'boolean') thread.invitable = body.invitable;
      if (typeof body.auto_archive_duration === 'number') thread.autoArchiveDuration = body.auto_archive_duration;
    }
    store.notify({ kind: 'channel-updated', channel });
    return apiChannel(store, channel);
  });

  router.add('DELETE', '/channels/:channel', (req) => {
    const channel = visibleChannelOf(req);
    store.removeChannel(channel);
    return apiChannel(store, channel);
  });

  // ---- messages ----------------------------------------------------------------------------

  router.add('GET', '/channels/:channel/messages', (req) => {
    const channel = visibleChannelOf(req);
    // Without ReadMessageHistory Discord answers with an empty history.
    if (!perms.has(channel, PermissionFlagsBits.ReadMessageHistory)) return [];
    const limit = Math.min(100, Math.max(1, Number(req.query.get('limit') ?? 50)));
    const before = req.query.get('before');
    const after = req.query.get('after');
    let list = store.visibleMessagesIn(channel.id);
    if (before) list = list.filter((m) => BigInt(m.id) < BigInt(before));
    if (after) list = list.filter((m) => BigInt(m.id) > BigInt(after));
    // Discord returns the newest messages first (oldest first only with `after`).
    const page = after ? list.slice(0, limit) : list.slice(-limit);
    return page.reverse().map((m) => apiMessage(store, m));
  });

  /** POST /channels/:channel/messages itself: the message made, or the earlier one with the same enforced nonce. */
  const createMessage = (req: RestRequest): { message: StoredMessage; created: boolean } => {
    const channel = channelOf(req);
    perms.send(channel, req.files.length);
    ensureWritable(channel);
    if (channel.type === ChannelKind.DM && channel.recipientId && store.users.get(channel.recipientId)?.dmsClosed) {
      throw httpErrors.forbidden(ErrorCode.CannotSendMessagesToThisUser, 'Cannot send messages to this user');
    }
    const body = bodyObject(req.body);
    const fields = withoutForbiddenEmbeds(channel, readMessageFields(ctx, body, req.files, channel.id, { create: true }));
    // A retry of a post Discord already made (enforce_nonce): answered with that post, nothing new.
    const earlier = earlierMessageWithNonce(store, channel.id, bot.id, body);
    if (earlier) return { message: earlier, created: false };
    const { ephemeral: _ignored, ...rest } = fields;
    const reference = body.message_reference as (StoredMessage['reference'] & { fail_if_not_exists?: boolean }) | undefined;
    if (reference?.message_id && reference.fail_if_not_exists !== false) {
      const target = store.messages.get(reference.message_id);
      if (!target || target.deletedAt !== null) {
        throw httpErrors.invalidForm('message_reference', 'Unknown message', 'MESSAGE_REFERENCE_UNKNOWN_MESSAGE');
      }
    }
    const message = store.createMessage({
      channelId: channel.id,
      authorId: bot.id,
      ...rest,
      flags: (rest.flags ?? 0) & ~64,
      type: reference?.message_id ? MessageKind.Reply : MessageKind.Default,
      tts: body.tts === true,
      nonce: nonceOf(body),
      reference: reference?.message_id ? { message_id: reference.message_id, channel_id: channel.id, guild_id: channel.guildId ?? undefined } : null,
    });
    return { message, created: true };
  };

  router.add('POST', '/channels/:channel/messages', (req) => {
    let nonce: string | number | null = null;
    try {
      nonce = nonceOf(bodyObject(req.body));
    } catch {
      // Refused below, before anything is made: not an attempt with a nonce.
    }
    // Counted per channel and nonce (posts.ts), also when the nonce answers an earlier post.
    return apiMessage(
      store,
      ctx.posts.attempt(req.params.channel ?? '', nonce, () => createMessage(req)),
    );
  });

  router.add('GET', '/channels/:channel/messages/:message', (req) => apiMessage(store, messageOf(visibleChannelOf(req), req.params.message ?? '')));

  router.add('PATCH', '/channels/:channel/messages/:message', (req) => {
    const channel = visibleChannelOf(req);
    const message = messageOf(channel, req.params.message ?? '');
    if (message.authorId !== bot.id) {
      throw new DiscordHttpError(403, ErrorCode.CannotEditOtherUsersMessage, 'Cannot edit a message authored by another user');
    }
    const fields = readMessageFields(ctx, bodyObject(req.body), req.files, channel.id, { existing: message, create: false });
    const { ephemeral: _ignored, ...patch } = withoutForbiddenEmbeds(channel, fields);
    store.updateMessage(message, patch);
    return apiMessage(store, message);
  });

  router.add('DELETE', '/channels/:channel/messages/:message', (req) => {
    const channel = visibleChannelOf(req);
    const message = messageOf(channel, req.params.message ?? '');
    if (message.authorId !== bot.id) perms.require(channel, PermissionFlagsBits.ManageMessages);
    store.deleteMessage(message);
    return new RestResponse(204);
  });

  router.add('POST', '/channels/:channel/typing', (req) => {
    visibleChannelOf(req);
    return new RestResponse(204);
  });

  // ---- threads -----------------------------------------------------------------------------

  const createThread = (parent: ChannelRecord, body: Record<string, unknown>, starter: StoredMessage | null): ChannelRecord => {
    if (parent.type !== ChannelKind.GuildText) throw httpErrors.badRequest(50024, 'Cannot execute action on this channel type');
    const name = body.name as string;
    validateChannelName(name);
    const duration = typeof body.auto_archive_duration === 'number' ? body.auto_archive_duration : 4320;
    if (!AUTO_ARCHIVE_DURATIONS.includes(duration)) {
      throw httpErrors.invalidForm('auto_archive_duration', `Value must be one of ${AUTO_ARCHIVE_DURATIONS.join(', ')}.`);
    }
    // Threads started from a message get the message's id; others default to private threads.
    const type = starter ? ChannelKind.PublicThread : body.type === ChannelKind.PublicThread ? ChannelKind.PublicThread : ChannelKind.PrivateThread;
    const needed = type === ChannelKind.PrivateThread ? PermissionFlagsBits.CreatePrivateThreads : PermissionFlagsBits.CreatePublicThreads;
    perms.require(parent, needed);
    const now = Date.now();
    const thread = store.addChannel({
      id: starter?.id ?? snowflake(),
      type,
      guildId: parent.guildId,
      name,
      parentId: parent.id,
      position: 0,
      topic: null,
      lastMessageId: null,
      createdAt: now,
      thread: {
        ownerId: bot.id,
        archived: false,
        locked: false,
        invitable: body.invitable !== false,
        autoArchiveDuration: duration,
        archiveTimestamp: now,
        memberIds: new Set([bot.id]),
        messageCount: 0,
        totalMessageSent: 0,
        starterMessageId: starter?.id ?? null,
      },
    });
    if (starter) {
      starter.threadId = thread.id;
      store.notify({ kind: 'message-updated', message: starter });
    }
    return thread;
  };

  router.add('POST', '/channels/:channel/messages/:message/threads', (req) => {
    const parent = visibleChannelOf(req);
    const starter = messageOf(parent, req.params.message ?? '');
    if (starter.threadId) throw httpErrors.badRequest(ErrorCode.ThreadAlreadyCreated, 'A thread has already been created for this message');
    return apiThread(createThread(parent, bodyObject(req.body), starter));
  });

  router.add('POST', '/channels/:channel/threads', (req) => {
    return apiThread(createThread(visibleChannelOf(req), bodyObject(req.body), null));
  });

  const threadOf = (req: RestRequest): ChannelRecord & { thread: NonNullable<ChannelRecord['thread']> } => {
    const channel = visibleChannelOf(req);
    if (!channel.thread) throw httpErrors.badRequest(50024, 'Cannot execute action on this channel type');
    return channel as ChannelRecord & { thread: NonNullable<ChannelRecord['thread']> };
  };

  const userIdOf = (req: RestRequest): string => {
    const id = req.params.user === '@me' ? bot.id : (req.params.user ?? '');
    if (!store.users.has(id)) throw httpErrors.notFound(ErrorCode.UnknownUser, 'Unknown User');
    return id;
  };

  const threadMember = (thread: ChannelRecord, userId: string) => ({
    id: thread.id,
    user_id: userId,
    join_timestamp: new Date().toISOString(),
    flags: 0,
  });

  router.add('PUT', '/channels/:channel/thread-members/:user', (req) => {
    const thread = threadOf(req);
    const userId = userIdOf(req);
    if (thread.thread.archived) throw httpErrors.badRequest(ErrorCode.ThreadArchived, 'Thread is archived');
    if (!thread.thread.memberIds.has(userId)) {
      thread.thread.memberIds.add(userId);
      store.notify({ kind: 'thread-member-added', channel: thread, userId });
    }
    return new RestResponse(204);
  });

  router.add('DELETE', '/channels/:channel/thread-members/:user', (req) => {
    const thread = threadOf(req);
    thread.thread.memberIds.delete(userIdOf(req));
    store.notify({ kind: 'channel-updated', channel: thread });
    return new RestResponse(204);
  });

  router.add('GET', '/channels/:channel/thread-members/:user', (req) => {
    const thread = threadOf(req);
    const userId = userIdOf(req);
    if (!thread.thread.memberIds.has(userId)) throw httpErrors.notFound(ErrorCode.UnknownMember, 'Unknown Member');
    return threadMember(thread, userId);
  });

  router.add('GET', '/channels/:channel/thread-members', (req) => {
    const thread = threadOf(req);
    return [...thread.thread.memberIds].map((id) => threadMember(thread, id));
  });
}
