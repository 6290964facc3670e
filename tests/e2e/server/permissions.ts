/**
 * Permission bit fields for the simulated guild. Discord sends permissions as decimal strings of
 * a bit field; discord.js turns them into PermissionsBitField objects (memberPermissions,
 * appPermissions).
 */
import { PermissionFlagsBits as P } from 'discord.js';
import type { ChannelRecord, GuildRecord, MemberRecord } from './model.js';
import type { Store } from './store.js';

/** What @everyone may do in a typical community server. */
export const EVERYONE_PERMISSIONS =
  P.ViewChannel |
  P.SendMessages |
  P.SendMessagesInThreads |
  P.CreatePublicThreads |
  P.ReadMessageHistory |
  P.AddReactions |
  P.EmbedLinks |
  P.AttachFiles |
  P.UseExternalEmojis |
  P.UseApplicationCommands |
  P.ChangeNickname |
  P.Connect |
  P.Speak;

/** What the bot's managed role gets when it is invited with the usual scopes. */
export const DEFAULT_BOT_PERMISSIONS = EVERYONE_PERMISSIONS | P.CreatePrivateThreads | P.ManageThreads | P.ManageMessages | P.MentionEveryone;

/** The "Manager" role simulated users get with `manageGuild: true`. */
export const MANAGER_PERMISSIONS = P.ManageGuild;

/** Every permission bit Discord defines (what Administrator implies). */
export const ALL_PERMISSIONS = Object.values(P).reduce((all, bit) => all | bit, 0n);

/** Guild-level permissions of a member: the union of its roles (@everyone included). */
export function memberPermissions(guild: GuildRecord, member: MemberRecord): bigint {
  if (member.userId === guild.ownerId) return ALL_PERMISSIONS;
  let bits = 0n;
  for (const role of guild.roles) {
    if (role.id === guild.roleIds.everyone || member.roleIds.includes(role.id)) bits |= role.permissions;
  }
  return (bits & P.Administrator) !== 0n ? ALL_PERMISSIONS : bits;
}

/** Accept a bigint, a permission name ('ManageGuild') or a list of either. */
export type PermissionInput = bigint | keyof typeof P | Array<bigint | keyof typeof P>;

export function resolvePermissions(input: PermissionInput): bigint {
  const list = Array.isArray(input) ? input : [input];
  return list.reduce<bigint>((bits, item) => bits | (typeof item === 'bigint' ? item : P[item]), 0n);
}

/** What a member loses in a channel where it may not send messages (Discord's implicit rule). */
const NEEDS_SEND = P.SendTTSMessages | P.MentionEveryone | P.EmbedLinks | P.AttachFiles;

/**
 * A member's permissions in a channel or thread, computed like Discord: guild permissions, then
 * the @everyone, role and member overwrites of the channel (threads use their parent's), then
 * the implicit rules: nothing without ViewChannel; no files, embeds or mentions without
 * SendMessages (SendMessagesInThreads in a thread).
 */
export function channelPermissions(store: Store, guild: GuildRecord, member: MemberRecord, channel: ChannelRecord): bigint {
  const base = memberPermissions(guild, member);
  if ((base & P.Administrator) !== 0n) return ALL_PERMISSIONS;
  const source = channel.thread && channel.parentId ? (store.channels.get(channel.parentId) ?? channel) : channel;
  const overwrites = source.permissionOverwrites ?? [];
  let bits = base;
  const everyone = overwrites.find((o) => o.type === 0 && o.id === guild.roleIds.everyone);
  if (everyone) bits = (bits & ~everyone.deny) | everyone.allow;
  let allow = 0n;
  let deny = 0n;
  for (const o of overwrites) {
    if (o.type === 0 && o.id !== guild.roleIds.everyone && member.roleIds.includes(o.id)) {
      allow |= o.allow;
      deny |= o.deny;
    }
  }
  bits = (bits & ~deny) | allow;
  const own = overwrites.find((o) => o.type === 1 && o.id === member.userId);
  if (own) bits = (bits & ~own.deny) | own.allow;
  if ((bits & P.ViewChannel) === 0n) return 0n;
  const send = channel.thread ? P.SendMessagesInThreads : P.SendMessages;
  if ((bits & send) === 0n) bits &= ~NEEDS_SEND;
  return bits;
}

/**
 * What an interaction answer can use: all an app added without its bot user (the
 * `applications.commands` scope only) is given in a channel.
 */
const ANSWER_PERMISSIONS = P.AttachFiles | P.EmbedLinks | P.MentionEveryone | P.UseExternalEmojis;

/**
 * An interaction's `app_permissions`, as Discord computes it: the bot's permissions in the channel;
 * for an app whose bot user is not a member, @everyone's there limited to what an interaction
 * answer can use, with Attach Files and Embed Links always (an answer may always carry them):
 * never View Channel or Send Messages. (Discord's change log of 2022-06-29, "Calculated
 * Permissions in Interaction Payloads", and discord-api-docs issue 5316.)
 */
export function appPermissions(store: Store, guild: GuildRecord, channel: ChannelRecord, botMember: MemberRecord | undefined): bigint {
  if (botMember) return channelPermissions(store, guild, botMember, channel);
  const everyone: MemberRecord = { userId: '', guildId: guild.id, roleIds: [], joinedAt: 0, nick: null };
  return (channelPermissions(store, guild, everyone, channel) & ANSWER_PERMISSIONS) | P.AttachFiles | P.EmbedLinks;
}

/** Names of the permission bits set in `bits`, for error messages. */
export function permissionNames(bits: bigint): string[] {
  return Object.entries(P)
    .filter(([, bit]) => (bits & bit) !== 0n)
    .map(([name]) => name);
}
