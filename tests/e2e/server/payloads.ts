/**
 * Conversion of the server's records into the JSON Discord sends (API v10), typed with the
 * discord-api-types definitions that discord.js re-exports so missing fields show up as type
 * errors rather than as odd discord.js behaviour.
 */
import {
  ChannelType,
  GuildDefaultMessageNotifications,
  GuildExplicitContentFilter,
  GuildMFALevel,
  GuildNSFWLevel,
  GuildPremiumTier,
  GuildVerificationLevel,
  type APIAttachment,
  type APIChannel,
  type APIGuild,
  type APIGuildMember,
  type APIMessage,
  type APIOverwrite,
  type APIRole,
  type APIThreadChannel,
  type APIUser,
  type ChannelFlags,
  type GatewayGuildCreateDispatchData,
  type GuildMemberFlags,
  type GuildSystemChannelFlags,
  type RoleFlags,
  type UserFlags,
  type Locale,
  type ThreadAutoArchiveDuration,
} from 'discord.js';
import type { ChannelRecord, GuildRecord, MemberRecord, RoleRecord, StoredAttachment, StoredMessage, UserRecord } from './model.js';
import { ChannelKind } from './model.js';
import type { Store } from './store.js';

const iso = (ms: number): string => new Date(ms).toISOString();

export function apiUser(user: UserRecord): APIUser {
  return {
    id: user.id,
    username: user.username,
    discriminator: '0',
    global_name: user.globalName,
    avatar: null,
    bot: user.bot || undefined,
    flags: 0 as UserFlags,
    public_flags: 0 as UserFlags,
    banner: null,
    accent_color: null,
    avatar_decoration_data: null,
  };
}

/** A user that is referenced but not known (should not happen; keeps payloads well-formed). */
function unknownUser(id: string): UserRecord {
  return { id, username: `unknown-${id}`, globalName: null, bot: false, locale: 'en-US' };
}

export function apiUserById(store: Store, id: string): APIUser {
  return apiUser(store.users.get(id) ?? unknownUser(id));
}

export function apiMember(store: Store, member: MemberRecord): APIGuildMember {
  return {
    user: apiUserById(store, member.userId),
    nick: member.nick,
    avatar: null,
    roles: member.roleIds,
    joined_at: iso(member.joinedAt),
    premium_since: null,
    deaf: false,
    mute: false,
    flags: 0 as GuildMemberFlags,
    pending: false,
    communication_disabled_until: null,
  };
}

export function apiRole(role: RoleRecord): APIRole {
  return {
    id: role.id,
    name: role.name,
    color: 0,
    colors: { primary_color: 0, secondary_color: null, tertiary_color: null },
    hoist: false,
    icon: null,
    unicode_emoji: null,
    position: role.position,
    permissions: role.permissions.toString(),
    managed: role.managed,
    mentionable: false,
    flags: 0 as RoleFlags,
    ...(role.botId ? { tags: { bot_id: role.botId } } : {}),
  };
}

export function apiThread(channel: ChannelRecord): APIThreadChannel {
  const thread = channel.thread;
  if (!thread) throw new Error(`apiThread: ${channel.id} is not a thread`);
  return {
    id: channel.id,
    type: channel.type === ChannelKind.PrivateThread ? ChannelType.PrivateThread : ChannelType.PublicThread,
    guild_id: channel.guildId ?? undefined,
    parent_id: channel.parentId ?? undefined,
    owner_id: thread.ownerId,
    name: channel.name,
    last_message_id: channel.lastMessageId,
    rate_limit_per_user: 0,
    flags: 0 as ChannelFlags,
    thread_metadata: {
      archived: thread.archived,
      auto_archive_duration: thread.autoArchiveDuration as ThreadAutoArchiveDuration,
      archive_timestamp: iso(thread.archiveTimestamp),
      locked: thread.locked,
      invitable: channel.type === ChannelKind.PrivateThread ? thread.invitable : undefined,
      create_timestamp: iso(channel.createdAt),
    },
    message_count: thread.messageCount,
    member_count: Math.min(thread.memberIds.size, 50),
    total_message_sent: thread.totalMessageSent,
  };
}

/** Overwrites as Discord sends them: bit fields as decimal strings. */
function apiOverwrites(channel: ChannelRecord): APIOverwrite[] {
  return (channel.permissionOverwrites ?? []).map((o) => ({
    id: o.id,
    type: o.type,
    allow: o.allow.toString(),
    deny: o.deny.toString(),
  }));
}

