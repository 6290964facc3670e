/**
 * The bot's permissions in a channel, enforced on channel routes the way Discord does: without
 * ViewChannel a channel answers 403 50001 "Missing Access"; any other missing permission is
 * 403 50013 "Missing Permissions". Interaction responses are webhooks and need none of these.
 */
import { PermissionFlagsBits as P } from 'discord.js';
import type { FakeDiscordContext } from '../context.js';
import { httpErrors } from '../http.js';
import type { ChannelRecord } from '../model.js';
import { ALL_PERMISSIONS, channelPermissions } from '../permissions.js';

/** The bot's permissions in a guild channel or thread (overwrites included); DMs allow everything. */
export function botPermissionsIn(ctx: FakeDiscordContext, channel: ChannelRecord): bigint {
  if (!channel.guildId) return ALL_PERMISSIONS;
  const guild = ctx.store.guilds.get(channel.guildId);
  const member = ctx.store.member(channel.guildId, ctx.bot.id);
  return guild && member ? channelPermissions(ctx.store, guild, member, channel) : 0n;
}

export class BotPermissions {
  constructor(private readonly ctx: FakeDiscordContext) {}

  has(channel: ChannelRecord, bits: bigint): boolean {
    return (botPermissionsIn(this.ctx, channel) & bits) === bits;
  }

  /** 403 50001 unless the bot may see the channel. */
  view(channel: ChannelRecord): void {
    if (!this.has(channel, P.ViewChannel)) throw httpErrors.missingAccess();
  }

  /** ViewChannel (50001), then every bit of `bits` (50013). */
  require(channel: ChannelRecord, bits: bigint): void {
    this.view(channel);
    if (!this.has(channel, bits)) throw httpErrors.missingPermissions();
  }

  /** Posting: SendMessages in a channel, SendMessagesInThreads in a thread, AttachFiles for files. */
  send(channel: ChannelRecord, fileCount: number): void {
    const send = channel.thread ? P.SendMessagesInThreads : P.SendMessages;
    this.require(channel, send | (fileCount > 0 ? P.AttachFiles : 0n));
  }

  /** Discord drops embeds silently when the bot lacks EmbedLinks. */
  mayEmbed(channel: ChannelRecord): boolean {
    return this.has(channel, P.EmbedLinks);
  }

  /** Whether the bot may still post in a locked thread (moderators may). */
  manageThreads(channel: ChannelRecord): boolean {
    return this.has(channel, P.ManageThreads);
  }
}
