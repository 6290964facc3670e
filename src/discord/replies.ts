import { MessageFlags, type InteractionReplyOptions, type RepliableInteraction } from 'discord.js';
import type { MessageKey, MessageParams, Translate } from '../i18n/index.js';
import type { GameRow } from '../db/schema.js';
import { decodeId } from './custom-id.js';
import { DISCORD_LIMITS, joinWithin } from '../text-fit.js';

/** What a handler reports for the interaction log line. */
export interface Handled {
  game?: number;
  action: string;
  outcome: string;
}

/** An ephemeral answer in plain words; used for every refusal. */
export async function tellPrivately(interaction: RepliableInteraction, text: string, extra: Omit<InteractionReplyOptions, 'flags'> = {}): Promise<void> {
  const options = { ...extra, content: text, allowedMentions: { parse: [] } } as const;
  if (interaction.deferred || interaction.replied) await interaction.followUp({ ...options, flags: MessageFlags.Ephemeral });
  else await interaction.reply({ ...options, flags: MessageFlags.Ephemeral });
}

/**
 * An answer made of a list, within Discord's limit on a message: `text(list)` with as many of
 * `items` as fit, joined by `separator`, and "… and 12 more" for the rest. Every answer whose
 * list can grow (channels, games, results) is made by it.
 */
export function withList(
  text: (list: string) => string,
  items: readonly string[],
  t: Translate,
  separator = '\n',
  max: number = DISCORD_LIMITS.content,
): string {
  return text(joinWithin(items, max - text('').length, (count) => t('list.more', { count }), separator));
}

/** Refuses with the catalogue text for `key`; the log line records the refusal. */
export async function refuse(interaction: RepliableInteraction, t: Translate, key: MessageKey, params?: MessageParams, game?: number): Promise<Handled> {
  await tellPrivately(interaction, t(key, params));
  // The kind of component only: a move's index is a secret choice, and a forged id is anyone's text.
  const action = interaction.isMessageComponent() ? (decodeId(interaction.customId)?.kind ?? 'unknown-component') : 'command';
  return { ...(game !== undefined ? { game } : {}), action, outcome: `refused:${key}` };
}

/** Why nothing appears in a game's place: the bot can post nowhere for it (its time is paused). */
export function placeWarning(row: Pick<GameRow, 'unreachableSince' | 'channelId'>, t: Translate): string | undefined {
  return row.unreachableSince === null ? undefined : t('place.unreachable', { channel: row.channelId });
}
