import type { AnyGame } from './define-game.js';
import { cartagenaGame } from './cartagena/game.js';
import { freibeuterGame } from './freibeuter/game.js';
import { halunkenGame } from './halunken/game.js';
import { honderdenGame } from './honderden/game.js';
import { shanghaienGame } from './shanghaien/game.js';

/**
 * The registry: every game the bot hosts, by id, one line each (its folder's `game.ts`, made with
 * `defineGame`). This module is only the list; everything that lists games is derived from it in
 * ./index.ts, which is the only module that imports it: the rules by id (`games`), the presenters,
 * the heuristic players (./heuristics.ts), the games' texts that src/i18n joins in
 * (./catalogues.ts), the commands' choices, the benches and the e2e lists. The order is the order
 * games are offered in.
 *
 * Nothing a game loads may import src/i18n at runtime (types only): src/i18n reads the games' texts
 * from here (tested in ./registry.test.ts).
 */
export const registry = {
  cartagena: cartagenaGame,
  freibeuter: freibeuterGame,
  halunken: halunkenGame,
  honderden: honderdenGame,
  shanghaien: shanghaienGame,
};

// Checked apart from the declaration: the entries' types name the message keys, which come from it.
registry satisfies Record<string, AnyGame>;
