import type { PresentedPlayer } from '../../src/games/presenter.js';

/** Players at a test table: each named, mentioned as `<@seat>`, in `colours` (one for all, or one per seat). */
export function playersAt(names: readonly string[], colours: string | readonly string[]): PresentedPlayer[] {
  return names.map((name, seat) => ({ name, mention: `<@${seat}>`, colour: typeof colours === 'string' ? colours : (colours[seat] as string) }));
}
