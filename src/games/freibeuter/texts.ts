/** Freibeuter's small texts, shared by the posts, the status and the panel: emoji, lines, names, ships. */
import type { Translate } from '../../i18n/index.js';
import { nameOf, type PresentContext } from '../presenter.js';
import { ROWS, type Line, type Share, type ShipValue } from './rules.js';

export const EMOJI = {
  boat: '⛵',
  board: '⚓',
  treasure: '🪙',
  dutchman: '👻',
  sea: '🌊',
  capture: '💰',
  pirate: '🏴‍☠️',
  double: '✨',
  escape: '💨',
  credit: '🏦',
} as const;

/** "row C" or "column 4": what a Dutchman card shows. */
export function lineText(t: Translate, line: Line): string {
  return (ROWS as readonly string[]).includes(line) ? t('freibeuter.line.row', { line }) : t('freibeuter.line.column', { line });
}

/** "Ann, Bob and Cid". */
export function nameList(t: Translate, names: string[]): string {
  if (names.length <= 1) return names.join('');
  return t('freibeuter.and', { list: names.slice(0, -1).join(', '), last: names.at(-1) as string });
}

/** "Anne 6, Carl 3": who got how much. */
export function sharesText(ctx: PresentContext, shares: Share[]): string {
  return shares.map((s) => `${nameOf(ctx, s.seat)} ${s.amount}`).join(', ');
}

/** "15, 20 ×2": captured ships, the doubled values marked. */
export function shipsText(t: Translate, ships: ShipValue[], doubles: ShipValue[]): string {
  if (ships.length === 0) return t('freibeuter.panel.none');
  return [...ships]
    .sort((a, b) => a - b)
    .map((v) => (doubles.includes(v) ? t('freibeuter.panel.ship.doubled', { value: v }) : String(v)))
    .join(', ');
}