export function apiChannel(store: Store, channel: ChannelRecord): APIChannel {
  switch (channel.type) {
    case ChannelKind.PublicThread:
    case ChannelKind.PrivateThread:
      return apiThread(channel);
    case ChannelKind.DM:
      return {
        id: channel.id,
        type: ChannelType.DM,
        last_message_id: channel.lastMessageId,
        recipients: channel.recipientId ? [apiUserById(store, channel.recipientId)] : [],
        flags: 0 as ChannelFlags,
        name: null,
      };
    case ChannelKind.GuildCategory:
      return {
        id: channel.id,
        type: ChannelType.GuildCategory,
        guild_id: channel.guildId ?? undefined,
        name: channel.name,
        position: channel.position,
        permission_overwrites: apiOverwrites(channel),
        parent_id: null,
        nsfw: false,
        flags: 0 as ChannelFlags,
      };
    default:
      return {
        id: channel.id,
        type: ChannelType.GuildText,
        guild_id: channel.guildId ?? undefined,
        name: channel.name,
        position: channel.position,
        permission_overwrites: apiOverwrites(channel),
        parent_id: channel.parentId,
        topic: channel.topic,
        nsfw: false,
        last_message_id: channel.lastMessageId,
        rate_limit_per_user: 0,
        default_thread_rate_limit_per_user: 0,
        flags: 0 as ChannelFlags,
      };
  }
}

export function apiGuild(guild: GuildRecord): APIGuild {
  return {
    id: guild.id,
    name: guild.name,
    icon: null,
    splash: null,
    discovery_splash: null,
    banner: null,
    description: null,
    owner_id: guild.ownerId,
    afk_channel_id: null,
    afk_timeout: 300,
    verification_level: GuildVerificationLevel.None,
    default_message_notifications: GuildDefaultMessageNotifications.OnlyMentions,
    explicit_content_filter: GuildExplicitContentFilter.Disabled,
    roles: guild.roles.map(apiRole),
    emojis: [],
    stickers: [],
    features: [],
    mfa_level: GuildMFALevel.None,
    application_id: null,
    system_channel_id: null,
    system_channel_flags: 0 as GuildSystemChannelFlags,
    rules_channel_id: null,
    vanity_url_code: null,
    premium_tier: GuildPremiumTier.None,
    premium_subscription_count: 0,
    preferred_locale: guild.preferredLocale as Locale,
    public_updates_channel_id: null,
    nsfw_level: GuildNSFWLevel.Default,
    premium_progress_bar_enabled: false,
    hub_type: null,
    safety_alerts_channel_id: null,
    incidents_data: null,
    max_members: 500_000,
  };
}

/**
 * GUILD_CREATE as sent right after READY. With only the Guilds intent Discord includes just the
 * bot's own member; active (non-archived) threads are included so a reconnecting bot knows them.
 */
export function apiGuildCreate(store: Store, guild: GuildRecord, botUserId: string): GatewayGuildCreateDispatchData {
  const botMember = store.member(guild.id, botUserId);
  const memberCount = [...store.members.values()].filter((m) => m.guildId === guild.id).length;
  return {
    ...apiGuild(guild),
    joined_at: iso(botMember?.joinedAt ?? Date.now()),
    large: false,
    unavailable: false,
    member_count: memberCount,
    voice_states: [],
    members: botMember ? [apiMember(store, botMember)] : [],
    channels: store.channelsOf(guild.id).map((c) => apiChannel(store, c)) as GatewayGuildCreateDispatchData['channels'],
    threads: store
      .threadsOf(guild.id)
      .filter((t) => !t.thread?.archived)
      .map((t) => apiThread(t)),
    presences: [],
    stage_instances: [],
    guild_scheduled_events: [],
    soundboard_sounds: [],
  };
}

export function apiAttachment(attachment: StoredAttachment): APIAttachment {
  return {
    id: attachment.id,
    filename: attachment.filename,
    description: attachment.description ?? undefined,
    content_type: attachment.contentType,
    size: attachment.size,
    url: attachment.url,
    proxy_url: attachment.url,
    width: attachment.width,
    height: attachment.height,
  };
}

/** Discord message types the server produces. */
export const MessageKind = { Default: 0, Reply: 19, ChatInputCommand: 20 } as const;

export function apiMessage(store: Store, message: StoredMessage): APIMessage {
  const link = message.interaction;
  const user = link ? apiUserById(store, link.userId) : null;
  const thread = message.threadId ? store.channels.get(message.threadId) : undefined;
  return {
    id: message.id,
    channel_id: message.channelId,
    author: apiUserById(store, message.authorId),
    content: message.content,
    timestamp: iso(message.createdAt),
    edited_timestamp: message.editedAt === null ? null : iso(message.editedAt),
    tts: message.tts,
    mention_everyone: false,
    mentions: [],
    mention_roles: [],
    attachments: message.attachments.map(apiAttachment),
    embeds: message.embeds,
    pinned: false,
    type: message.type,
    flags: message.flags,
    components: message.components,
    ...(message.nonce !== null ? { nonce: message.nonce } : {}),
    ...(message.webhookId ? { webhook_id: message.webhookId } : {}),
    ...(message.applicationId ? { application_id: message.applicationId } : {}),
    ...(message.reference ? { message_reference: { ...message.reference, channel_id: message.reference.channel_id ?? message.channelId } } : {}),
    ...(link && user
      ? {
          interaction_metadata: {
            id: link.interactionId,
            type: link.interactionType,
            user,
            authorizing_integration_owners: message.guildId ? { 0: message.guildId } : {},
          },
          interaction: {
            id: link.interactionId,
            type: link.interactionType,
            name: link.commandName ?? '',
            user,
          },
        }
      : {}),
    ...(thread ? { thread: apiChannel(store, thread) } : {}),
  };
}
