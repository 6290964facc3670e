/**
 * Every registered game, in each of its cases, and the tests' own Nim pass the conformance suite
 * (tests/support/game-suite.ts).
 */
import type { AnyGame } from '../../src/games/define-game.js';
import { allGames } from '../../src/games/index.js';
import { describeGameConformance } from '../support/game-suite.js';
import { nimGame } from '../support/nim/game.js';

for (const game of [...allGames, nimGame as AnyGame]) describeGameConformance(game);
