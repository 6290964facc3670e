/**
 * What the bot may do in a channel, read from what Discord sends or discord.js already holds, never
 * asked with a request of its own: an interaction's `app_permissions` (discord.js's
 * `appPermissions`: the bot's permissions in the interaction's channel, overwrites included) and the
 * channels and roles in discord.js's cache.
 */
import { PermissionFlagsBits as P, type Client, type PermissionsBitField } from 'discord.js';

/** Where a game opened in a channel is played: in a thread of its own, or in the channel itself. */
export type GamePlace = 'thread' | 'channel';

/**
 * Where the bot can play a game from a channel where it has `permissions`: a thread when the
 * server wants threads and the bot may open one and post in it (threads take their channel's
 * permissions), else the channel if it may post there; null when it can post in neither. An app
 * added without its bot user gets the permissions of one that cannot even see the channel.
 */
export function gamePlace(permissions: Readonly<PermissionsBitField>, where: { inThread: boolean; useThreads: boolean }): GamePlace | null {
  if (!permissions.has(P.ViewChannel)) return null;
  if (where.useThreads && !where.inThread && permissions.has(P.CreatePublicThreads | P.SendMessagesInThreads)) return 'thread';
  return permissions.has(where.inThread ? P.SendMessagesInThreads : P.SendMessages) ? 'channel' : null;
}

/**
 * Whether the bot may attach files in a channel or thread as discord.js's cache knows it (a
 * thread's from its channel); undefined when the cache does not know the channel.
 */
export function mayAttachFiles(client: Client, channelId: string): boolean | undefined {
  const channel = client.channels?.cache.get(channelId);
  if (!channel || !client.user || !('permissionsFor' in channel)) return undefined;
  return channel.permissionsFor(client.user)?.has(P.AttachFiles);
}
