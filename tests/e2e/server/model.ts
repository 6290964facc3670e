/**
 * The records the fake Discord keeps in memory. These are the server's own shapes (not API
 * payloads): payloads.ts turns them into the JSON Discord would send. Tests read them directly,
 * e.g. `message.attachments[0].bytes`, `message.ephemeral`, `message.edits`.
 */
import type { APIEmbed } from 'discord.js';

/** A Discord user: the bot itself, a simulated member, or the (non-simulated) guild owner. */
export interface UserRecord {
  id: string;
  username: string;
  globalName: string | null;
  bot: boolean;
  /** Client locale sent with this user's interactions, e.g. 'en-US' or 'nl'. */
  locale: string;
  /** The user accepts no direct messages from the bot (Discord answers 50007). */
  dmsClosed?: boolean;
}

/** A guild member: roles decide the permissions (see permissions.ts). */
export interface MemberRecord {
  userId: string;
  guildId: string;
  roleIds: string[];
  joinedAt: number;
  nick: string | null;
}

export interface RoleRecord {
  id: string;
  name: string;
  permissions: bigint;
  position: number;
  /** Managed roles belong to an integration (the bot's own role). */
  managed: boolean;
  botId?: string;
}

export interface GuildRecord {
  id: string;
  name: string;
  ownerId: string;
  preferredLocale: string;
  /** roles[0] is @everyone, whose id equals the guild id. */
  roles: RoleRecord[];
  /** Well-known roles the test library hands out. */
  roleIds: { everyone: string; bot: string; manager: string; admin: string };
}

/** Channel kinds the server models (values are Discord's channel types). */
export const ChannelKind = {
  GuildText: 0,
  DM: 1,
  GuildCategory: 4,
  PublicThread: 11,
  PrivateThread: 12,
} as const;

export interface ChannelRecord {
  id: string;
  /** Discord channel type: 0 text, 1 DM, 4 category, 11 public thread, 12 private thread. */
  type: number;
  guildId: string | null;
  name: string;
  parentId: string | null;
  position: number;
  topic: string | null;
  lastMessageId: string | null;
  createdAt: number;
  /** Only for threads. */
  thread?: ThreadState;
  /** Only for DM channels: the user on the other side. */
  recipientId?: string;
  /** Guild text channels: permission overwrites (threads use their parent's). */
  permissionOverwrites?: PermissionOverwrite[];
}

/** A channel permission overwrite: type 0 for a role (id = role id), 1 for a member (id = user id). */
export interface PermissionOverwrite {
  id: string;
  type: 0 | 1;
  allow: bigint;
  deny: bigint;
}

export interface ThreadState {
  ownerId: string;
  archived: boolean;
  locked: boolean;
  invitable: boolean;
  autoArchiveDuration: number;
  archiveTimestamp: number;
  memberIds: Set<string>;
  messageCount: number;
  totalMessageSent: number;
  /** Set when the thread was started from a message (the thread id then equals the message id). */
  starterMessageId: string | null;
}

export interface StoredAttachment {
  id: string;
  filename: string;
  description: string | null;
  contentType: string;
  size: number;
  /** The raw uploaded bytes. */
  bytes: Buffer;
  /** Served by the fake server (GET returns the bytes). */
  url: string;
  /** Filled in for PNG uploads. */
  width: number | null;
  height: number | null;
}

/** Raw component JSON exactly as the bot sent it (action rows, buttons, selects, v2 layout...). */
export interface RawComponent {
  type: number;
  [key: string]: unknown;
}

/** What a message looked like before an edit. */
export interface MessageRevision {
  /** When this state was replaced. */
  replacedAt: number;
  content: string;
  embeds: APIEmbed[];
  components: RawComponent[];
  attachments: StoredAttachment[];
  flags: number;
}

/** Link from a message to the interaction that produced it. */
export interface MessageInteractionLink {
  interactionId: string;
  /** Discord interaction type: 2 command, 3 component, 4 autocomplete, 5 modal submit. */
  interactionType: number;
  userId: string;
  /** For application commands: the full command name, e.g. 'game new'. */
  commandName: string | null;
  /** 'response' for the interaction's @original reply, 'follow-up' for follow-ups. */
  role: 'response' | 'follow-up';
}

export interface StoredMessage {
  id: string;
  channelId: string;
  guildId: string | null;
  authorId: string;
  /** Set for interaction responses and follow-ups (Discord uses the application id). */
  webhookId: string | null;
  applicationId: string | null;
  /** Discord message type: 0 default, 19 reply, 20 chat input command. */
  type: number;
  content: string;
  embeds: APIEmbed[];
  components: RawComponent[];
  attachments: StoredAttachment[];
  /** Message flags bit field (64 ephemeral, 128 loading, 32768 components v2...). */
  flags: number;
  /** True when only `viewerIds` can see the message. */
  ephemeral: boolean;
  /** For ephemeral messages: the one user who sees it. Null for public messages. */
  viewerIds: string[] | null;
  /** True while a deferred reply shows "<bot> is thinking..." (flag 128). */
  loading: boolean;
  createdAt: number;
  editedAt: number | null;
  deletedAt: number | null;
  tts: boolean;
  nonce: string | number | null;
  /** message_reference as sent by the bot (replies). */
  reference: { message_id?: string; channel_id?: string; guild_id?: string } | null;
  interaction: MessageInteractionLink | null;
  /** Id of the thread started from this message, if any. */
  threadId: string | null;
  /** Earlier states, oldest first; empty when never edited. */
  edits: MessageRevision[];
  /** Users the message notified when it was posted: its user mentions that `allowed_mentions` let ping (edits never ping). */
  pinged: string[];
}
