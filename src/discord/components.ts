import {
  ButtonStyle,
  ComponentType,
  type APIActionRowComponent,
  type APIButtonComponentWithCustomId,
  type APIComponentInMessageActionRow,
  type APISelectMenuOption,
  type APIStringSelectComponent,
} from 'discord.js';
import type { Translate } from '../i18n/index.js';
import type { Panel } from '../games/presenter.js';
import { encodeChoice, encodeId } from './custom-id.js';
import { DISCORD_LIMITS, fitText } from '../text-fit.js';

/**
 * Components are written as Discord's plain JSON rather than with the builders: panels are built
 * on every click, and the builders' validation costs more than the whole move. Texts are
 * fitted here to Discord's limits (src/text-fit.ts); the tests check the result against the builders.
 */
type Row = APIActionRowComponent<APIComponentInMessageActionRow>;

const MAX_ROWS = 5;
const MAX_BUTTONS_PER_ROW = 5;
const MAX_OPTIONS = 25;

type Style = ButtonStyle.Primary | ButtonStyle.Secondary | ButtonStyle.Success | ButtonStyle.Danger;

export function button(customId: string, label: string, style: Style, emoji?: string): APIButtonComponentWithCustomId {
  return {
    type: ComponentType.Button,
    custom_id: customId,
    label: fitText(label, DISCORD_LIMITS.buttonLabel),
    style,
    ...(emoji ? { emoji: { name: emoji } } : {}),
  };
}

const row = (components: APIComponentInMessageActionRow[]): Row => ({ type: ComponentType.ActionRow, components });

/** The answers to a question before a step that cannot be taken back: the step in red, the way back beside it. */
export function answerRow(yes: { id: string; label: string }, no: { id: string; label: string }): Row {
  return row([button(yes.id, yes.label, ButtonStyle.Danger), button(no.id, no.label, ButtonStyle.Secondary)]);
}

/** The answer row of a move that asks first: Yes makes the move as offered at `version` (meaning `meaning`); Back shows the panel again. */
export function confirmRow(game: number, version: number, index: number, t: Translate, meaning?: string): Row {
  return answerRow(
    { id: encodeId({ kind: 'act', game, version, index, ...(meaning === undefined ? {} : { meaning }) }), label: t('panel.confirm.yes') },
    { id: encodeId({ kind: 'panel', game }), label: t('panel.confirm.back') },
  );
}

/** The "Open my panel" button every public game message carries. */
export function openPanelRow(game: number, t: Translate): Row {
  return row([button(encodeId({ kind: 'panel', game }), t('post.open-panel'), ButtonStyle.Primary, '🃏')]);
}

/** The only button of a panel that is no longer the live one: a new panel, shown below the newest post. */
export function reopenPanelRow(game: number, t: Translate): Row {
  return row([button(encodeId({ kind: 'reopen', game }), t('post.open-panel'), ButtonStyle.Primary, '🃏')]);
}

/**
 * Turns a presenter's panel into Discord rows: select menus (paged by 25 options) and buttons
 * (5 per row), then Undo (when the player may take back a move) and Refresh. Every component
 * carries the state version it was built at, and every choice its meaning (`meanings`, by index:
 * src/games/choice-meaning.ts) when given.
 */
export function panelRows(
  panel: Panel,
  game: number,
  version: number,
  t: Translate,
  undoSeq: number | null = null,
  meanings?: ReadonlyMap<number, string>,
): Row[] {
  const meaningOf = (index: number) => {
    const meaning = meanings?.get(index);
    return meaning === undefined ? {} : { meaning };
  };
  const rows: Row[] = [];
  let selectNumber = 0;
  for (const group of panel.groups) {
    if (group.kind === 'select') {
      const pages = Math.ceil(group.choices.length / MAX_OPTIONS);
      for (let page = 0; page < pages; page++) {
        const choices = group.choices.slice(page * MAX_OPTIONS, (page + 1) * MAX_OPTIONS);
        const placeholder = pages > 1 ? t('panel.more', { placeholder: group.placeholder, page: page + 1, pages }) : group.placeholder;
        const options: APISelectMenuOption[] = choices.map((c) => ({
          label: fitText(c.label, DISCORD_LIMITS.optionLabel),
          value: encodeChoice(c.index, meanings?.get(c.index)),
          ...(c.description ? { description: fitText(c.description, DISCORD_LIMITS.optionDescription) } : {}),
          ...(c.emoji ? { emoji: { name: c.emoji } } : {}),
        }));
        const menu: APIStringSelectComponent = {
          type: ComponentType.StringSelect,
          custom_id: encodeId({ kind: 'pick', game, version, n: selectNumber++ }),
          placeholder: fitText(placeholder, DISCORD_LIMITS.placeholder),
          options,
        };
        rows.push(row([menu]));
      }
    } else {
      for (let i = 0; i < group.choices.length; i += MAX_BUTTONS_PER_ROW) {
        const buttons = group.choices
          .slice(i, i + MAX_BUTTONS_PER_ROW)
          .map((c) =>
            button(
              encodeId({ kind: c.confirm ? 'ask' : 'act', game, version, index: c.index, ...meaningOf(c.index) }),
              c.label,
              c.primary ? ButtonStyle.Primary : ButtonStyle.Secondary,
              c.emoji,
            ),
          );
        rows.push(row(buttons));
      }
    }
  }
  const tail = [
    ...(undoSeq !== null ? [button(encodeId({ kind: 'undo', game, seq: undoSeq }), t('panel.undo'), ButtonStyle.Secondary, '↩️')] : []),
    button(encodeId({ kind: 'panel', game }), t('panel.refresh'), ButtonStyle.Secondary, '🔄'),
  ];
  const last = rows.at(-1);
  const lastIsButtons = last && last.components.length + tail.length <= MAX_BUTTONS_PER_ROW && last.components.every((c) => c.type === ComponentType.Button);
  if (lastIsButtons) last.components.push(...tail);
  else rows.push(row(tail));
  if (rows.length > MAX_ROWS) throw new Error(`a panel needs ${rows.length} rows; Discord allows ${MAX_ROWS}`);
  return rows;
}
