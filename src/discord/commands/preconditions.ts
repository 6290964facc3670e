/**
 * The checks a slash command may need before it runs, named so each command lists its own (like
 * the component kinds' places, ../component-kinds.ts). A check that fails answers the user
 * privately in one sentence; the command does not run.
 */
import type { ChatInputCommandInteraction } from 'discord.js';
import type { Translate } from '../../i18n/index.js';
import { refuse, type Handled } from '../replies.js';

export type PreconditionName = 'in a server' | 'manages the server';

/** Whether the member has the Manage Server permission: needed for a server's settings, and lets him end or extend any game there. */
export const managesServer = (interaction: ChatInputCommandInteraction): boolean => interaction.memberPermissions?.has('ManageGuild') ?? false;

/** Undefined when the check passes; else the refusal, already answered. */
export const PRECONDITIONS: Record<PreconditionName, (interaction: ChatInputCommandInteraction, t: Translate) => Promise<Handled> | undefined> = {
  // Games, settings and standings belong to a server: not in direct messages.
  'in a server': (interaction, t) => (interaction.inGuild() ? undefined : refuse(interaction, t, 'refusal.not-in-guild')),
  // A server's own settings: the Manage Server permission, as Discord's own server settings.
  'manages the server': (interaction, t) => (managesServer(interaction) ? undefined : refuse(interaction, t, 'refusal.not-manager')),
};

/** The first of these checks that fails, already answered; undefined when all pass. */
export function refusedBy(names: readonly PreconditionName[], interaction: ChatInputCommandInteraction, t: Translate): Promise<Handled> | undefined {
  for (const name of names) {
    const refused = PRECONDITIONS[name](interaction, t);
    if (refused) return refused;
  }
  return undefined;
}
