import { defineGame } from '../../../src/games/define-game.js';
import { nimHeuristic } from './heuristic.js';
import { nimPresenter } from './presenter.js';
import { nim } from './rules.js';
import { nimEn } from './texts.en.js';
import { nimNl } from './texts.nl.js';

/**
 * Nim with secret cards, defined as every game is: the sixth game, for the conformance suite and
 * for the end-to-end proof that a game is its folder and one line in the registry (./registry.ts).
 */
export const nimGame = defineGame({
  rules: nim,
  presenter: nimPresenter,
  texts: { en: nimEn, nl: nimNl },
  heuristic: nimHeuristic,
  supports: { bots: true, undo: true, simultaneous: false },
  cases: [
    { label: 'Nim short, 2', seats: 2, options: { pile: 'short' } },
    { label: 'Nim long, 3', seats: 3, options: { pile: 'long' } },
  ],
});
