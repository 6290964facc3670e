import type { PresentContext, PresentedPlayer } from '../../src/games/presenter.js';
import { translator } from '../../src/i18n/index.js';

/** Players at a test table: each named, mentioned as `<@seat>`, in `colours` (one for all, or one per seat). */
export function playersAt(names: readonly string[], colours: string | readonly string[]): PresentedPlayer[] {
  return names.map((name, seat) => ({ name, mention: `<@${seat}>`, colour: typeof colours === 'string' ? colours : (colours[seat] as string) }));
}

/** The names the presenters' tests seat, in seat order. */
export const TEST_NAMES: readonly string[] = ['Anne', 'Bart', 'Cees', 'Dirk'];

/** An English context for a table of `seats`: the first of TEST_NAMES, in the game's colours. */
export function englishTable(presenter: { colours(seats: number): readonly string[] }, seats: number): PresentContext {
  return { t: translator('en'), players: playersAt(TEST_NAMES.slice(0, seats), presenter.colours(seats)) };
}
