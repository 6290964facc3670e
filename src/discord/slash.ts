import type { AutocompleteInteraction, ChatInputCommandInteraction } from 'discord.js';
import { catalogueOf, DEFAULT_LOCALE, type Locale, type MessageKey, type Translate } from '../i18n/index.js';
import type { BotContext } from './context.js';
import { slashCommand } from './commands.js';
import { suggestVariants } from './commands/game/new.js';
import { refusedBy } from './commands/preconditions.js';
import { invalidOption } from './options.js';
import { refuse, type Handled } from './replies.js';

/**
 * A slash command, run from its declaration (./commands.ts lists them): its options checked
 * against its bounds (one out of bounds is refused with the text its bound declares), then its
 * preconditions in order, then its handler.
 */
export function handleSlash(ctx: BotContext, interaction: ChatInputCommandInteraction, locale: Locale, t: Translate): Promise<Handled> {
  const command = slashCommand(interaction.commandName);
  if (!command) return refuse(interaction, t, 'refusal.unknown-component');
  const invalid = invalidOption(command.bounds, interaction.options.data);
  if (invalid !== null) {
    // The option as the user's client names it, where the catalogue has that name.
    const nameKey = `command.name.${invalid.name}`;
    const option = Object.hasOwn(catalogueOf(DEFAULT_LOCALE), nameKey) ? t(nameKey as MessageKey) : invalid.name;
    return refuse(interaction, t, invalid.refusal, { option });
  }
  return refusedBy(command.preconditions, interaction, t) ?? command.handle({ ctx, interaction, locale, t });
}

/** Suggestions while the user types: only `/game new`'s variants have them. */
export function handleAutocomplete(ctx: BotContext, interaction: AutocompleteInteraction): Promise<Handled> {
  return suggestVariants(ctx, interaction);
}
