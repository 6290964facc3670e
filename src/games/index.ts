import type { AnyGameDefinition } from '../engine/index.js';
import type { AnyGamePresenter } from './presenter.js';
import type { gameCatalogues } from './catalogues.js';
import { cartagena } from './cartagena/rules.js';
import { cartagenaPresenter } from './cartagena/presenter.js';
import { freibeuter } from './freibeuter/rules.js';
import { freibeuterPresenter } from './freibeuter/presenter.js';
import { halunken } from './halunken/rules.js';
import { halunkenPresenter } from './halunken/presenter.js';
import { honderden } from './honderden/rules.js';
import { honderdenPresenter } from './honderden/presenter.js';
import { shanghaien } from './shanghaien/rules.js';
import { shanghaienPresenter } from './shanghaien/presenter.js';

/**
 * Every game the bot hosts, by id: each follows the engine contract (pure rules). A game's texts
 * are in its folder (catalogue.en.ts, catalogue.nl.ts) and listed in ./catalogues.ts, which src/i18n
 * reads without loading the games; its type wants one entry for each game here.
 */
export const games = {
  cartagena,
  freibeuter,
  halunken,
  honderden,
  shanghaien,
} satisfies Record<string, AnyGameDefinition>;

export type GameId = keyof typeof games;

/** How each game shows itself in Discord: one entry per game above, checked by the type. */
export const presenters: Record<GameId, AnyGamePresenter> = {
  cartagena: cartagenaPresenter,
  freibeuter: freibeuterPresenter,
  halunken: halunkenPresenter,
  honderden: honderdenPresenter,
  shanghaien: shanghaienPresenter,
};

/** Whether two sets of names are the same set. */
type SameNames<A, B> = [Exclude<A, B> | Exclude<B, A>] extends [never] ? true : false;
// Every game has its texts in ./catalogues.ts and that map names no other game; checked here, where
// both are known, so the catalogues (loaded by src/i18n, which the games use) import no registry.
true satisfies SameNames<keyof typeof gameCatalogues, GameId>;
