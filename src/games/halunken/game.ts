import { defineGame } from '../define-game.js';
import { halunkenEn } from './catalogue.en.js';
import { halunkenNl } from './catalogue.nl.js';
import { halunkenHeuristic } from './heuristic.js';
import { halunkenPresenter } from './presenter.js';
import { halunkenSparringB } from './sparring-b.js';
import { halunken } from './rules.js';

/** Halunken & Spelunken as the bot hosts it: the registry's entry (src/games/registry.ts). */
export const halunkenGame = defineGame({
  rules: halunken,
  presenter: halunkenPresenter,
  texts: { en: halunkenEn, nl: halunkenNl },
  heuristic: halunkenHeuristic,
  sparringB: halunkenSparringB,
  // Each round begins with every player choosing a movement card in secret, all at once.
  supports: { bots: true, undo: true, simultaneous: true },
  cases: [
    { label: 'Halunken standard, 3', seats: 3, options: { variant: 'standard' }, tags: ['bots', 'e2e-bots'] },
    { label: 'Halunken two-player', seats: 2, options: { variant: 'standard' }, tags: ['bots', 'bench'] },
    { label: 'Halunken beginner, 3', seats: 3, options: { variant: 'beginner' }, tags: ['bots', 'bench', 'e2e-dutch'] },
    { label: 'Halunken long game, 3', seats: 3, options: { variant: 'standard', long: true }, tags: ['bots'] },
    { label: 'Halunken standard, 4', seats: 4, options: { variant: 'standard' }, tags: ['bench'] },
    { label: 'Halunken beginner long game, 4', seats: 4, options: { variant: 'beginner', long: true } },
  ],
});
