import type { AnyGameDefinition } from '../engine/index.js';
import type { AnyGame, CaseTag, GameCase } from './define-game.js';
import type { AnyGamePresenter } from './presenter.js';
import { registry } from './registry.js';

/**
 * Everything that lists games, derived from the registry (./registry.ts: one line per game, and
 * nothing else). The rest of src/ reaches the games through this module only, never the registry's
 * module or a game's `game.ts`, so that the registry's one line is all a game needs.
 */
export { registry };

export type Registry = typeof registry;
export type GameId = keyof Registry;

for (const [id, game] of Object.entries(registry)) if (game.rules.id !== id) throw new Error(`the registry lists ${game.rules.id} as ${id}`);

/** The registered games in order. */
export const allGames: readonly AnyGame[] = Object.values(registry);

/**
 * The most bots `/game new` may seat at once: beside its host, at the largest table of any game
 * with bot players (the command's bound comes from the games, so a larger game raises it).
 */
export const MOST_BOTS = Math.max(0, ...allGames.filter((game) => game.supports.bots).map((game) => game.rules.maxSeats - 1));

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
    game.cases.filter((c) => tag === undefined || c.tags?.includes(tag)).map((c) => ({ ...c, id: id as GameId })),
  );
}
