/**
 * Every registered game, in each of its cases, and the tests' own Nim pass the conformance suite
 * (tests/support/game-suite.ts).
 */
import { BOT_CASES } from '../../bench/bots.js';
import type { AnyHeuristicPlayer } from '../../src/ai/heuristic.js';
import type { AnyGameDefinition } from '../../src/engine/index.js';
import { gameCatalogues } from '../../src/games/catalogues.js';
import { defineGame, type AnyGame, type GameCase } from '../../src/games/define-game.js';
import { heuristics } from '../../src/games/heuristics.js';
import { games, presenters, type GameId } from '../../src/games/index.js';
import { describeGameConformance } from '../support/game-suite.js';
import { nimGame } from '../support/nim/game.js';

/** Variants the benches' cases leave out, so that the suite plays every variant offered. */
const MORE_CASES: (GameCase & { id: GameId })[] = [
  { id: 'halunken', label: 'Halunken beginner long game, 4', seats: 4, options: { variant: 'beginner', long: true } },
  { id: 'honderden', label: 'Honderden 2, to 3', seats: 2, options: { target: 3 } },
  { id: 'honderden', label: 'Honderden 3, to 5', seats: 3, options: { target: 5 } },
  { id: 'honderden', label: 'Honderden 2, to 10', seats: 2, options: { target: 10 } },
];

/** Whose seats may have to act at once: declared, as `defineGame` wants it. */
const SIMULTANEOUS: ReadonlySet<GameId> = new Set(['halunken']);

/**
 * Until src/games/index.ts is a registry of Game objects, the games are put together here from the
 * four registry maps, with the benches' cases. Once it is, this list is `Object.values(registry)`.
 */
const registered: AnyGame[] = (Object.keys(games) as GameId[]).map((id) => {
  const rules = games[id] as AnyGameDefinition;
  return defineGame({
    rules,
    presenter: presenters[id],
    texts: gameCatalogues[id] as AnyGame['texts'],
    heuristic: heuristics[id] as AnyHeuristicPlayer,
    supports: { bots: rules.determinize !== undefined, undo: rules.undoable !== undefined, simultaneous: SIMULTANEOUS.has(id) },
    cases: [...BOT_CASES, ...MORE_CASES].filter((c) => c.id === id),
  });
});

for (const game of [...registered, nimGame as AnyGame]) describeGameConformance(game);
