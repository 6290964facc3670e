import {
  ActionRowBuilder,
  ButtonBuilder,
  StringSelectMenuBuilder,
  StringSelectMenuOptionBuilder,
  type MessageActionRowComponentBuilder,
} from '@discordjs/builders';
import { refuseLoneSurrogates } from '../e2e/server/validate.js';
import { ComponentType, type APIActionRowComponent, type APIComponentInMessageActionRow } from 'discord.js';

/**
 * Rebuilds rows of plain component JSON through the setters of @discordjs/builders, which check
 * every field against Discord's limits, and returns the result (throws on anything Discord refuses).
 * The builders let half an emoji through: the local Discord's own check catches it first.
 */
export function validatedRows(rows: APIActionRowComponent<APIComponentInMessageActionRow>[]): unknown[] {
  if (rows.length > 5) throw new Error(`${rows.length} rows; Discord allows 5`);
  refuseLoneSurrogates({ components: rows });
  return rows.map((row) => new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(row.components.map(rebuild)).toJSON());
}

function rebuild(component: APIComponentInMessageActionRow): MessageActionRowComponentBuilder {
  if (component.type === ComponentType.Button && 'custom_id' in component) {
    const button = new ButtonBuilder().setCustomId(component.custom_id).setStyle(component.style);
    if (component.label !== undefined) button.setLabel(component.label);
    if (component.emoji) button.setEmoji(component.emoji);
    return button;
  }
  if (component.type === ComponentType.StringSelect) {
    const menu = new StringSelectMenuBuilder().setCustomId(component.custom_id);
    if (component.placeholder !== undefined) menu.setPlaceholder(component.placeholder);
    return menu.addOptions(
      component.options.map((o) => {
        const option = new StringSelectMenuOptionBuilder().setLabel(o.label).setValue(o.value);
        if (o.description !== undefined) option.setDescription(o.description);
        if (o.emoji) option.setEmoji(o.emoji);
        return option;
      }),
    );
  }
  throw new Error(`unexpected component type ${component.type}`);
}
