import type { AnyGameDefinition } from '../engine/index.js';
import type { AnyGame, CaseTag, GameCase } from './define-game.js';
import type { AnyGamePresenter } from './presenter.js';
import { cartagenaGame } from './cartagena/game.js';
import { freibeuterGame } from './freibeuter/game.js';
import { halunkenGame } from './halunken/game.js';
import { honderdenGame } from './honderden/game.js';
import { shanghaienGame } from './shanghaien/game.js';

/**
 * The registry: every game the bot hosts, by id, one line each (its folder's `game.ts`, made with
 * `defineGame`). Everything else that lists games is derived from it: the rules by id (`games`),
 * the presenters, the heuristic players (./heuristics.ts), the games' texts that src/i18n joins in
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

export type Registry = typeof registry;
export type GameId = keyof Registry;

for (const [id, game] of Object.entries(registry)) if (game.rules.id !== id) throw new Error(`the registry lists ${game.rules.id} as ${id}`);

/** The registered games in order. */
export const allGames: readonly AnyGame[] = Object.values(registry);

/** Each game's `pick` by id, in the registry's order. */
function byId<T>(pick: (game: AnyGame) => T): Record<GameId, T> {
  return Object.fromEntries(Object.entries(registry).map(([id, game]) => [id, pick(game)])) as Record<GameId, T>;
}

/** Every game's rules by id: each follows the engine contract (pure rules), typed per game. */
export const games = byId((game) => game.rules) as { [G in GameId]: Registry[G]['rules'] };
// The generic layers only need to know each entry is a definition.
games satisfies Record<string, AnyGameDefinition>;

/** How each game shows itself in Discord, by id. */
export const presenters: Record<GameId, AnyGamePresenter> = byId((game) => game.presenter);

/** A case of one game, with that game: what the benches and the e2e lists play. */
export interface RegisteredCase extends GameCase {
  id: GameId;
}

/** Every game's cases, in the registry's order, or only those tagged `tag`. */
export function gameCases(tag?: CaseTag): RegisteredCase[] {
  return Object.entries(registry).flatMap(([id, game]) =>
    (game.cases as readonly GameCase[]).filter((c) => tag === undefined || c.tags?.includes(tag)).map((c) => ({ ...c, id: id as GameId })),
  );
}
