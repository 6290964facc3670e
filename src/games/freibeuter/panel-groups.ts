/**
 * How a Freibeuter panel lays its choices out in select menus: Discord shows at most 25 options
 * in a menu and five rows in a message, one of which holds Refresh.
 */
import type { Translate } from '../../i18n/index.js';
import type { PanelChoice, PanelGroup } from '../presenter.js';
import { tokenLabel } from './labels.js';

export type Choices = { placeholder: string; choices: PanelChoice[] };

/** Choices grouped into select menus that fit in the four rows left beside Refresh. */
export function selectGroups(cards: [Choices, Choices], ships: Choices[], merged: string, all: string): PanelGroup[] {
  const rows = (n: number) => Math.ceil(n / 25);
  const nonEmpty = (lists: Choices[]) => lists.filter((l) => l.choices.length > 0);
  let groups = nonEmpty([...cards, ...ships]);
  const total = () => groups.reduce((sum, g) => sum + rows(g.choices.length), 0);
  // Cards first (sea and Dutchman together), then everything in one paged list.
  if (total() > 4 && nonEmpty(cards).length === 2) groups = [{ placeholder: merged, choices: cards.flatMap((c) => c.choices) }, ...nonEmpty(ships)];
  if (total() > 4) groups = [{ placeholder: all, choices: groups.flatMap((g) => g.choices) }];
  return groups.map((g) => ({ kind: 'select', placeholder: g.placeholder, choices: g.choices }));
}

/**
 * The free ships as the board numbers them, in one select; when more than a select holds (up to
 * 28 at the start), in two, each saying which numbers it holds, rather than one list in pages.
 */
export function boardGroups(ships: { choice: PanelChoice; point: number }[], t: Translate): Choices[] {
  if (ships.length <= 25) return [{ placeholder: t('freibeuter.panel.board.placeholder'), choices: ships.map((s) => s.choice) }];
  const half = Math.ceil(ships.length / 2);
  return [ships.slice(0, half), ships.slice(half)].map((part) => ({
    placeholder: t('freibeuter.panel.board.range', { from: tokenLabel(part[0]?.point ?? 0), to: tokenLabel(part.at(-1)?.point ?? 0) }),
    choices: part.map((s) => s.choice),
  }));
}
