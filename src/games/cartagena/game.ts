import { defineGame } from '../define-game.js';
import { cartagenaEn } from './catalogue.en.js';
import { cartagenaNl } from './catalogue.nl.js';
import { cartagenaHeuristic } from './heuristic.js';
import { cartagenaPresenter } from './presenter.js';
import { cartagenaSparringB } from './sparring-b.js';
import { cartagena } from './rules.js';

/** Cartagena as the bot hosts it: the registry's entry (src/games/registry.ts). */
export const cartagenaGame = defineGame({
  rules: cartagena,
  presenter: cartagenaPresenter,
  texts: { en: cartagenaEn, nl: cartagenaNl },
  heuristic: cartagenaHeuristic,
  sparringB: cartagenaSparringB,
  supports: { bots: true, undo: true, simultaneous: false },
  cases: [
    { label: 'Cartagena Jamaica, 2', seats: 2, options: { version: 'jamaica' }, tags: ['bots', 'e2e-bots', 'e2e-dutch'] },
    { label: 'Cartagena Tortuga, 3', seats: 3, options: { version: 'tortuga' }, tags: ['bots'] },
    { label: 'Cartagena Jamaica, 4', seats: 4, options: { version: 'jamaica' }, tags: ['bench'] },
    { label: 'Cartagena Tortuga, 5', seats: 5, options: { version: 'tortuga' }, tags: ['bench'] },
  ],
});
