import { ActionRowBuilder, ButtonBuilder, ButtonStyle, StringSelectMenuBuilder, type MessageActionRowComponentBuilder } from 'discord.js';
import type { Translate } from '../i18n/index.js';
import type { Panel } from '../games/presenter.js';
import { encodeId } from './custom-id.js';

type Row = ActionRowBuilder<MessageActionRowComponentBuilder>;

const MAX_ROWS = 5;
const MAX_BUTTONS_PER_ROW = 5;
const MAX_OPTIONS = 25;
const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

/** The "Open my panel" button every public game message carries. */
export function openPanelRow(game: number, t: Translate): Row {
  return new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(
    new ButtonBuilder().setCustomId(encodeId({ kind: 'panel', game })).setLabel(t('post.open-panel')).setStyle(ButtonStyle.Primary).setEmoji('🃏'),
  );
}

/**
 * Turns a presenter's panel into Discord rows: select menus (paged by 25 options) and buttons
 * (5 per row), then a Refresh button. Every component carries the state version it was built at.
 */
export function panelRows(panel: Panel, game: number, version: number, t: Translate): Row[] {
  const rows: Row[] = [];
  let selectNumber = 0;
  for (const group of panel.groups) {
    if (group.kind === 'select') {
      const pages = Math.ceil(group.choices.length / MAX_OPTIONS);
      for (let page = 0; page < pages; page++) {
        const choices = group.choices.slice(page * MAX_OPTIONS, (page + 1) * MAX_OPTIONS);
        const placeholder = pages > 1 ? t('panel.more', { placeholder: group.placeholder, page: page + 1, pages }) : group.placeholder;
        const menu = new StringSelectMenuBuilder()
          .setCustomId(encodeId({ kind: 'pick', game, version, n: selectNumber++ }))
          .setPlaceholder(clip(placeholder, 150))
          .addOptions(
            choices.map((c) => ({
              label: clip(c.label, 100),
              value: String(c.index),
              ...(c.description ? { description: clip(c.description, 100) } : {}),
              ...(c.emoji ? { emoji: { name: c.emoji } } : {}),
            })),
          );
        rows.push(new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(menu));
      }
    } else {
      for (let i = 0; i < group.choices.length; i += MAX_BUTTONS_PER_ROW) {
        const buttons = group.choices.slice(i, i + MAX_BUTTONS_PER_ROW).map((c) => {
          const button = new ButtonBuilder()
            .setCustomId(encodeId({ kind: 'act', game, version, index: c.index }))
            .setLabel(clip(c.label, 80))
            .setStyle(c.primary ? ButtonStyle.Primary : ButtonStyle.Secondary);
          if (c.emoji) button.setEmoji(c.emoji);
          return button;
        });
        rows.push(new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(buttons));
      }
    }
  }
  const refresh = new ButtonBuilder().setCustomId(encodeId({ kind: 'panel', game })).setLabel(t('panel.refresh')).setStyle(ButtonStyle.Secondary).setEmoji('🔄');
  const last = rows.at(-1);
  const lastIsButtons = last && last.components.length < MAX_BUTTONS_PER_ROW && last.components.every((c) => c instanceof ButtonBuilder);
  if (lastIsButtons) last.addComponents(refresh);
  else rows.push(new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(refresh));
  if (rows.length > MAX_ROWS) throw new Error(`a panel needs ${rows.length} rows; Discord allows ${MAX_ROWS}`);
  return rows;
}
