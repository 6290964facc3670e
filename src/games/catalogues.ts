import { cartagenaEn } from './cartagena/catalogue.en.js';
import { cartagenaNl } from './cartagena/catalogue.nl.js';
import { freibeuterEn } from './freibeuter/catalogue.en.js';
import { freibeuterNl } from './freibeuter/catalogue.nl.js';
import { halunkenEn } from './halunken/catalogue.en.js';
import { halunkenNl } from './halunken/catalogue.nl.js';
import { honderdenEn } from './honderden/catalogue.en.js';
import { honderdenNl } from './honderden/catalogue.nl.js';
import { shanghaienEn } from './shanghaien/catalogue.en.js';
import { shanghaienNl } from './shanghaien/catalogue.nl.js';

/**
 * Each game's texts in each language, kept in its folder: its part of the message catalogues,
 * which src/i18n joins to the bot's own texts. This map sits beside the registry (./index.ts)
 * rather than in it because it imports texts only: the catalogues load without any game's rules,
 * presenter or canvas, and without an import cycle (the games import src/i18n). Its type wants
 * exactly one entry per game of the registry (checked in ./index.ts, so that this map need not
 * import the registry); each catalogue of src/i18n asks for its language.
 */
export const gameCatalogues = {
  cartagena: { en: cartagenaEn, nl: cartagenaNl },
  freibeuter: { en: freibeuterEn, nl: freibeuterNl },
  halunken: { en: halunkenEn, nl: halunkenNl },
  honderden: { en: honderdenEn, nl: honderdenNl },
  shanghaien: { en: shanghaienEn, nl: shanghaienNl },
} satisfies Record<string, Record<string, Readonly<Record<string, string>>>>;

type GameCatalogues = typeof gameCatalogues;
/** The games with texts: the registry's games (./index.ts checks that they are the same). */
type GameId = keyof GameCatalogues;
/** The languages every game has texts in: each catalogue of src/i18n asks for its own. */
type GameLocale = keyof GameCatalogues[GameId];

/** Every key of every game. */
export type GameMessageKey = { [G in GameId]: keyof GameCatalogues[G]['en'] }[GameId];

/** One language's texts of all games together. */
export function gameTexts(locale: GameLocale): Record<GameMessageKey, string> {
  return Object.assign({}, ...Object.values(gameCatalogues).map((texts) => texts[locale])) as Record<GameMessageKey, string>;
}
