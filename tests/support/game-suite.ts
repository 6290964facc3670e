/**
 * The conformance suite: what every game must do, whatever its rules, checked the same way for
 * each of its cases (variant × seats) over seeded random games. A new game passes it before it is
 * registered; per-game tests keep what only that game can say (its rules, its look-alikes, its
 * board). Each property lives in ./game-suite/*-checks.ts and says why it holds.
 */
import { describe, expect, it } from 'vitest';
import type { AnyGame, GameCase } from '../../src/games/define-game.js';
import { expectEarlierClicksJudged, expectOthersLeaveChoicesAlone, expectOwnMoveChangesPanel } from './game-suite/click-checks.js';
import { expectFairDeterminize, expectHiddenStaysHidden, expectUndoShowsNothing } from './game-suite/hidden-checks.js';
import { expectBoardDraws, expectEventsDescribed, expectOwnTexts, expectPanels, expectStatusAndAltText } from './game-suite/presenter-checks.js';
import { playRandomGame, type RandomGame } from './game-suite/random-games.js';
import { expectStatesSurviveJson } from './game-suite/stored-checks.js';
import {
  expectHeuristicPlays,
  expectRefusals,
  expectReplay,
  expectResults,
  expectStatesUntouched,
  expectTurnsAgree,
  expectViewsArePlainData,
} from './game-suite/rules-checks.js';

export interface ConformanceBudget {
  /** Random games played per case. */
  games: number;
  /** States looked at closely (views, panels, refusals, determinizations) per game. */
  statesPerGame: number;
  /** fast-check runs of the fairness of `determinize`. */
  fairnessRuns: number;
  /** fast-check runs of clicks made on earlier panels. */
  clickRuns: number;
}

/** Sized so that the six games' suites take well under a minute on two cores. */
export const DEFAULT_BUDGET: ConformanceBudget = { games: 3, statesPerGame: 12, fairnessRuns: 20, clickRuns: 60 };

/** Plays a case's random games once, on first use, for all its tests. */
function lazyGames(game: AnyGame, c: GameCase, count: number): () => RandomGame[] {
  let played: RandomGame[] | undefined;
  return () => (played ??= Array.from({ length: count }, (_, i) => playRandomGame(game.rules, c, i)));
}

function describeCase(game: AnyGame, c: GameCase, budget: ConformanceBudget): void {
  const { rules, supports } = game;
  const played = lazyGames(game, c, budget.games);
  const n = budget.statesPerGame;

  it('random legal play ends, with a result that places every seat once', () => expectResults(rules, played()));
  it('isOver, toAct and legalActions agree at every step', () => expectTurnsAgree(rules, played()));
  it('apply and resign never change a state they are given', () => expectStatesUntouched(played()));
  it('apply refuses, unchanged, whatever legalActions does not list', () => expectRefusals(rules, played(), n));
  it('the seed, options and actions replay to the same state', () => expectReplay(rules, played()));
  it('every state read back from its JSON, as the store keeps it, is the same and plays on the same', () => expectStatesSurviveJson(rules, played()));
  it('views are plain JSON with their events and without the generator', () => expectViewsArePlainData(rules, played(), n));
  it('the heuristic player chooses a legal action', () => expectHeuristicPlays(rules, game.heuristic, played(), n));
  if (supports.bots) {
    it('determinizing for any seat changes nothing that seat or a spectator sees', () => expectHiddenStaysHidden(rules, played(), n));
    it('determinize keeps what the seat sees and depends on nothing else', () => expectFairDeterminize(rules, c, played(), budget.fairnessRuns));
  }
  if (supports.undo) it('a move that may be taken back showed nobody anything but itself', () => expectUndoShowsNothing(rules, played(), n));
  it(supports.simultaneous ? 'random play had several seats to act at once' : 'one seat acts at a time', () => {
    const most = Math.max(...played().flatMap((g) => g.steps.map((s) => rules.toAct(s.before).length)));
    if (supports.simultaneous) expect(most).toBeGreaterThan(1);
    else expect(most).toBe(1);
  });
  it('every panel offers exactly the legal actions, in every language', () => expectPanels(game, played(), n));
  it('a click on an earlier panel is played when its choice is legal and reads the same, else refused', () =>
    expectEarlierClicksJudged(game, played(), budget.clickRuns));
  it("the others' choices meanwhile leave a choosing player's panel as it was", () => expectOthersLeaveChoicesAlone(game, played()));
  it('his own move changes his panel: no click on the panel he moved from is played again', () => expectOwnMoveChangesPanel(game, played(), 10 * n));
  it('every public event is told in every language', () => expectEventsDescribed(game, played()));
  it('status, alt text and score breakdown read cleanly in every language', () => expectStatusAndAltText(game, played(), n));
  it('the board draws', () => expectBoardDraws(game, played()[0] as RandomGame));
}

/** Registers the conformance tests of one game: its own texts, then each of its cases. */
export function describeGameConformance(game: AnyGame, budget: ConformanceBudget = DEFAULT_BUDGET): void {
  describe(`${game.rules.id} conforms`, () => {
    it('its name, rules, score and variants read in every language', () => expectOwnTexts(game));
    it('its cases play every variant it offers', () => {
      const played = new Set(game.cases.map((c) => game.presenter.variantOf(c.options)?.value));
      for (const variant of game.presenter.variants) expect(played, `no case plays the variant ${variant.value}`).toContain(variant.value);
    });
    for (const c of game.cases) describe(c.label, () => describeCase(game, c, budget));
  });
}
