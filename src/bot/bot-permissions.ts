/**
 * What the bot may do in a channel, read from what Discord sends or discord.js already holds, never
 * asked with a request of its own: an interaction's `app_permissions` (discord.js's
 * `appPermissions`: the bot's permissions in the interaction's channel, overwrites included) and the
 * channels and roles in discord.js's cache.
 */
import { PermissionFlagsBits as P, type Client } from 'discord.js';

/**
 * Whether the bot may attach files in a channel or thread as discord.js's cache knows it (a
 * thread's from its channel); undefined when the cache does not know the channel.
 */
export function mayAttachFiles(client: Client, channelId: string): boolean | undefined {
  const channel = client.channels?.cache.get(channelId);
  if (!channel || !client.user || !('permissionsFor' in channel)) return undefined;
  return channel.permissionsFor(client.user)?.has(P.AttachFiles);
}
