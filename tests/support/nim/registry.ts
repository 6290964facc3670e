/**
 * The bot's registry with Nim as a sixth game: what tests/support/nim/with-nim.mjs hands the bot in
 * place of src/games/registry.ts, so that an end-to-end test plays a game that is only a folder
 * and this one line (tests/e2e/nim.test.ts). The bot itself is unchanged: it derives everything it
 * knows of its games (commands, texts, panels, boards, bots) from whichever registry it loads.
 */
import { registry as hosted } from '../../../src/games/registry.js';
import { nimGame } from './game.js';

export const registry = { ...hosted, nim: nimGame };
