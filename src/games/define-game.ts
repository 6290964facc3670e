import type { HeuristicPlayer } from '../ai/heuristic.js';
import { RECORDED_PLACES, type GameDefinition } from '../engine/index.js';
import { PLAYER_COLOURS } from '../render/palette.js';
import type { GamePresenter } from './presenter.js';
import type { SparringPlayer } from './sparring-player.js';

/**
 * One game as the bot hosts it, everything in its folder tied together: the pure rules (the engine
 * contract), how it shows itself (a presenter for the same view type), its texts in every language,
 * its heuristic sparring partner, what it supports and the cases it is exercised with. The registry
 * (`./registry.ts`) lists these and nothing else: commands, /rules, benches, the e2e lists, the
 * conformance suite and the docs' tables of games are built from it.
 */
export interface Game<S = unknown, A = unknown, O = unknown, V = unknown, K extends string = string> {
  /** The rules: pure functions of the engine contract. `rules.id` is the game's id. */
  rules: GameDefinition<S, A, O, V>;
  /** How the game shows itself in Discord, typed to the rules' view. */
  presenter: GamePresenter<V>;
  /** The game's texts per language (its catalogue.<locale>.ts), each key naming the game's id. */
  texts: { en: Readonly<Record<K, string>>; nl: Readonly<Record<K, string>> };
  /** A quick rule-of-thumb player from the seat's view: the measure of the bot levels (docs/bots.md). */
  heuristic: HeuristicPlayer<V, A>;
  /**
   * Sparring partner B: a second such player, written from the rules alone apart from the bots and
   * the first heuristic (src/games/sparring-player.ts), so that every strength figure has two
   * yardsticks. Optional for a new game; every hosted game has one (src/games/sparring.test.ts).
   */
  sparringB?: SparringPlayer<V, A>;
  /** What the game supports, declared rather than inferred from a missing function. */
  supports: GameSupport;
  /**
   * Variants at table sizes the game is exercised with (the conformance suite, the benches, the
   * e2e games), each a case a newcomer would want tested; the first is the usual one.
   */
  cases: readonly GameCase[];
}

export interface GameSupport {
  /** Bot players: the rules have `determinize`. */
  bots: boolean;
  /** Taking back a move: the rules have `undoable`. */
  undo: boolean;
  /** Several seats may have to act at once (simultaneous secret choices). */
  simultaneous: boolean;
}

/**
 * Where a case is played besides the conformance suite, which plays them all:
 * - `bots`: a match of bot players (bench/bots.ts, bench/bot-vs-heuristic.ts; at two seats bench/bot-delay.ts);
 * - `bench`: a whole game in the throughput benches (bench/run.ts, bench/two-writers.ts);
 * - `e2e-bots`: a person plays it against bots end to end (tests/e2e/bots.test.ts), and pages its replay (tests/e2e/replay.test.ts);
 * - `e2e-dutch`: a whole game played in Dutch end to end (tests/e2e/dutch.test.ts).
 */
export type CaseTag = 'bots' | 'bench' | 'e2e-bots' | 'e2e-dutch';

/** A variant at a table size: "Tortuga, 3 players". */
export interface GameCase {
  /** Short English label for benches and test names, unique among all games' cases. */
  label: string;
  seats: number;
  /** Options as `rules.options` parses them. */
  options: unknown;
  /** Where else it is played (see CaseTag); none: only in the conformance suite. */
  tags?: readonly CaseTag[];
}

/** Any game, with its types erased: what the generic layers handle. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- erased on purpose: `unknown` would refuse every real game (its functions take its state)
export type AnyGame = Game<any, any, any, any, string>;

/**
 * The most seats a game may have: each player needs a colour and shape of his own
 * (src/render/palette.ts) and a place his record counts (RECORDED_PLACES, player_records).
 */
export const MOST_SEATS = Math.min(PLAYER_COLOURS.length, RECORDED_PLACES);

/**
 * Ties a game's pieces together, refusing declarations the rules do not back: bots without
 * `determinize`, undo without `undoable`, a case the options or the seat range refuse, and more
 * seats than the rest of the bot can tell apart and record.
 */
export function defineGame<S, A, O, V, K extends string>(game: Game<S, A, O, V, K>): Game<S, A, O, V, K> {
  const { rules, supports } = game;
  const problem = (what: string) => new Error(`${rules.id}: ${what}`);
  if (supports.bots !== (rules.determinize !== undefined))
    throw problem(`supports.bots is ${supports.bots} but determinize is ${rules.determinize ? 'present' : 'missing'}`);
  if (supports.undo !== (rules.undoable !== undefined))
    throw problem(`supports.undo is ${supports.undo} but undoable is ${rules.undoable ? 'present' : 'missing'}`);
  if (rules.maxSeats > MOST_SEATS) {
    throw problem(
      `seats up to ${rules.maxSeats} players, more than the ${MOST_SEATS} the bot can tell apart and rank (${PLAYER_COLOURS.length} colours and shapes in src/render/palette.ts, ${RECORDED_PLACES} places in player_records)`,
    );
  }
  if (game.cases.length === 0) throw problem('no cases');
  for (const c of game.cases) {
    const options = rules.options.parse(c.options);
    const range = rules.seatRange?.(options) ?? { min: rules.minSeats, max: rules.maxSeats };
    if (c.seats < range.min || c.seats > range.max) throw problem(`case "${c.label}" has ${c.seats} seats, outside ${range.min}-${range.max}`);
  }
  const keys = (texts: Readonly<Record<string, string>>) => Object.keys(texts).sort().join('\n');
  if (keys(game.texts.en) !== keys(game.texts.nl)) throw problem('the English and Dutch texts have different keys');
  return game;
}
