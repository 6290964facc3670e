import { registry, type GameId, type Registry } from './index.js';

/**
 * Each game's texts in each language, from the registry (each game's `texts`, kept in its folder
 * as catalogue.<locale>.ts): its part of the message catalogues, which src/i18n joins to the bot's
 * own texts. There is no import cycle because no game imports src/i18n at runtime, only its types
 * (src/games/registry.test.ts checks this).
 */
export const gameCatalogues = Object.fromEntries(Object.entries(registry).map(([id, game]) => [id, game.texts])) as { [G in GameId]: Registry[G]['texts'] };

/** The languages every game has texts in: each catalogue of src/i18n asks for its own. */
type GameLocale = keyof Registry[GameId]['texts'];

/** Every key of every game. */
export type GameMessageKey = { [G in GameId]: keyof Registry[G]['texts']['en'] }[GameId];

/** One language's texts of all games together. */
export function gameTexts(locale: GameLocale): Record<GameMessageKey, string> {
  return Object.assign({}, ...Object.values(gameCatalogues).map((texts) => texts[locale])) as Record<GameMessageKey, string>;
}
