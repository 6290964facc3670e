import { defineGame } from '../define-game.js';
import { shanghaienEn } from './catalogue.en.js';
import { shanghaienNl } from './catalogue.nl.js';
import { shanghaienHeuristic } from './heuristic.js';
import { shanghaienPresenter } from './presenter.js';
import { shanghaienSparringB } from './sparring-b.js';
import { shanghaien } from './rules.js';

/** Shanghaien as the bot hosts it: the registry's entry (src/games/registry.ts). */
export const shanghaienGame = defineGame({
  rules: shanghaien,
  presenter: shanghaienPresenter,
  texts: { en: shanghaienEn, nl: shanghaienNl },
  heuristic: shanghaienHeuristic,
  sparringB: shanghaienSparringB,
  supports: { bots: true, undo: true, simultaneous: false },
  cases: [{ label: 'Shanghaien', seats: 2, options: {}, tags: ['bots', 'bench', 'e2e-bots', 'e2e-dutch'] }],
});
