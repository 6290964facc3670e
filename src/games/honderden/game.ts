import { defineGame } from '../define-game.js';
import { honderdenEn } from './catalogue.en.js';
import { honderdenNl } from './catalogue.nl.js';
import { honderdenHeuristic } from './heuristic.js';
import { honderdenPresenter } from './presenter.js';
import { honderdenSparringB } from './sparring-b.js';
import { honderden } from './rules.js';

/** Honderden as the bot hosts it: the registry's entry (src/games/registry.ts). */
export const honderdenGame = defineGame({
  rules: honderden,
  presenter: honderdenPresenter,
  texts: { en: honderdenEn, nl: honderdenNl },
  heuristic: honderdenHeuristic,
  sparringB: honderdenSparringB,
  supports: { bots: true, undo: false, simultaneous: false },
  cases: [
    { label: 'Honderden 2, to 5', seats: 2, options: { target: 5 }, tags: ['bench', 'e2e-dutch'] },
    { label: 'Honderden 3, to 5', seats: 3, options: { target: 5 }, tags: ['bench'] },
    { label: 'Honderden 2, one game', seats: 2, options: { target: 1 }, tags: ['bots'] },
    { label: 'Honderden 3, one game', seats: 3, options: { target: 1 }, tags: ['bots', 'e2e-bots'] },
    { label: 'Honderden 2, to 3', seats: 2, options: { target: 3 } },
    { label: 'Honderden 2, to 10', seats: 2, options: { target: 10 } },
  ],
});
