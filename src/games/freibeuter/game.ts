import { defineGame } from '../define-game.js';
import { freibeuterEn } from './catalogue.en.js';
import { freibeuterNl } from './catalogue.nl.js';
import { freibeuterHeuristic } from './heuristic.js';
import { freibeuterPresenter } from './presenter.js';
import { freibeuterSparringB } from './sparring-b.js';
import { freibeuter } from './rules.js';

/** Freibeuter as the bot hosts it: the registry's entry (src/games/registry.ts). */
export const freibeuterGame = defineGame({
  rules: freibeuter,
  presenter: freibeuterPresenter,
  texts: { en: freibeuterEn, nl: freibeuterNl },
  heuristic: freibeuterHeuristic,
  sparringB: freibeuterSparringB,
  supports: { bots: true, undo: true, simultaneous: false },
  cases: [
    { label: 'Freibeuter, 2', seats: 2, options: {}, tags: ['bots', 'e2e-bots', 'e2e-dutch'] },
    { label: 'Freibeuter, 4', seats: 4, options: {}, tags: ['bots', 'bench'] },
  ],
});
