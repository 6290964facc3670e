/**
 * Permission bit fields for the simulated guild. Discord sends permissions as decimal strings of
 * a bit field; discord.js turns them into PermissionsBitField objects (memberPermissions,
 * appPermissions).
 */
import { PermissionFlagsBits as P } from 'discord.js';
import type { GuildRecord, MemberRecord } from './model.js';

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
export const DEFAULT_BOT_PERMISSIONS =
  EVERYONE_PERMISSIONS |
  P.CreatePrivateThreads |
  P.ManageThreads |
  P.ManageMessages |
  P.MentionEveryone;

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
